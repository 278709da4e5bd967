import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AdminResult } from './create-admin';

/** Where a generated first-owner password is kept, under DATA_DIR. */
const OWNER_PASSWORD_FILE = 'owner-password';

/**
 * Says how to sign in as the first owner just created. A generated password is written to
 * DATA_DIR/owner-password, readable by this user only, and the log line names the file: start
 * logs are kept and shipped, so the password itself never goes into them.
 */
export function announceFirstOwner(owner: AdminResult, dataDir: string, log: (level: 'warn' | 'error', msg: string) => void): void {
  if (!owner.generatedPassword) {
    log('warn', `First owner created. Sign in at /sign-in with e-mail ${owner.email} and the password from CMS_ADMIN_PASSWORD.`);
    return;
  }
  const file = path.join(dataDir, OWNER_PASSWORD_FILE);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    // A file left by an earlier install is replaced, not rewritten: its mode might be wider.
    fs.rmSync(file, { force: true });
    fs.writeFileSync(file, `${owner.generatedPassword}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    log(
      'error',
      `First owner ${owner.email} created, but its generated password could not be written to ${file} (${(error as Error).message}). Set one with: npm run cms -- create-admin --email ${owner.email} --password <password>`,
    );
    return;
  }
  log(
    'warn',
    `First owner created. Sign in at /sign-in with e-mail ${owner.email} and the password in ${file} (readable by this user only); change it after signing in, then delete the file.`,
  );
}

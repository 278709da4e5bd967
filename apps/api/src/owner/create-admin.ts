import { SUPER_ADMIN_ROLE_ID } from '@cms/contracts';
import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { normalizeEmail } from '../auth/normalize-email';
import { PasswordService } from '../auth/password.service';
import { Session } from '../auth/session.entity';
import { Login } from '../users/login.entity';
import { User } from '../users/user.entity';

export interface AdminResult {
  email: string;
  /** Set when the password was generated here: shown once, never stored in clear. */
  generatedPassword?: string;
  created: boolean;
  message: string;
}

const FIRST_OWNER_LOCK = 724311;

/** 20 characters from a 57-letter alphabet without look-alikes: about 116 bits. */
function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from(randomBytes(20), (b) => alphabet[b % alphabet.length]).join('');
}

async function upsertAdmin(manager: EntityManager, options: { email: string; password?: string; name?: string }): Promise<AdminResult> {
  const email = normalizeEmail(options.email);
  const generatedPassword = options.password ? undefined : randomPassword();
  const hash = await new PasswordService().hash(options.password ?? generatedPassword!);
  const existing = await manager.getRepository(Login).findOne({ where: { email } });
  const shown = generatedPassword ? `password ${generatedPassword}` : 'the password you gave';
  if (existing) {
    await manager.getRepository(Login).update({ id: existing.id }, { roleId: SUPER_ADMIN_ROLE_ID, password: hash });
    await manager.getRepository(Session).delete({ loginId: existing.id });
    return { email, generatedPassword, created: false, message: `${email} is now a super-admin; sign in with ${shown}.` };
  }
  const user = await manager.getRepository(User).save(manager.getRepository(User).create({ name: options.name ?? 'Administrator' }));
  await manager.getRepository(Login).insert({ userId: user.id, roleId: SUPER_ADMIN_ROLE_ID, email, password: hash });
  return { email, generatedPassword, created: true, message: `Created the super-admin ${email}; sign in at /sign-in with ${shown}.` };
}

/** `npm run cms -- create-admin`: creates a super-admin, or makes an existing account one. */
export function createAdmin(dataSource: DataSource, options: { email: string; password?: string; name?: string }): Promise<AdminResult> {
  return dataSource.transaction((manager) => upsertAdmin(manager, options));
}

/**
 * On an empty database (no login at all), creates the first owner. An advisory lock keeps two
 * instances starting together from both doing it. Returns null when there was nothing to do.
 */
export async function ensureFirstOwner(dataSource: DataSource, options: { email?: string; password?: string }): Promise<AdminResult | null> {
  return dataSource.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [FIRST_OWNER_LOCK]);
    if ((await manager.getRepository(Login).count()) > 0) return null;
    return upsertAdmin(manager, { email: options.email ?? 'admin@example.com', password: options.password, name: 'Owner' });
  });
}

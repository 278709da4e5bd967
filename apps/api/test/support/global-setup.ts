import { randomBytes } from 'node:crypto';
import { ensureEmbeddedSnapshots } from './database-snapshots';

/**
 * Names this run, for the template database its test files share on a server (database-snapshots.ts);
 * workers inherit it. On the embedded database, makes the migrated copies the test files start from
 * here, once, rather than in the first test files' `beforeAll`, where initdb and every migration
 * (about 15 s of CPU) counted against the hook's timeout on a busy machine.
 */
export default async function globalSetup(): Promise<void> {
  process.env.CMS_TEST_RUN ??= `${process.pid}_${randomBytes(3).toString('hex')}`;
  if (!process.env.DATABASE_URL) await ensureEmbeddedSnapshots();
}

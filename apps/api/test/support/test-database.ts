import { randomBytes } from 'node:crypto';
import * as os from 'node:os';
import { Client } from 'pg';
import { openDatabase, type Database } from '../../src/database/database';
import { emptyEmbeddedSnapshot, migratedServerTemplate } from './database-snapshots';

export interface TestDatabase {
  /** DATABASE_URL for the app; undefined means the app starts its own in-memory PGlite. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * With DATABASE_URL set (CI points it at the machine's PostgreSQL), each test file gets a fresh
 * database on that server, dropped afterwards. Without it, the app's embedded PGlite runs in memory.
 * `migrated`: a copy of a database the committed migrations already ran on (database-snapshots.ts),
 * so that the app's own migration run at start-up finds nothing to do; else an empty one.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { url: undefined, drop: async () => undefined };
  const template = options.migrated ? await migratedServerTemplate(serverUrl) : undefined;
  const name = `cms_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/** An empty database of its own (PGlite in memory, or a fresh one on the server), not migrated: a backup's import target. */
export async function emptyDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const testDb = await createTestDatabase();
  const db = await openDatabase(
    { databaseUrl: testDb.url, dataDir: os.tmpdir(), databasePoolSize: 2 },
    { inMemory: true, migrate: false, embeddedSnapshot: testDb.url ? undefined : await emptyEmbeddedSnapshot() },
  );
  return {
    db,
    async drop() {
      await db.close();
      await testDb.drop();
    },
  };
}

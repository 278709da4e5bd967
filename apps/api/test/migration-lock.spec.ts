import * as os from 'node:os';
import { Client } from 'pg';
import { openDatabase, type Database } from '../src/database/database';
import { MIGRATION_LOCK_KEY, migrationStatus, revertLastMigration } from '../src/database/migration-runner';
import { MIGRATIONS } from '../src/database/migrations';
import { migratedEmbeddedSnapshot } from './support/database-snapshots';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const onServer = Boolean(process.env.DATABASE_URL);
if (!onServer) console.info('migration-lock.spec: the advisory lock is a PostgreSQL server matter; set DATABASE_URL to run the two-instance tests');

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('migrations at start-up', () => {
  (onServer ? it : it.skip)('lets two instances start at once on an empty PostgreSQL database: each migration runs once', async () => {
    const testDb: TestDatabase = await createTestDatabase();
    const config = { databaseUrl: testDb.url, dataDir: os.tmpdir(), databasePoolSize: 4 };
    const opened: Database[] = [];
    try {
      const results = await Promise.allSettled([openDatabase(config), openDatabase(config), openDatabase(config)]);
      for (const result of results) if (result.status === 'fulfilled') opened.push(result.value);
      expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
      const rows: { name: string }[] = await opened[0].dataSource.query(`SELECT "name" FROM "migrations" ORDER BY "id"`);
      expect(rows.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
    } finally {
      for (const db of opened) await db.close();
      await testDb.drop();
    }
  });

  (onServer ? it : it.skip)('waits for the instance that holds the lock before touching the schema', async () => {
    const testDb: TestDatabase = await createTestDatabase();
    const holder = new Client({ connectionString: testDb.url });
    await holder.connect();
    let db: Database | undefined;
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const opening = openDatabase({ databaseUrl: testDb.url, dataDir: os.tmpdir(), databasePoolSize: 2 });
      // The starting instance sits in the lock queue, and has created nothing yet.
      await until('the instance to wait for the lock', async () => {
        const { rows } = await holder.query(
          `SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND NOT l.granted AND a.application_name = 'cms-migration-lock' AND a.datname = current_database()`,
        );
        return rows.length ? true : undefined;
      });
      const { rows } = await holder.query(`SELECT to_regclass('public.migrations') IS NULL AS "none"`);
      expect(rows[0].none).toBe(true);
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      db = await opening;
      const done: { n: number }[] = await db.dataSource.query(`SELECT count(*)::int AS n FROM "migrations"`);
      expect(done[0].n).toBe(MIGRATIONS.length);
    } finally {
      await holder.end();
      await db?.close();
      await testDb.drop();
    }
  });

  it('needs no lock on the embedded database; migrate --status and --revert report and undo the newest migration', async () => {
    // From the run's migrated copy (migrations.spec.ts migrates from nothing): start-up finds nothing to do, without a lock.
    const db = await openDatabase(
      { databaseUrl: undefined, dataDir: os.tmpdir(), databasePoolSize: 1 },
      { inMemory: true, embeddedSnapshot: await migratedEmbeddedSnapshot() },
    );
    try {
      const done: { n: number }[] = await db.dataSource.query(`SELECT count(*)::int AS n FROM "migrations"`);
      expect(done[0].n).toBe(MIGRATIONS.length);
      expect((await migrationStatus(db.dataSource)).migrations.every((migration) => migration.applied)).toBe(true);
      // The public schema's columns, triggers, functions (body and volatility) and indexes: what the newest migration made shows in it.
      const schema = async () =>
        (
          await db.dataSource.query(
            `SELECT (SELECT string_agg(table_name || '.' || column_name, ',' ORDER BY table_name, column_name) FROM information_schema.columns WHERE table_schema = 'public')
               || (SELECT coalesce(string_agg(pg_get_triggerdef(oid), ',' ORDER BY tgname), '') FROM pg_trigger WHERE NOT tgisinternal)
               || (SELECT coalesce(string_agg(p.proname || p.provolatile::text || md5(p.prosrc), ',' ORDER BY p.proname), '') FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public')
               || (SELECT coalesce(string_agg(indexdef, ',' ORDER BY indexname), '') FROM pg_indexes WHERE schemaname = 'public') AS s`,
          )
        )[0].s as string;
      const migrated = await schema();
      const last = MIGRATIONS[MIGRATIONS.length - 1].name;
      expect(await revertLastMigration(db.dataSource)).toBe(last);
      const status = await migrationStatus(db.dataSource);
      expect(status.migrations.filter((migration) => !migration.applied).map((migration) => migration.name)).toEqual([last]);
      expect(status.unknown).toEqual([]);
      // What that migration made is gone with it.
      expect(await schema()).not.toBe(migrated);
      await db.dataSource.runMigrations({ transaction: 'each' });
      expect(await schema()).toBe(migrated);
      // A row from a newer release shows as unknown.
      await db.dataSource.query(`INSERT INTO "migrations" ("timestamp", "name") VALUES (1899999999999, 'FromTheFuture1899999999999')`);
      expect((await migrationStatus(db.dataSource)).unknown).toEqual(['FromTheFuture1899999999999']);
    } finally {
      await db.close();
    }
  }, 180_000);
});

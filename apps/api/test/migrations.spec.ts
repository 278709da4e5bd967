import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openDatabase, type Database } from '../src/database/database';
import { LATEST_MIGRATION, migrateInTransaction, migrationStatus, revertLastMigration } from '../src/database/migration-runner';
import { MIGRATIONS } from '../src/database/migrations';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const timestampOf = (name: string) => Number(name.slice(-13));

describe('migrations', () => {
  it('run in the order of their timestamps, none stamped in the future: a migration generated now runs last', () => {
    const stamps = MIGRATIONS.map((migration) => timestampOf(migration.name));
    expect(stamps.every((stamp, i) => i === 0 || stamp > stamps[i - 1])).toBe(true);
    // TypeORM sorts by timestamp: a later one would sort after, and run after, tomorrow's migrations.
    expect(stamps.filter((stamp) => stamp > Date.now())).toEqual([]);
    expect(LATEST_MIGRATION).toBe(MIGRATIONS[MIGRATIONS.length - 1].name);
  });

  it('record ContentDocumentWrittenOnce under its new timestamp in a database that ran it as 1795800000000, and run what follows it', async () => {
    const testDb: TestDatabase = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-renamed-'));
    // A database of its own on disk (or on the server), opened three times like a site upgraded twice.
    const open = (migrate = true) => openDatabase({ databaseUrl: testDb.url, dataDir, databasePoolSize: 2 }, { migrate });
    const renamed = 'ContentDocumentWrittenOnce1795700000001';
    const index = MIGRATIONS.findIndex((migration) => migration.name === renamed);
    let db: Database | undefined;
    try {
      // As the previous release left it: every migration up to that one, recorded under its old name.
      db = await open(false);
      const runner = db.dataSource.createQueryRunner();
      await runner.startTransaction();
      await migrateInTransaction(db.dataSource, runner, renamed);
      await runner.commitTransaction();
      await runner.release();
      await db.dataSource.query(`UPDATE "migrations" SET "name" = 'ContentDocumentWrittenOnce1795800000000', "timestamp" = 1795800000000 WHERE "name" = $1`, [renamed]);
      await db.dataSource.query(`INSERT INTO "container" ("title") VALUES ('Blog')`);
      await db.dataSource.query(`INSERT INTO "content" ("title", "containerId") VALUES ('Hello', 1)`);
      await db.dataSource.query(`INSERT INTO "content_field" ("name", "type", "contentId", "lang", "textValue", "position") VALUES ('body', 'STRING', 1, 'en', 'Hi', 0)`);
      await db.close();
      db = undefined;

      for (let start = 0; start < 2; start++) {
        db = await open();
        const rows: { name: string; timestamp: string }[] = await db.dataSource.query(`SELECT "name", "timestamp"::text AS "timestamp" FROM "migrations" ORDER BY "id"`);
        expect(rows.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
        expect(rows[index].timestamp).toBe('1795700000001');
        const status = await migrationStatus(db.dataSource);
        expect(status.unknown).toEqual([]);
        expect(status.migrations.every((migration) => migration.applied)).toBe(true);
        expect(await db.dataSource.query(`SELECT "fields", "json" FROM "content_document"`)).toEqual([{ fields: { body: 'Hi' }, json: '{"body": "Hi"}' }]);
        await db.close();
        db = undefined;
      }
    } finally {
      await db?.close();
      await testDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { DataSource } from 'typeorm';
import * as ts from 'typescript';
import { openDatabase, type Database } from '../src/database/database';
import { migrationQueries } from '../src/database/generate-migration';
import { LATEST_MIGRATION, migrateInTransaction, migrationStatus, revertLastMigration } from '../src/database/migration-runner';
import { MIGRATIONS } from '../src/database/migrations';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const timestampOf = (name: string) => Number(name.slice(-13));

/** What the migrations made (TypeORM's own table aside): columns, triggers, functions (whole definitions), indexes, constraints, enumerations. */
async function schemaOf(dataSource: DataSource): Promise<Record<string, string[]>> {
  const list = async (sql: string) => ((await dataSource.query(sql)) as { s: string }[]).map((row) => row.s);
  return {
    columns: await list(
      `SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') AS s FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'migrations' ORDER BY 1`,
    ),
    triggers: await list(
      `SELECT pg_get_triggerdef(t.oid) AS s FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND NOT t.tgisinternal ORDER BY 1`,
    ),
    functions: await list(
      `SELECT pg_get_functiondef(p.oid) AS s FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' ORDER BY 1`,
    ),
    indexes: await list(`SELECT indexdef AS s FROM pg_indexes WHERE schemaname = 'public' AND tablename <> 'migrations' ORDER BY 1`),
    constraints: await list(
      `SELECT c.conrelid::regclass::text || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid) AS s FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public' AND c.conrelid::regclass::text <> 'migrations' ORDER BY 1`,
    ),
    enums: await list(
      `SELECT t.typname || ' ' || string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS s FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace JOIN pg_enum e ON e.enumtypid = t.oid WHERE n.nspname = 'public' GROUP BY t.typname ORDER BY 1`,
    ),
    options: await list(
      `SELECT c.relname || ' ' || array_to_string(c.reloptions, ',') AS s FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.reloptions IS NOT NULL ORDER BY 1`,
    ),
  };
}

/**
 * The read model's current definition as the migrations leave it (contents/read-model/read-model.sql):
 * its tables' columns and indexes, its functions and the triggers that call them, as PostgreSQL
 * prints them. Migrations copy from that file when they change the read model; they never import it.
 */
const READ_MODEL_SQL = path.join(__dirname, '../src/contents/read-model/read-model.sql');
const READ_MODEL_TABLES = ['content_document', 'content_count', 'cache_version'];

function readModelDefinition(schema: Record<string, string[]>): string {
  const ofTables = (line: string) => READ_MODEL_TABLES.some((table) => line.startsWith(`${table}.`) || line.includes(` ON public.${table} `));
  const header = [
    '-- The read model of contents as the migrations leave it: written by the test "migrations go up on an',
    '-- empty database…" (apps/api/test/migrations.spec.ts, WRITE_READ_MODEL_SQL=1 rewrites it) and compared',
    '-- with the migrated database at every run. A migration that changes the read model copies from here.',
  ];
  const section = (title: string, lines: string[]) => [``, `-- ${title}`, ...lines.map((line) => line.trimEnd())];
  return [
    ...header,
    ...section('Columns (table.column type nullable default)', schema.columns.filter(ofTables)),
    ...section('Indexes', schema.indexes.filter(ofTables)),
    ...section(
      'Triggers',
      schema.triggers.filter((line) => / EXECUTE FUNCTION (content_|public\.content_)/.test(line)),
    ),
    ...section(
      'Functions',
      schema.functions.filter((definition) => /FUNCTION public\.content_/.test(definition)).map((definition) => `${definition.trim()};\n`),
    ),
  ].join('\n');
}

describe('migrations', () => {
  it('run in the order of their timestamps, none stamped in the future: a migration generated now runs last', () => {
    const stamps = MIGRATIONS.map((migration) => timestampOf(migration.name));
    expect(stamps.every((stamp, i) => i === 0 || stamp > stamps[i - 1])).toBe(true);
    // TypeORM sorts by timestamp: a later one would sort after, and run after, tomorrow's migrations.
    expect(stamps.filter((stamp) => stamp > Date.now())).toEqual([]);
    expect(LATEST_MIGRATION).toBe(MIGRATIONS[MIGRATIONS.length - 1].name);
  });

  it('import nothing but typeorm: each holds the SQL it ran, which nothing else can change', () => {
    const dir = path.join(__dirname, '../src/database/migrations');
    const imports = fs
      .readdirSync(dir)
      .filter((file) => /^\d{13}-.+\.ts$/.test(file))
      // import, export ... from, require() and import(): what TypeScript itself would resolve.
      .flatMap((file) =>
        ts.preProcessFile(fs.readFileSync(path.join(dir, file), 'utf8'), true, true).importedFiles.map((imported) => `${file}: ${imported.fileName}`),
      )
      .filter((line) => !line.endsWith(': typeorm'));
    expect(imports).toEqual([]);
  });

  it('go up on an empty database, every one down, and up again: the schema is what the entities describe', async () => {
    const testDb: TestDatabase = await createTestDatabase();
    let db: Database | undefined;
    try {
      db = await openDatabase({ databaseUrl: testDb.url, dataDir: os.tmpdir(), databasePoolSize: 2 }, { inMemory: true });
      const ds = db.dataSource;
      // Every trigger function is some trigger's: none is left behind by a later migration.
      const unused: { name: string }[] = await ds.query(
        `SELECT p.proname AS "name" FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
         WHERE n.nspname = 'public' AND p.prorettype = 'trigger'::regtype AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgfoid = p.oid) ORDER BY 1`,
      );
      expect(unused).toEqual([]);
      const migrated = await schemaOf(ds);
      const definition = readModelDefinition(migrated);
      if (process.env.WRITE_READ_MODEL_SQL) fs.writeFileSync(READ_MODEL_SQL, `${definition}\n`);
      expect(definition).toBe(fs.readFileSync(READ_MODEL_SQL, 'utf8').trimEnd());

      const reverted: string[] = [];
      for (let name = await revertLastMigration(ds); name; name = await revertLastMigration(ds)) reverted.push(name);
      expect(reverted).toEqual(MIGRATIONS.map((migration) => migration.name).reverse());
      // Nothing left but TypeORM's own table.
      expect(await schemaOf(ds)).toEqual({
        columns: [],
        triggers: [],
        functions: [],
        indexes: [],
        constraints: [],
        enums: [],
        options: [],
      });

      await ds.runMigrations({ transaction: 'each' });
      expect(await schemaOf(ds)).toEqual(migrated);
      // What `typeorm schema:log` prints: nothing to change.
      const diff = await ds.driver.createSchemaBuilder().log();
      expect(diff.upQueries.map((query) => query.query)).toEqual([]);
    } finally {
      await db?.close();
      await testDb.drop();
    }
  });

  it('generates a down that undoes its up, enumerations shared by several tables included', async () => {
    const testDb: TestDatabase = await createTestDatabase();
    let db: Database | undefined;
    try {
      // On an empty database the diff is the whole schema: six enumerations, lang in six tables.
      db = await openDatabase({ databaseUrl: testDb.url, dataDir: os.tmpdir(), databasePoolSize: 2 }, { inMemory: true, migrate: false });
      const ds = db.dataSource;
      const { up, down } = migrationQueries(await ds.driver.createSchemaBuilder().log());
      const empty = await schemaOf(ds);
      await ds.transaction(async (manager) => {
        for (const query of up) await manager.query(query.query, query.parameters);
      });
      expect((await ds.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
      await ds.transaction(async (manager) => {
        for (const query of down) await manager.query(query.query, query.parameters);
      });
      expect(await schemaOf(ds)).toEqual(empty);
    } finally {
      await db?.close();
      await testDb.drop();
    }
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
      await db.dataSource.query(`UPDATE "migrations" SET "name" = 'ContentDocumentWrittenOnce1795800000000', "timestamp" = 1795800000000 WHERE "name" = $1`, [
        renamed,
      ]);
      await db.dataSource.query(`INSERT INTO "container" ("title") VALUES ('Blog')`);
      await db.dataSource.query(`INSERT INTO "content" ("title", "containerId") VALUES ('Hello', 1)`);
      await db.dataSource.query(
        `INSERT INTO "content_field" ("name", "type", "contentId", "lang", "textValue", "position") VALUES ('body', 'STRING', 1, 'en', 'Hi', 0)`,
      );
      await db.close();
      db = undefined;

      for (let start = 0; start < 2; start++) {
        db = await open();
        const rows: { name: string; timestamp: string }[] = await db.dataSource.query(
          `SELECT "name", "timestamp"::text AS "timestamp" FROM "migrations" ORDER BY "id"`,
        );
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

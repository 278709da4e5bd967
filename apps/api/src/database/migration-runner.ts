import { Client } from 'pg';
import { MigrationExecutor, type DataSource, type QueryRunner } from 'typeorm';
import { MIGRATIONS } from './migrations';

/**
 * Key of the session-level advisory lock every instance takes around its migrations (any fixed
 * bigint: it only has to be the same for every instance of this app).
 */
export const MIGRATION_LOCK_KEY = 4_727_310_551;

/** The class name TypeORM records in the migrations table (`ContentListVersion1795420000000`). */
const migrationName = (migration: (typeof MIGRATIONS)[number]) => migration.name;

/** Name of the newest migration this build knows: the schema version it writes and expects. */
export const LATEST_MIGRATION = migrationName(MIGRATIONS[MIGRATIONS.length - 1]);

const timestampOf = (name: string) => Number(name.slice(-13));

/**
 * Migrations renamed after they ran somewhere: old name → name. ContentDocumentWrittenOnce was
 * stamped in the future (1795800000000), and TypeORM runs migrations in timestamp order, so every
 * migration written before that date would have run before it on a fresh database.
 */
const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  ContentDocumentWrittenOnce1795800000000: 'ContentDocumentWrittenOnce1795700000001',
};

/** A schema version (a recorded migration name, a backup's manifest) as this build names it. */
const currentMigrationName = (name: string) => (Object.hasOwn(RENAMED_MIGRATIONS, name) ? RENAMED_MIGRATIONS[name] : name);

/**
 * Records the renamed migrations a database ran under their names of today, before TypeORM reads
 * the migrations table (it would run them again otherwise). Does nothing the second time.
 */
export async function renameRecordedMigrations(dataSource: DataSource): Promise<void> {
  const [{ found }] = await dataSource.query(`SELECT to_regclass('migrations') IS NOT NULL AS "found"`);
  if (!found) return;
  for (const [old, name] of Object.entries(RENAMED_MIGRATIONS)) {
    await dataSource.query(`UPDATE "migrations" SET "name" = $1, "timestamp" = $2 WHERE "name" = $3`, [name, timestampOf(name), old]);
  }
}

/** Where a schema version stands against this build's migrations. */
export function compareSchemaVersion(version: string): 'known' | 'newer' | 'unknown' {
  const name = currentMigrationName(version);
  if (MIGRATIONS.some((migration) => migrationName(migration) === name)) return 'known';
  const timestamp = timestampOf(name);
  if (!Number.isFinite(timestamp) || !/^[A-Za-z0-9]+\d{13}$/.test(name)) return 'unknown';
  return timestamp > timestampOf(LATEST_MIGRATION) ? 'newer' : 'unknown';
}

/** A migration executor that knows only the migrations up to `lastName` (all when undefined). */
class LimitedMigrationExecutor extends MigrationExecutor {
  constructor(
    dataSource: DataSource,
    queryRunner: QueryRunner | undefined,
    private readonly allowed?: Set<string>,
  ) {
    super(dataSource, queryRunner);
  }

  protected override getMigrations() {
    const all = super.getMigrations();
    return this.allowed ? all.filter((migration) => this.allowed!.has(migration.name)) : all;
  }
}

function executor(dataSource: DataSource, queryRunner: QueryRunner | undefined, lastName?: string): MigrationExecutor {
  if (lastName === undefined) return new MigrationExecutor(dataSource, queryRunner);
  const current = currentMigrationName(lastName);
  const index = MIGRATIONS.findIndex((migration) => migrationName(migration) === current);
  if (index < 0) throw new Error(`Unknown schema version ${lastName}`);
  return new LimitedMigrationExecutor(dataSource, queryRunner, new Set(MIGRATIONS.slice(0, index + 1).map(migrationName)));
}

/**
 * Runs the pending migrations (up to `lastName` when given) on `queryRunner`, inside the
 * transaction it has open: the backup import restores rows and migrates in one transaction.
 */
export async function migrateInTransaction(dataSource: DataSource, queryRunner: QueryRunner, lastName?: string): Promise<string[]> {
  const run = executor(dataSource, queryRunner, lastName);
  run.transaction = 'none';
  const done = await run.executePendingMigrations();
  return done.map((migration) => migration.name);
}

/**
 * Holds the PostgreSQL server's advisory lock while `work` runs, on a connection of its own (not
 * one of the pool, which a pool of one would need for the migrations themselves): instances that
 * start together wait here and then find nothing left to do. The embedded PGlite belongs to one
 * process, so there is nothing to lock.
 */
export async function withMigrationLock<T>(url: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!url) return work();
  const client = new Client({ connectionString: url, application_name: 'cms-migration-lock' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await work();
  } finally {
    // Closing the session releases the lock too; unlocking first frees the next instance at once.
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

interface MigrationStatus {
  name: string;
  applied: boolean;
}

/** Every migration this build knows, and whether the database has run it; plus any it ran that this build does not know. */
export async function migrationStatus(dataSource: DataSource): Promise<{ migrations: MigrationStatus[]; unknown: string[] }> {
  const run = executor(dataSource, undefined);
  const executed = await run.getExecutedMigrations();
  const applied = new Set(executed.map((migration) => migration.name));
  const known = new Set(MIGRATIONS.map(migrationName));
  return {
    migrations: MIGRATIONS.map((migration) => ({ name: migrationName(migration), applied: applied.has(migrationName(migration)) })),
    unknown: executed.map((migration) => migration.name).filter((name) => !known.has(name)),
  };
}

/** Undoes the newest applied migration in one transaction; answers its name, or null when none ran. */
export async function revertLastMigration(dataSource: DataSource): Promise<string | null> {
  const run = executor(dataSource, undefined);
  const executed = await run.getExecutedMigrations();
  if (executed.length === 0) return null;
  // TypeORM answers them newest first (by id) and undoes that one.
  const last = executed[0];
  run.transaction = 'each';
  await run.undoLastMigration();
  return last.name;
}

import 'reflect-metadata';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { exportArchive } from './backup/backup-export';
import { importArchive } from './backup/backup-import';
import type { Progress } from './backup/manifest';
import { loadConfig, type AppConfig } from './config/app-config';
import { openDatabase } from './database/database';
import { generateMigration } from './database/generate-migration';
import { migrationStatus, revertLastMigration, withMigrationLock } from './database/migration-runner';
import { createAdmin } from './owner/create-admin';
import { createStorageDriver } from './storage/storage.module';

const USAGE = `Usage: npm run cms -- <command> [options]

Commands:
  migrate                      bring the database schema up to date
  migrate --status             list the migrations and whether each has run
  migrate --revert             undo the newest migration that has run
  export <file>                write a backup archive (rows, uploads) of the whole site
  import <file> [--force]      restore a backup archive into an empty database and storage
                               (--force: replace what they hold), then migrate
  create-admin [--email E] [--password P] [--name N]
                               create (or reset the password of) a super-admin user;
                               without --password a random one is printed
  migration:generate <Name>    (developers) write a migration for entity changes

The database is the one npm start uses: DATABASE_URL, else the embedded one under DATA_DIR;
uploads are in S3_BUCKET when set, else under DATA_DIR/uploads. Stop the API before an import.`;

/** Progress on stderr for steps big enough to wait for: at most a line every two seconds, and each step's end. */
function progressPrinter(verb: string): Progress {
  let lastStep = '';
  let lastAt = 0;
  return ({ step, done, total, unit }) => {
    if (total !== undefined && total < (unit === 'rows' ? 5000 : 100)) return;
    const now = Date.now();
    const finished = total !== undefined && done >= total;
    if (step === lastStep && !finished && now - lastAt < 2000) return;
    lastStep = step;
    lastAt = now;
    process.stderr.write(`${verb}: ${step} ${done.toLocaleString('en')}${total !== undefined ? `/${total.toLocaleString('en')}` : ''} ${unit}\n`);
  };
}

async function migrateCommand(config: AppConfig, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { status: { type: 'boolean' }, revert: { type: 'boolean' } } });
  if (values.status && values.revert) {
    console.error('Give --status or --revert, not both.');
    return 1;
  }
  if (!values.status && !values.revert) {
    const db = await openDatabase(config);
    console.log(`Schema of ${db.description} is up to date.`);
    await db.close();
    return 0;
  }
  const db = await openDatabase(config, { migrate: false });
  try {
    if (values.status) {
      const { migrations, unknown } = await migrationStatus(db.dataSource);
      for (const migration of migrations) console.log(`${migration.applied ? '[x]' : '[ ]'} ${migration.name}`);
      for (const name of unknown) console.log(`[?] ${name} (run by a newer version of the CMS)`);
      const pending = migrations.filter((migration) => !migration.applied).length;
      console.log(pending ? `${pending} pending: npm run cms -- migrate (or npm start) runs them.` : `Schema of ${db.description} is up to date.`);
      return 0;
    }
    const reverted = await withMigrationLock(db.serverUrl, () => revertLastMigration(db.dataSource));
    console.log(reverted ? `Reverted ${reverted}.` : 'No migration has run: nothing to revert.');
    return 0;
  } finally {
    await db.close();
  }
}

async function backupCommand(config: AppConfig, command: 'export' | 'import', args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { force: { type: 'boolean' } } });
  if (positionals.length !== 1) {
    console.error(`Name the archive: npm run cms -- ${command} <file>${command === 'import' ? ' [--force]' : ''}`);
    return 1;
  }
  if (command === 'export' && values.force) {
    console.error('--force applies to import only.');
    return 1;
  }
  const storage = createStorageDriver(config.storage);
  const db = await openDatabase(config, { migrate: false });
  try {
    if (command === 'export') {
      const manifest = await exportArchive({ dataSource: db.dataSource, storage, file: positionals[0], progress: progressPrinter('export') });
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      console.log(
        `Wrote ${path.resolve(positionals[0])}: schema ${manifest.schemaVersion}, ${rows} rows in ${manifest.tables.length} tables, ${manifest.uploads.count} files (${manifest.uploads.bytes} bytes)` +
          (manifest.uploads.missing.length ? `; ${manifest.uploads.missing.length} media files were missing from storage` : ''),
      );
    } else {
      const { manifest, migrated } = await importArchive({
        dataSource: db.dataSource,
        storage,
        file: positionals[0],
        force: values.force,
        progress: progressPrinter('import'),
      });
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      console.log(
        `Restored ${rows} rows and ${manifest.uploads.count} files from ${path.resolve(positionals[0])} (made ${manifest.createdAt} by CMS ${manifest.appVersion}) into ${db.description} and the ${storage.description}` +
          (migrated.length ? `; then ran ${migrated.length} migration(s): ${migrated.join(', ')}` : ''),
      );
    }
    return 0;
  } finally {
    await db.close();
    (storage as { onModuleDestroy?: () => void }).onModuleDestroy?.();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  switch (command) {
    case 'migrate':
      return migrateCommand(config, rest);
    case 'export':
    case 'import':
      return backupCommand(config, command, rest);
    case 'create-admin': {
      const { values } = parseArgs({ args: rest, options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
      const db = await openDatabase(config);
      try {
        const result = await createAdmin(db.dataSource, {
          email: values.email ?? config.adminEmail ?? 'admin@example.com',
          password: values.password ?? config.adminPassword,
          name: values.name,
        });
        console.log(result.message);
      } finally {
        await db.close();
      }
      return 0;
    }
    case 'migration:generate': {
      const name = rest[0];
      if (!name) {
        console.error('Name the migration: npm run cms -- migration:generate AddSomething');
        return 1;
      }
      const db = await openDatabase({ ...config, databaseUrl: undefined }, { inMemory: true });
      try {
        const file = await generateMigration(db.dataSource, name, path.resolve('apps/api/src/database/migrations'));
        console.log(file ? `Wrote ${file}` : 'The entities match the migrations: nothing to generate.');
      } finally {
        await db.close();
      }
      return 0;
    }
    default:
      console.error(`Unknown command "${command}".\n\n${USAGE}`);
      return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

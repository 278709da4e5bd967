import 'reflect-metadata';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config/app-config';
import { openDatabase } from './database/database';
import { generateMigration } from './database/generate-migration';
import { createAdmin } from './owner/create-admin';

const USAGE = `Usage: npm run cms -- <command> [options]

Commands:
  migrate                      bring the database schema up to date
  create-admin [--email E] [--password P] [--name N]
                               create (or reset the password of) a super-admin user;
                               without --password a random one is printed
  migration:generate <Name>    (developers) write a migration for entity changes

The database is the one npm start uses: DATABASE_URL, else the embedded one under DATA_DIR.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  switch (command) {
    case 'migrate': {
      const db = await openDatabase(config);
      console.log(`Schema of ${db.description} is up to date.`);
      await db.close();
      return 0;
    }
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

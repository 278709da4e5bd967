import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DataSource } from 'typeorm';

type Query = { query: string; parameters?: unknown[] };

/**
 * The statements of a migration from TypeORM's schema diff, `down` in the order it runs. The diff
 * repeats CREATE TYPE for an enum shared by several tables (enumName): `up` keeps the first, `down`
 * the last DROP TYPE (after every table using it: dropped earlier, it fails).
 */
export function migrationQueries(sql: { upQueries: Query[]; downQueries: Query[] }): { up: Query[]; down: Query[] } {
  const unique = (queries: Query[]) => {
    const seen = new Set<string>();
    return queries.filter((query) => {
      if (!/^(CREATE|DROP) TYPE/.test(query.query)) return true;
      if (seen.has(query.query)) return false;
      seen.add(query.query);
      return true;
    });
  };
  return { up: unique(sql.upQueries), down: unique(sql.downQueries).reverse() };
}

/**
 * Writes a migration holding the SQL that brings a database at the committed migrations up to the
 * entities (TypeORM's schema diff), and lists it in migrations/index.ts. For developers: review
 * the file before committing it.
 */
export async function generateMigration(dataSource: DataSource, name: string, migrationsDir: string): Promise<string | null> {
  if (!/^[A-Z][A-Za-z0-9]+$/.test(name)) throw new Error('The migration name must be PascalCase, e.g. AddMediaWidth');
  const sql = await dataSource.driver.createSchemaBuilder().log();
  if (sql.upQueries.length === 0) return null;
  const timestamp = Date.now();
  const className = `${name}${timestamp}`;
  const kebab = name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  const fileBase = `${timestamp}-${kebab}`;
  const q = (query: Query) =>
    `    await queryRunner.query(${JSON.stringify(query.query)}${query.parameters?.length ? `, ${JSON.stringify(query.parameters)}` : ''});`;
  const { up, down } = migrationQueries(sql);
  const body = `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  public async up(queryRunner: QueryRunner): Promise<void> {
${up.map(q).join('\n')}
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
${down.map(q).join('\n')}
  }
}
`;
  const file = path.join(migrationsDir, `${fileBase}.ts`);
  fs.writeFileSync(file, body);
  writeIndex(migrationsDir);
  return file;
}

function writeIndex(migrationsDir: string) {
  const files = fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d+-.+\.ts$/.test(f))
    .sort();
  const imports: string[] = [];
  const names: string[] = [];
  for (const f of files) {
    const source = fs.readFileSync(path.join(migrationsDir, f), 'utf8');
    const match = /export class (\w+)/.exec(source);
    if (!match) continue;
    imports.push(`import { ${match[1]} } from './${f.replace(/\.ts$/, '')}';`);
    names.push(match[1]);
  }
  fs.writeFileSync(
    path.join(migrationsDir, 'index.ts'),
    `${imports.join('\n')}\n\n/** In the order they run. */\nexport const MIGRATIONS = [${names.join(', ')}];\n`,
  );
}

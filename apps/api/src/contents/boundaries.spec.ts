import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..');
/** The contents module's tables and entities. */
const TABLES = /\b(FROM|JOIN|INTO|UPDATE|TABLE)\s+"?(content|content_field|content_document|content_count)"?(\s|$|\)|,|`)/i;
const ENTITIES = /getRepository\((Content|ContentField)\)|from '\.\.\/contents\/(content|content-field)\.entity'/;
/** Where the tables may be named: the contents module, the migrations that make them, the backup's table catalog and TypeORM's entity list. */
const ALLOWED = [/^contents\//, /^database\/migrations\//, /^database\/entities\.ts$/, /^database\/record-columns\.ts$/, /^backup\//];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/**
 * Other modules ask the contents module for what touches contents (ContentsService,
 * ContentFieldsService, the expressions of content-sql.ts and read-model/): they never name its
 * tables in their SQL nor use its entities' repositories, so a change to how contents are stored
 * is made in one module.
 */
describe('contents module boundaries', () => {
  it('no other module names the contents module’s tables in its SQL or reads its entities', () => {
    const offending = sourceFiles(SRC)
      .map((path) => ({ path, file: relative(SRC, path) }))
      .filter(({ file }) => !ALLOWED.some((allowed) => allowed.test(file)))
      .flatMap(({ path, file }) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .map((line, index) => ({ where: `${file}:${index + 1}`, line }))
          .filter(({ line }) => TABLES.test(line) || ENTITIES.test(line)),
      )
      .map(({ where }) => where);
    expect(offending).toEqual([]);
  });

  it('would see a table named in another module', () => {
    expect(TABLES.test('SELECT c.id FROM "content" c')).toBe(true);
    expect(TABLES.test('LEFT JOIN "content_field" f ON')).toBe(true);
    expect(TABLES.test('SELECT s."content" FROM "section" s')).toBe(false);
  });
});

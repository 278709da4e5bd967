import { createTestApp, type TestApp } from './support/test-app';

describe('database schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is exactly what the entities describe once the committed migrations ran', async () => {
    const diff = await t.dataSource.driver.createSchemaBuilder().log();
    expect(diff.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('stores the enumerations as PostgreSQL enums', async () => {
    const rows: { typname: string }[] = await t.dataSource.query(`SELECT typname FROM pg_type WHERE typtype = 'e' ORDER BY typname`);
    expect(rows.map((r) => r.typname)).toEqual(['container_field_type', 'form_field_type', 'lang', 'right_type', 'section_type', 'status']);
  });

  it('indexes every foreign key column', async () => {
    const unindexed: { table: string; column: string }[] = await t.dataSource.query(`
      SELECT c.conrelid::regclass::text AS "table", a.attname AS "column"
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND NOT EXISTS (
        SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1]
      )`);
    expect(unindexed).toEqual([]);
  });

  it('has the super-admin role from the start', async () => {
    const rows = await t.dataSource.query(`SELECT id FROM role WHERE id = 'super-admin'`);
    expect(rows).toHaveLength(1);
  });
});

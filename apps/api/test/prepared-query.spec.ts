import { preparedQuery } from '../src/database/prepared-query';
import { createTestApp, type TestApp } from './support/test-app';

// Hot reads run as named statements on a pool of their own whose connections plan them once,
// generically; the embedded PGlite runs them unnamed on the data source.
describe('hot reads (preparedQuery)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  (process.env.DATABASE_URL ? it : it.skip)('run on connections that keep one generic plan per statement, and other queries do not', async () => {
    const SETTING = `SELECT current_setting('plan_cache_mode') AS mode`;
    const [hot] = await preparedQuery<{ mode: string }>(t.dataSource, SETTING, []);
    expect(hot.mode).toBe('force_generic_plan');
    const [other] = (await t.dataSource.query(SETTING)) as { mode: string }[];
    expect(other.mode).toBe('auto');
  });

  it('answers the same rows whatever the connection, and refuses bad SQL as a query error', async () => {
    const rows = await preparedQuery<{ n: number }>(t.dataSource, 'SELECT generate_series(1, $1::int) AS n', [3]);
    expect(rows.map((row) => row.n)).toEqual([1, 2, 3]);
    await expect(preparedQuery(t.dataSource, 'SELECT * FROM no_such_table WHERE id = $1', [1])).rejects.toThrow(/no_such_table/);
  });
});

import * as os from 'node:os';
import { QueryFailedError } from 'typeorm';
import { openDatabase, type Database } from '../src/database/database';
import { preparedQuery } from '../src/database/prepared-query';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const onServer = Boolean(process.env.DATABASE_URL);

/** The names of the statements the session running `query` has prepared. */
const preparedNames = async (query: (sql: string) => Promise<{ name: string }[]>) =>
  (await query(`SELECT name FROM pg_prepared_statements WHERE name LIKE 'cms\\_%'`)).map((row) => row.name);

describe('the read pool (preparedQuery)', () => {
  let testDb: TestDatabase | undefined;
  let db: Database;

  beforeAll(async () => {
    // DATABASE_POOL_SIZE 2: one read connection, one for TypeORM.
    if (onServer) testDb = await createTestDatabase();
    db = await openDatabase({ databaseUrl: testDb?.url, dataDir: os.tmpdir(), databasePoolSize: 2 }, { inMemory: true });
  });
  afterAll(async () => {
    await db?.close();
    await testDb?.drop();
  });

  it('runs reads as named statements on a pool of their own on a server, unnamed through TypeORM on the embedded database', async () => {
    const logged: string[] = [];
    const logQuery = db.dataSource.logger.logQuery.bind(db.dataSource.logger);
    db.dataSource.logger.logQuery = (query, parameters, runner) => {
      logged.push(query);
      logQuery(query, parameters, runner);
    };
    try {
      const sql = `SELECT $1::int + 1 AS n /* read-pool.spec */`;
      expect(await preparedQuery<{ n: number }>(db.reads, sql, [1])).toEqual([{ n: 2 }]);
      expect(await preparedQuery<{ n: number }>(db.reads, sql, [2])).toEqual([{ n: 3 }]);
      expect(logged.filter((query) => query === sql)).toHaveLength(2);
    } finally {
      db.dataSource.logger.logQuery = logQuery;
    }
    if (onServer) {
      const pool = db.reads.pool!;
      expect(pool.options.max).toBe(1);
      expect(await preparedNames(async (sql) => (await pool.query<{ name: string }>(sql)).rows)).toHaveLength(1);
    } else {
      expect(db.reads.pool).toBeUndefined();
    }
  });

  it('runs them on the transaction’s own connection in a transaction', async () => {
    await db.dataSource.transaction(async (manager) => {
      expect(await preparedQuery<{ n: number }>(manager, `SELECT $1::int * 2 AS n /* read-pool.spec tx */`, [21])).toEqual([{ n: 42 }]);
      const names = await preparedNames((sql) => manager.query(sql));
      // Named on a server's connection; PGlite, one session behind every connection, gets them unnamed.
      expect(names.length).toBe(onServer ? 1 : 0);
    });
  });

  it('fails as TypeORM’s queries do', async () => {
    await expect(preparedQuery(db.reads, `SELECT 1 / $1::int AS n /* read-pool.spec error */`, [0])).rejects.toBeInstanceOf(QueryFailedError);
    await expect(
      db.dataSource.transaction((manager) => preparedQuery(manager, `SELECT 1 / $1::int AS n /* read-pool.spec tx error */`, [0])),
    ).rejects.toBeInstanceOf(QueryFailedError);
  });

  (onServer ? it : it.skip)('turns JIT compilation off on every connection to a server (it cost 100–170 ms for a 0.2 ms write)', async () => {
    const jitOf = async (rows: { jit: string }[]) => rows[0].jit;
    expect(await jitOf(await db.dataSource.query('SHOW jit'))).toBe('off');
    expect(await jitOf(await preparedQuery<{ jit: string }>(db.reads, 'SHOW jit /* read-pool.spec */', []))).toBe('off');
  });
});

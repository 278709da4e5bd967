import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';

/** Statement texts named so far; past this many, further texts run unnamed (planned each time). */
const MAX_NAMED = 200;
const names = new Map<string, string>();
/** Data sources on a PostgreSQL server (not the embedded PGlite), where named statements are safe. */
const serverBacked = new WeakSet<DataSource>();

export function allowNamedStatements(dataSource: DataSource): void {
  serverBacked.add(dataSource);
}

function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED) return known;
  const name = `cms_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  names.set(text, name);
  return name;
}

/**
 * Runs a hot statement as a named prepared statement, so that each connection plans it once
 * instead of at every request: for the contents list, planning its join of five tables cost as
 * much as running it. On a DataSource it runs on the pool behind TypeORM, outside transactions; on
 * a transaction's EntityManager, on that transaction's connection (a content create's statements
 * are planned once per connection too). Only for SQL texts from a small, fixed set of shapes
 * (values always as parameters, never inlined). The statement is still reported to the
 * DataSource's logger, so query counts see it, and fails as TypeORM's own queries do
 * (QueryFailedError). On the embedded PGlite it runs unnamed (see allowNamedStatements in
 * database.ts).
 */
export async function preparedQuery<T>(on: DataSource | EntityManager, text: string, values: unknown[]): Promise<T[]> {
  const dataSource = on instanceof DataSource ? on : on.connection;
  const runner = on instanceof DataSource ? undefined : on.queryRunner;
  const client: Pick<Pool | PoolClient, 'query'> | undefined = runner
    ? runner.isTransactionActive
      ? (runner as unknown as { databaseConnection?: PoolClient }).databaseConnection
      : undefined
    : (dataSource.driver as unknown as { master?: Pool }).master;
  const name = serverBacked.has(dataSource) ? nameOf(text) : undefined;
  if (!client || typeof client.query !== 'function' || name === undefined) return on.query(text, values) as Promise<T[]>;
  dataSource.logger.logQuery(text, values);
  try {
    const result = await client.query({ name, text, values });
    return result.rows as T[];
  } catch (error) {
    dataSource.logger.logQueryError(error as Error, text, values);
    throw new QueryFailedError(text, values, error as Error);
  }
}

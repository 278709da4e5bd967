import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import { ReadPool } from './read-pool';

/** Statement texts named so far; past this many, further texts run unnamed (planned each time). */
const MAX_NAMED = 200;
const names = new Map<string, string>();
/** Data sources on a PostgreSQL server (not the embedded PGlite), whose transactions may name statements. */
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
 * much as running it. On the ReadPool it runs on the read pool's connections, outside
 * transactions; on a transaction's EntityManager, on that transaction's connection (a content
 * create's statements are planned once per connection too), which TypeORM's public
 * `QueryRunner.connect()` hands over. Only for SQL texts from a small, fixed set of shapes (values
 * always as parameters, never inlined). The statement is still reported to the DataSource's
 * logger, so query counts see it, and fails as TypeORM's own queries do (QueryFailedError). On the
 * embedded PGlite (no read pool) it runs unnamed through TypeORM (see ReadPool), as does one on an
 * EntityManager outside a transaction.
 */
export async function preparedQuery<T>(on: ReadPool | EntityManager, text: string, values: unknown[]): Promise<T[]> {
  const reads = on instanceof ReadPool ? on : undefined;
  const dataSource = reads ? reads.dataSource : (on as EntityManager).connection;
  const runner = reads ? undefined : (on as EntityManager).queryRunner;
  const named = reads ? !!reads.pool : !!runner?.isTransactionActive && serverBacked.has(dataSource);
  const name = named ? nameOf(text) : undefined;
  if (name === undefined) return (reads ? dataSource : (on as EntityManager)).query(text, values) as Promise<T[]>;
  dataSource.logger.logQuery(text, values);
  try {
    const result = reads?.pool ? await reads.pool.query({ name, text, values }) : await ((await runner!.connect()) as PoolClient).query({ name, text, values });
    return result.rows as T[];
  } catch (error) {
    dataSource.logger.logQueryError(error as Error, text, values);
    throw new QueryFailedError(text, values, error as Error);
  }
}

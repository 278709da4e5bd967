import { createHash } from 'node:crypto';
import { Pool } from 'pg';
import { QueryFailedError, type DataSource } from 'typeorm';
import { PinoLogger } from 'nestjs-pino';

/** Statement texts named so far; past this many, further texts run unnamed (planned each time). */
const MAX_NAMED = 200;
const names = new Map<string, string>();
/**
 * The pool of hot reads of each data source on a PostgreSQL server (not the embedded PGlite, where
 * named statements are not safe). Its connections plan every statement once, generically
 * (`plan_cache_mode = force_generic_plan`): left to choose, PostgreSQL kept re-planning the page
 * read at every execution (1.5 ms of planning for 0.1 ms of work), since a custom plan of it is
 * estimated cheaper than the generic one. Hot reads are fixed shapes that look rows up by key, where
 * the generic plan is the custom one; other queries keep TypeORM's pool and PostgreSQL's choice.
 */
const hotPools = new WeakMap<DataSource, Pool>();

export function allowNamedStatements(dataSource: DataSource, url: string, size: number): void {
  const pool = new Pool({ connectionString: url, max: size, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000, options: '-c plan_cache_mode=force_generic_plan' });
  // An idle connection the server closed (a restart) is dropped by the pool; unheard, the event would end the process.
  pool.on('error', (error) => PinoLogger.root?.warn({ err: error.message }, 'a pooled connection for hot reads was lost'));
  hotPools.set(dataSource, pool);
}

/** Closes the pool of hot reads (the data source's own pool is TypeORM's to close). */
export async function closeNamedStatements(dataSource: DataSource): Promise<void> {
  const pool = hotPools.get(dataSource);
  hotPools.delete(dataSource);
  await pool?.end();
}

function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED) return known;
  const name = `cms_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  names.set(text, name);
  return name;
}

/**
 * Runs a hot read as a named prepared statement on the pool of hot reads, so that each connection
 * plans it once instead of at every request: for the contents list, planning its join of five
 * tables cost as much as running it. Only for SQL texts from a small, fixed set of shapes (values
 * always as parameters, never inlined), outside transactions. The statement is still reported to
 * the DataSource's logger, so query counts see it. On the embedded PGlite it runs unnamed on the
 * data source (see allowNamedStatements in database.ts).
 */
export async function preparedQuery<T>(dataSource: DataSource, text: string, values: unknown[]): Promise<T[]> {
  const pool = hotPools.get(dataSource);
  const name = pool ? nameOf(text) : undefined;
  if (!pool || name === undefined) return dataSource.query(text, values) as Promise<T[]>;
  dataSource.logger.logQuery(text, values);
  try {
    const result = await pool.query({ name, text, values });
    return result.rows as T[];
  } catch (error) {
    dataSource.logger.logQueryError(error as Error, text, values);
    throw new QueryFailedError(text, values, error as Error);
  }
}

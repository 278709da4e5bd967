import { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { POOL_TIMEOUTS, SERVER_SESSION_OPTIONS } from './data-source-options';

/**
 * The hot reads' own connections (preparedQuery): on a PostgreSQL server, a `pg` pool beside
 * TypeORM's, on which reads outside transactions run as named prepared statements, planned once
 * per connection. TypeORM keeps its pool to itself (its driver's pool is no public API). On the
 * embedded PGlite there is none (`pool` undefined) and the reads run unnamed through TypeORM: PGlite
 * is one backend session behind every socket connection, where a statement a closed connection
 * prepared would still exist and clash with the next connection's.
 *
 * Provided to Nest under its class (AppModule), so a service asks for it as `reads: ReadPool`.
 */
export class ReadPool {
  constructor(
    /** Whose logger sees the statements (query counts) and whose queries serve the embedded database. */
    readonly dataSource: DataSource,
    readonly pool?: Pool,
  ) {}

  /** A read pool on the server at `url`, of at most `size` connections; its idle clients' errors are logged, not thrown. */
  static onServer(dataSource: DataSource, url: string, size: number): ReadPool {
    const pool = new Pool({ connectionString: url, max: size, ...POOL_TIMEOUTS, options: SERVER_SESSION_OPTIONS, application_name: 'cms-reads' });
    // An idle connection the server ends (restart, pg_terminate_backend) is dropped by the pool;
    // without a listener its 'error' would end the process. The next read opens a new one.
    pool.on('error', (error) => dataSource.logger.log('warn', `A read connection failed while idle: ${error.message}`));
    return new ReadPool(dataSource, pool);
  }

  /** Once nothing reads any more (Database.close). */
  async end(): Promise<void> {
    if (this.pool && !this.pool.ended) await this.pool.end();
  }
}

/**
 * How DATABASE_POOL_SIZE is shared on a PostgreSQL server: half of it (rounded down, at least 1)
 * to the read pool, the rest (at least 1) to TypeORM's pool, which serves the writes, their
 * transactions and every other statement. The instance so opens at most DATABASE_POOL_SIZE
 * connections (2 when it is 1), as before the read pool existed.
 */
export function splitPoolSize(total: number): { typeorm: number; reads: number } {
  const reads = Math.max(1, Math.floor(total / 2));
  return { typeorm: Math.max(1, total - reads), reads };
}

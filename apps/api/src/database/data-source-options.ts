import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATION_OPTIONS } from './migration-options';

/** Connection timeouts of TypeORM's pool and of the read pool (read-pool.ts). */
export const POOL_TIMEOUTS = { connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000 };

/**
 * The session settings of a connection to a PostgreSQL server: no JIT compilation. Every query here
 * reads or writes a handful of rows; a plan whose estimate passes `jit_above_cost` (a recursive
 * query's guess of its rows is enough) spent 100–170 ms compiling for a query of 0.2 ms. The
 * embedded database has no JIT.
 */
export const SERVER_SESSION_OPTIONS = '-c jit=off';

export function dataSourceOptions(url: string, poolSize: number, options: { server?: boolean } = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    ...MIGRATION_OPTIONS,
    synchronize: false,
    logging: false,
    extra: { max: poolSize, ...POOL_TIMEOUTS, ...(options.server ? { options: SERVER_SESSION_OPTIONS } : {}) },
  };
}

import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** Connection timeouts of TypeORM's pool and of the read pool (read-pool.ts). */
export const POOL_TIMEOUTS = { connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000 };

export function dataSourceOptions(url: string, poolSize: number): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: { max: poolSize, ...POOL_TIMEOUTS },
  };
}

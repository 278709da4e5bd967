import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATION_OPTIONS } from './migration-options';

/** Connection timeouts of TypeORM's pool and of the read pool (read-pool.ts). */
export const POOL_TIMEOUTS = { connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000 };

export function dataSourceOptions(url: string, poolSize: number): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    ...MIGRATION_OPTIONS,
    synchronize: false,
    logging: false,
    extra: { max: poolSize, ...POOL_TIMEOUTS },
  };
}

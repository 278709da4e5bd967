import { MIGRATIONS } from './migrations';

/**
 * How the migrations run, apart from the entities: the app's data source and the API tests'
 * migrated copies (made before any test file, where the workspace's libraries do not resolve) share it.
 */
export const MIGRATION_OPTIONS = { migrations: MIGRATIONS, migrationsTableName: 'migrations', migrationsTransactionMode: 'each' } as const;

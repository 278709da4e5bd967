import * as path from 'node:path';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import type * as Embedded from './embedded-postgres';
import type { EmbeddedPostgres } from './embedded-postgres';
import { renameRecordedMigrations, withMigrationLock } from './migration-runner';
import { allowNamedStatements } from './prepared-query';
import { ReadPool, splitPoolSize } from './read-pool';

export interface Database {
  dataSource: DataSource;
  /** The hot reads' connections (preparedQuery): a pool of their own on a server, none on the embedded database. */
  reads: ReadPool;
  /** Where the database is, with any password hidden, for logs. */
  description: string;
  /** The server's URL (DATABASE_URL), undefined for the embedded database. */
  serverUrl?: string;
  close(): Promise<void>;
}

/**
 * Opens the database the configuration names (a PostgreSQL server through DATABASE_URL, else the
 * embedded PGlite under DATA_DIR) and brings its schema up to date with the committed migrations
 * (unless `migrate` is false: the backup import and `migrate --status` look at it as it is, but
 * for the names of renamed migrations, brought up to date). On a server the migrations run under
 * an advisory lock, so instances starting together take turns. An in-memory embedded database
 * may start from `embeddedSnapshot` (a tarball of PGlite's files: the tests' migrated copy) rather
 * than an empty cluster; the migrations still run, and do nothing if the copy is up to date.
 */
export async function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'databasePoolSize'>,
  options: { inMemory?: boolean; migrate?: boolean; embeddedSnapshot?: Blob } = {},
): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let url = config.databaseUrl;
  let description: string;
  let poolSize = config.databasePoolSize;
  let readPoolSize = 0;
  if (url) {
    ({ typeorm: poolSize, reads: readPoolSize } = splitPoolSize(config.databasePoolSize));
    description = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  } else {
    const dataDir = options.inMemory ? undefined : path.join(config.dataDir, 'pg');
    // One connection: pglite-socket interleaves the extended-protocol messages of concurrent
    // connections (Parse/Bind/Execute of one with another's), which loses portals and mixes up
    // answers under load (electric-sql/pglite#1046). PGlite runs one query at a time anyway.
    poolSize = 1;
    // Loaded for the embedded database only: PGlite's modules (its Emscripten glue among them) are
    // memory a process on a PostgreSQL server never uses (docs/perf.md, "Memory of a default start").
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { embeddedDatabasePassword, startEmbeddedPostgres } = require('./embedded-postgres') as typeof Embedded;
    // Beside the database files, so that it lives and goes with them (an in-memory one needs none kept).
    const password = embeddedDatabasePassword(dataDir ? path.join(config.dataDir, 'pg-password') : undefined);
    embedded = await startEmbeddedPostgres({ dataDir, password, maxConnections: poolSize, loadDataDir: dataDir ? undefined : options.embeddedSnapshot });
    url = embedded.url;
    description = `embedded PGlite (${dataDir ?? 'in memory'})`;
  }
  const dataSource = new DataSource(dataSourceOptions(url, poolSize, { server: !embedded }));
  let reads = new ReadPool(dataSource);
  try {
    await dataSource.initialize();
    await withMigrationLock(config.databaseUrl, async () => {
      // Even when not migrating: `migrate --status` and backups read the recorded names.
      await renameRecordedMigrations(dataSource);
      if (options.migrate !== false) await dataSource.runMigrations({ transaction: 'each' });
    });
    // PGlite is one backend session behind every socket connection: a statement a closed
    // connection prepared would still exist there and clash with the next connection's.
    if (!embedded) {
      allowNamedStatements(dataSource);
      reads = ReadPool.onServer(dataSource, url, readPoolSize);
    }
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
    await embedded?.stop();
    throw error;
  }
  return {
    dataSource,
    reads,
    description,
    serverUrl: config.databaseUrl,
    async close() {
      await reads.end();
      if (dataSource.isInitialized) await dataSource.destroy();
      await embedded?.stop();
    },
  };
}

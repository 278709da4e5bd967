import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import * as fs from 'node:fs';

export interface EmbeddedPostgres {
  /** A postgres:// URL that the ordinary `pg` driver can use. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Runs PostgreSQL compiled to WebAssembly (PGlite) inside this process and exposes it on a
 * loopback port through pglite-socket, so TypeORM keeps its ordinary `postgres` driver.
 * `dataDir` undefined keeps everything in memory (tests).
 */
export async function startEmbeddedPostgres(options: { dataDir?: string; maxConnections: number }): Promise<EmbeddedPostgres> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const db = await PGlite.create(options.dataDir ? { dataDir: options.dataDir } : {});
  // One extra connection beyond the pool, for the migration runner and LISTEN clients.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: options.maxConnections + 2 });
  await server.start();
  const url = `postgres://postgres:postgres@${server.getServerConn()}/postgres?sslmode=disable`;
  let stopped = false;
  return {
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
    },
  };
}

import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { authenticate, errorResponse, scramVerifier, ScramRefusal } from './scram-gate';

export interface EmbeddedPostgres {
  /** A postgres:// URL that the ordinary `pg` driver can use (it holds the password). */
  url: string;
  /** A tarball of the database's files (PGlite's dumpDataDir), that another one can start from (loadDataDir). */
  dumpDataDir(): Promise<Blob>;
  stop(): Promise<void>;
}

/** The user name clients give; PGlite runs every session as postgres whatever it is. */
const EMBEDDED_USER = 'cms';
/** A client that has not signed in by then is cut off: it would hold a connection slot. */
const SIGN_IN_TIMEOUT_MS = 10_000;

/**
 * PostgreSQL's settings for the embedded database, on top of PGlite's own start parameters. Its
 * shared buffers are allocated (and written, so resident) in full at start, inside the WebAssembly
 * memory, which never gives memory back: PostgreSQL's default of 128 MB was most of what a default
 * start held. 16 MB holds this CMS's hot pages (a demo site's whole database is about 12 MB);
 * pages beyond it are read from the files through the operating system's cache, and the
 * WebAssembly memory still grows when a query needs more (sorts, hashes: `work_mem` each).
 * tools/bench/memory.mjs measures it; docs/perf.md keeps the figures.
 */
export const EMBEDDED_START_PARAMS = ['-c', 'shared_buffers=16MB', '-c', 'wal_buffers=1MB', '-c', 'temp_buffers=2MB'];

/**
 * Creates the cluster in `dataDir` (PGlite's initdb) in a child process that then exits: initdb
 * runs a second PostgreSQL and a WebAssembly initdb beside it, and this process would keep what
 * they took (about 450 MB resident) for its whole life.
 */
async function initDataDir(dataDir: string): Promise<void> {
  const script =
    'const { PGlite } = require(process.argv[1]);' +
    'const startParams = [...PGlite.defaultStartParams, ...JSON.parse(process.argv[3])];' +
    'PGlite.create({ dataDir: process.argv[2], startParams }).then((db) => db.close()).catch((error) => { console.error(error); process.exit(1); });';
  // The same settings as the server's own start (below), so that it peaks lower too.
  const args = ['--liftoff-only', '-e', script, require.resolve('@electric-sql/pglite'), dataDir, JSON.stringify(EMBEDDED_START_PARAMS)];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    // Not this process's own flags or NODE_OPTIONS' preloads (an inspector port would clash).
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new Error(`Creating the embedded database in ${dataDir} failed (exit ${code}): ${stderr.trim()}`);
}

/**
 * The password of the embedded database: kept (mode 600) in `file` so that an operator can reach a
 * running instance with psql, generated on first use; or, without a file (in-memory databases), a
 * new one for this process only.
 */
export function embeddedDatabasePassword(file: string | undefined): string {
  if (file) {
    try {
      const existing = fs.readFileSync(file, 'utf8').trim();
      if (existing.length >= 32) return existing;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const password = randomBytes(32).toString('base64url');
  if (file) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  }
  return password;
}

/**
 * Runs PostgreSQL compiled to WebAssembly (PGlite) inside this process and exposes it on a
 * loopback port, so TypeORM keeps its ordinary `postgres` driver. Connections must sign in with
 * the password (SCRAM-SHA-256): PGlite itself would let any local process in as postgres.
 * `dataDir` undefined keeps everything in memory (tests); an in-memory one may start from
 * `loadDataDir`, a tarball of another's files (PGlite's dumpDataDir), instead of running initdb.
 *
 * pglite-socket's own server (its public API: it keeps the statements of one connection's
 * transaction together in a query queue it does not export) accepts any password, so it listens
 * on a Unix socket in a fresh directory of mode 700: only this process's user can reach it. Our
 * listener on the loopback port signs clients in, then pipes each connection to that socket.
 */
export async function startEmbeddedPostgres(options: {
  dataDir?: string;
  password: string;
  maxConnections: number;
  loadDataDir?: Blob;
}): Promise<EmbeddedPostgres> {
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    if (!fs.existsSync(path.join(options.dataDir, 'PG_VERSION'))) await initDataDir(options.dataDir);
  }
  // PostgreSQL's WebAssembly stays on V8's baseline compiler (Liftoff): optimising its hot
  // functions (TurboFan) kept 40–60 MB of compiled code and compiler memory for some 13% less CPU
  // in steady queries (docs/perf.md, issue 29). Read when a module is compiled, so set before.
  v8.setFlagsFromString('--liftoff-only');
  const startParams = [...PGlite.defaultStartParams, ...EMBEDDED_START_PARAMS];
  const db = await PGlite.create(
    options.dataDir ? { dataDir: options.dataDir, startParams } : options.loadDataDir ? { loadDataDir: options.loadDataDir, startParams } : { startParams },
  );
  await db.waitReady;
  const verifier = scramVerifier(options.password);
  // One extra connection beyond the pool, for the migration runner and LISTEN clients.
  const maxConnections = options.maxConnections + 2;
  // mkdtemp makes it 700; a Unix socket's path must stay short (about 100 bytes), hence os.tmpdir().
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-pglite-'));
  const socketPath = path.join(socketDir, '.s.PGSQL.5432');
  // Our listener counts the connections; pglite-socket forgets a closed one a moment later, so a
  // connection that replaces it must not find its own limit reached.
  const inner = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 2 * maxConnections });
  try {
    await inner.start();
  } catch (error) {
    fs.rmSync(socketDir, { recursive: true, force: true });
    await db.close();
    throw error;
  }
  /** The signed-in connections' pipes to PGlite. */
  const upstreams = new Set<Socket>();
  const sockets = new Set<Socket>();
  let stopped = false;

  const accept = async (socket: Socket) => {
    socket.setNoDelay(true);
    socket.setTimeout(SIGN_IN_TIMEOUT_MS, () => socket.destroy());
    let replay: Buffer;
    try {
      replay = await authenticate(socket, verifier);
    } catch {
      return;
    } finally {
      socket.setTimeout(0);
    }
    if (stopped || upstreams.size >= maxConnections) {
      const refusal = stopped
        ? errorResponse('57P01', 'the database is shutting down')
        : errorResponse('53300', 'too many connections to the embedded database');
      socket.end(refusal, () => socket.destroy());
      return;
    }
    const upstream = connect(socketPath);
    upstreams.add(upstream);
    const end = () => {
      upstreams.delete(upstream);
      socket.destroy();
      upstream.destroy();
    };
    for (const side of [socket, upstream]) side.on('close', end).on('error', end);
    // The startup message goes to PGlite, which answers it (AuthenticationOk, parameters,
    // ReadyForQuery) right after the SCRAM exchange, as a PostgreSQL server would.
    upstream.write(replay);
    socket.pipe(upstream);
    upstream.pipe(socket);
    socket.resume();
  };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    accept(socket).catch((error: unknown) => {
      if (!(error instanceof ScramRefusal)) socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('The embedded database did not get a port');
  const url = `postgres://${EMBEDDED_USER}:${encodeURIComponent(options.password)}@127.0.0.1:${address.port}/postgres?sslmode=disable`;

  return {
    url,
    dumpDataDir: () => db.dumpDataDir('none'),
    async stop() {
      if (stopped) return;
      stopped = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Connections still signing in, or whose client never closed its side, would keep the port open.
      for (const socket of [...sockets, ...upstreams]) socket.destroy();
      await closed;
      // pglite-socket rolls back a closed connection's open transaction when it sees the close (its
      // stop would drop its handlers without waiting): once they are gone, the database's close
      // comes after their rollbacks.
      for (let waited = 0; inner.getStats().activeConnections > 0 && waited < 5_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
      await inner.stop();
      fs.rmSync(socketDir, { recursive: true, force: true });
      await db.close();
    },
  };
}

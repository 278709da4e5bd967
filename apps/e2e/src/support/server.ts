import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { createServer } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRunDatabase, dropRunDatabase } from './database';
import { SERVER_MAIN, WORKSPACE_ROOT } from './paths';

export const ADMIN_EMAIL = 'owner@e2e.test';
const STARTUP_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 5_000;
const OUTPUT_LINES_KEPT = 200;

/** What globalSetup started and globalTeardown stops. */
export interface RunningServer {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  process: ChildProcess;
  dataDir: string;
  database?: { serverUrl: string; name: string };
  output: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port'))));
    });
  });
}

function keepOutput(child: ChildProcess, lines: string[]): void {
  const push = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > OUTPUT_LINES_KEPT) lines.splice(0, lines.length - OUTPUT_LINES_KEPT);
  };
  child.stdout?.on('data', push);
  child.stderr?.on('data', push);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves true when `promise` settles within `ms`, false otherwise; the timer never keeps Jest alive. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function waitForHealth(server: RunningServer): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let exited: string | null = null;
  server.process.once('exit', (code, signal) => {
    exited = `exited with ${signal ?? `code ${code}`}`;
  });
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const response = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(
    `The server ${exited ?? `did not answer GET /api/health with 200 within ${STARTUP_TIMEOUT_MS / 1000} s`}. Its last output:\n${server.output.join('\n')}`,
  );
}

/** Stops the server's process group: SIGTERM, then SIGKILL if it is still there after 5 s. */
export async function stopServer(server: RunningServer): Promise<void> {
  const child = server.process;
  if (child.exitCode === null && child.signalCode === null && child.pid) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-(child.pid as number), signal);
      } catch {
        // Already gone.
      }
    };
    signalGroup('SIGTERM');
    if (!(await settlesWithin(exited, STOP_GRACE_MS))) {
      signalGroup('SIGKILL');
      await settlesWithin(exited, STOP_GRACE_MS);
    }
  }
  child.stdout?.destroy();
  child.stderr?.destroy();
  child.unref();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  if (server.database) await dropRunDatabase(server.database.serverUrl, server.database.name);
}

/** Starts the built server (`node dist/apps/api/main.js`) on a free port and waits until it is healthy. */
export async function startServer(
  options: { demo?: boolean; host?: string; env?: Record<string, string>; generatedOwnerPassword?: boolean } = {},
): Promise<RunningServer> {
  if (!fs.existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} is missing: build first (npx nx run e2e:e2e builds api, admin and site)`);
  }
  const port = await freePort();
  const host = options.host ?? '127.0.0.1';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-e2e-'));
  const adminPassword = `E2e-${randomBytes(18).toString('base64url')}-9`;
  const serverUrl = process.env.DATABASE_URL;
  const database = serverUrl ? { serverUrl, ...(await createRunDatabase(serverUrl)) } : undefined;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: host,
    // As in production: canonical links, the sitemap and robots.txt name this address, not a Host header.
    PUBLIC_URL: `http://${host}:${port}`,
    DATA_DIR: dataDir,
    CMS_ADMIN_EMAIL: ADMIN_EMAIL,
    CMS_ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
    // The suite builds its own pages on an empty site; the demo's tests start a server of their own with it.
    CMS_DEMO: options.demo ? 'true' : 'false',
    // A small upload limit: the media test hands Chromium a file just over it, and 25 MB through
    // the DevTools protocol took more than its 15 s on a busy 2-core CI machine.
    UPLOAD_MAX_MB: '2',
    ...options.env,
  };
  // As on a fresh clone: the server generates the owner's password (adminPassword is then unknown here).
  if (options.generatedOwnerPassword) delete env.CMS_ADMIN_PASSWORD;
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  // Jest sets NODE_ENV=test for itself; the server under test runs as it would in production.
  if (env.NODE_ENV === 'test') delete env.NODE_ENV;

  // detached: the server leads its own process group, so teardown stops anything it spawned.
  const child = spawn(process.execPath, [SERVER_MAIN], { cwd: WORKSPACE_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const server: RunningServer = {
    baseUrl: `http://${host}:${port}`,
    adminEmail: ADMIN_EMAIL,
    adminPassword: options.generatedOwnerPassword ? '' : adminPassword,
    process: child,
    dataDir,
    database: database && { serverUrl: database.serverUrl, name: database.name },
    output: [],
  };
  keepOutput(child, server.output);
  try {
    await waitForHealth(server);
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  return server;
}

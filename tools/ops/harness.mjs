// What tools/scale-out and tools/faults share: free ports, child processes whose output is kept for
// the report, waiting for a condition with a deadline, a fresh PostgreSQL database, a built tree.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Exit code of a check that could not run here (a binary or server is missing): not a failure. */
export const SKIPPED = 0;

export function skip(tool, reason) {
  console.log(`${tool}: SKIPPED — ${reason}`);
  process.exit(SKIPPED);
}

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it answers something other than undefined; throws after `timeoutMs`. */
export async function until(what, probe, timeoutMs = 30_000, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last ? ` (last error: ${last.message})` : ''}`);
    await sleep(everyMs);
  }
}

/** The first executable among the candidates (absolute paths, or names looked up in PATH). */
export function findBinary(candidates) {
  for (const candidate of candidates.filter(Boolean)) {
    if (candidate.includes('/')) {
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        continue;
      }
    }
    const found = spawnSync('sh', ['-c', `command -v ${candidate}`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  return undefined;
}

/** Builds the API, back office and site when dist/ lacks them (Nx answers from its cache otherwise). */
export function ensureBuilt() {
  const needed = ['dist/apps/api/main.js', 'dist/apps/site/server/standalone.mjs', 'dist/apps/admin/index.html'];
  if (needed.every((file) => existsSync(join(root, file))) && process.env.CMS_REBUILD !== '1') return;
  console.log('Building the API, the back office and the site...');
  const build = spawnSync(join(root, 'node_modules/.bin/nx'), ['run-many', '-t', 'build', '-p', 'api', 'admin', 'site', '--output-style=static'], {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('The build failed');
}

/** A child process whose output is kept (the last lines are printed when a check fails). */
export class Child {
  constructor(name, command, args, options = {}) {
    this.name = name;
    this.lines = [];
    this.exited = new Promise((resolve) => {
      this.proc = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
      this.proc.on('exit', (code, signal) => resolve({ code, signal }));
    });
    const keep = (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line) this.lines.push(line);
      if (this.lines.length > 400) this.lines.splice(0, this.lines.length - 400);
    };
    this.proc.stdout.on('data', keep);
    this.proc.stderr.on('data', keep);
  }

  get pid() {
    return this.proc.pid;
  }

  get running() {
    return this.proc.exitCode === null && this.proc.signalCode === null;
  }

  kill(signal = 'SIGTERM') {
    if (this.running) this.proc.kill(signal);
  }

  /** Stops it (SIGTERM, then SIGKILL after `graceMs`) and waits for it to be gone. */
  async stop(graceMs = 10_000) {
    if (!this.running) return this.exited;
    this.kill('SIGTERM');
    const timer = setTimeout(() => this.kill('SIGKILL'), graceMs);
    const result = await this.exited;
    clearTimeout(timer);
    return result;
  }

  tail(n = 30) {
    return this.lines
      .slice(-n)
      .map((line) => `  [${this.name}] ${line}`)
      .join('\n');
  }
}

/** A node process running one of the built entry points. */
export function nodeChild(name, script, env) {
  return new Child(name, process.execPath, [join(root, script)], { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } });
}

export async function waitHealthy(url, child, timeoutMs = 90_000) {
  await until(
    `${child?.name ?? url} to answer ${url}`,
    async () => {
      if (child && !child.running) throw Object.assign(new Error(`${child.name} exited`), { fatal: true });
      const res = await fetch(url);
      return res.ok ? true : undefined;
    },
    timeoutMs,
    200,
  ).catch((error) => {
    throw new Error(`${error.message}\n${child?.tail() ?? ''}`);
  });
}

/** A fresh database on a PostgreSQL server, dropped by `drop()`; undefined when the server does not answer. */
export async function freshDatabase(serverUrl, prefix) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A real S3-compatible server (s3rver) on loopback with `bucket` created. */
export async function startS3(bucket) {
  const { default: S3rver } = await import('s3rver');
  const directory = mkdtempSync(join(tmpdir(), 'cms-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Runs named checks in order, printing each; answers the number that failed. */
export async function runChecks(tool, checks, onFailure) {
  let failed = 0;
  for (const [name, check] of checks) {
    const started = Date.now();
    try {
      await check();
      console.log(`${tool}: ok   ${name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed += 1;
      console.log(`${tool}: FAIL ${name}: ${error.stack ?? error.message}`);
      onFailure?.();
    }
  }
  return failed;
}

/** Ends the whole run after `ms` whatever it is doing, so CI never waits on a hung check. */
export function deadline(tool, ms, cleanup) {
  const timer = setTimeout(async () => {
    console.log(`${tool}: FAIL — did not finish within ${Math.round(ms / 1000)} s`);
    await cleanup().catch(() => undefined);
    process.exit(1);
  }, ms);
  timer.unref();
  return timer;
}

/** A small HTTP client for the API: JSON in and out, the token header when given. */
export function apiClient(base) {
  return async function call(method, path, { token, body, headers = {} } = {}) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body !== undefined && !(body instanceof FormData) ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { token } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, body: json, text };
  };
}

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

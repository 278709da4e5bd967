#!/usr/bin/env node
// The memory of a default start (issue 29): what `npm start` holds resident, whole process tree
// (npm and the server, which runs in tools/start.mjs's own process; an earlier build's shell and
// launcher too), after start-up and while serving 1,000 pages, and what each part costs. Then the same with a PostgreSQL server (DATABASE_URL).
//
//   node tools/bench/memory.mjs [--pages 1000] [--concurrency 4] [--build] [--only default|server] [--restart]
//
// Each start is `npm start` as a user runs it, in a fresh DATA_DIR (demo site on, no variables but
// the port), with SKIP_BUILD=1 after this script has made sure that dist/ is built (`--build` keeps
// the launcher's build step: Nx answers from its cache). Figures come from /proc: the resident
// memory (VmRSS) of every process under npm, summed, sampled every 100 ms; the server's own
// parts from its /proc/<pid>/smaps (file-backed code, PGlite's WebAssembly memory, other anonymous
// memory) and from tools/bench/lib/memory-probe.cjs, preloaded through NODE_OPTIONS, which writes
// process.memoryUsage() when this script sends SIGUSR2. The pages: every address of the demo's
// sitemap (five locales), `GET /api/pages` for each, and a few other public reads, in turn.
// `--restart` starts each mode a second time on the first start's database and DATA_DIR (the demo
// already there, nothing seeded): what a server holds when it restarts.
// The server mode needs a PostgreSQL server (BENCH_PG_URL, else DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres): a fresh database is made and dropped.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt, freshDatabase } from '../ops/harness.mjs';
import { report } from './lib/report.mjs';
import { freePort, root } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '4' },
    build: { type: 'boolean', default: false },
    only: { type: 'string' },
    restart: { type: 'boolean', default: false },
  },
});
const pages = Number(values.pages);
const concurrency = Number(values.concurrency);
if (!(pages > 0) || !(concurrency > 0)) throw new Error('--pages and --concurrency take positive numbers');
const MB = 1024 * 1024;
const mb = (bytes) => Math.round(bytes / MB);

// ---------------------------------------------------------------------------------------------
// /proc

function readProc(pid, file) {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

/** The pid and every descendant's (through each thread's children list). */
function tree(pid) {
  const out = [pid];
  for (let i = 0; i < out.length; i += 1) {
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${out[i]}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      const children = readProc(out[i], `task/${task}/children`);
      if (children) out.push(...children.trim().split(/\s+/).filter(Boolean).map(Number));
    }
  }
  return out;
}

function status(pid, field) {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readProc(pid, 'status') ?? '');
  return match ? Number(match[1]) * 1024 : 0;
}

function role(pid) {
  const argv = (readProc(pid, 'cmdline') ?? '').split('\0').filter(Boolean);
  const line = argv.join(' ');
  if (/^(\/bin\/)?(sh|bash|dash)( |$)/.test(line)) return "sh -c (npm's script shell)";
  if (line.includes('dist/apps/api/main.js')) return 'server';
  if (line.includes('tools/start.mjs')) return 'launcher (tools/start.mjs)';
  if (/(^|\/)npm(-cli\.js)?( |$)/.test(line) || line.startsWith('npm ')) return 'npm';
  return argv.slice(0, 2).join(' ') || String(pid);
}

/** Each process of the tree: pid, role, resident bytes. */
function snapshot(rootPid) {
  const rows = tree(rootPid)
    .map((pid) => ({ pid, role: role(pid), rss: status(pid, 'VmRSS') }))
    .filter((p) => p.rss > 0);
  // tools/start.mjs runs the server in its own process (it spawned it before).
  if (!rows.some((row) => row.role === 'server')) for (const row of rows) if (row.role.startsWith('launcher')) row.role = 'server (in tools/start.mjs)';
  return rows;
}

/**
 * A process's proportional share (PSS: its private pages plus its share of pages mapped by several
 * processes, such as node's code in npm, the launcher and the server) and its private memory (USS:
 * what ending it would give back).
 */
function shares(pid) {
  const rollup = readProc(pid, 'smaps_rollup') ?? '';
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0) * 1024;
  return { pss: field('Pss'), uss: field('Private_Clean') + field('Private_Dirty') };
}

/**
 * The server's resident memory by kind, from its smaps: file-backed (node's and the libraries'
 * code), PGlite's WebAssembly memory (the read-write start of a reservation of several GiB, the
 * rest of which is inaccessible guard space), and the other anonymous memory (V8's heap, malloc).
 */
function smapsParts(pid) {
  const text = readProc(pid, 'smaps') ?? '';
  const maps = [];
  let current;
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S{4}) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) {
      current = { start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3], inode: head[4], name: head[5], rss: 0 };
      maps.push(current);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) current.rss = Number(rss[1]) * 1024;
  }
  let file = 0;
  let wasm = 0;
  let wasmSize = 0;
  let anon = 0;
  for (let i = 0; i < maps.length; i += 1) {
    const map = maps[i];
    if (map.inode !== '0') {
      file += map.rss;
      continue;
    }
    const next = maps[i + 1];
    const reserved = next && next.start === map.end && next.perms.startsWith('---') ? next.end - map.start : 0n;
    if (map.perms.startsWith('rw') && reserved >= 4n * 1024n ** 3n) {
      wasm += map.rss;
      wasmSize += Number(map.end - map.start);
    } else anon += map.rss;
  }
  return { file, wasm, wasmSize, anon };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function isNode(pid) {
  try {
    return /(^|\/)node$/.test(readlinkSync(`/proc/${pid}/exe`));
  } catch {
    return false;
  }
}

/** Asks every Node process of the tree for its figures (memory-probe.cjs) and reads them (never a shell: SIGUSR2 would end it). */
async function probe(rootPid, probeDir) {
  const pids = tree(rootPid).filter(isNode);
  for (const pid of pids) rmSync(join(probeDir, `${pid}.json`), { force: true });
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGUSR2');
    } catch {
      /* gone */
    }
  }
  const out = new Map();
  for (let waited = 0; waited < 2000; waited += 50) {
    for (const pid of pids) {
      const file = join(probeDir, `${pid}.json`);
      if (!out.has(pid) && existsSync(file)) out.set(pid, JSON.parse(readFileSync(file, 'utf8')));
    }
    if (out.size === pids.length) break;
    await sleep(50);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// one start

function describe(label, rootPid, probes) {
  const rows = snapshot(rootPid);
  const total = rows.reduce((sum, row) => sum + row.rss, 0);
  for (const row of rows) Object.assign(row, shares(row.pid));
  const pss = rows.reduce((sum, row) => sum + row.pss, 0);
  console.log(`  ${label}: ${mb(total)} MB resident (sum of RSS) in ${rows.length} processes; ${mb(pss)} MB counting shared pages once (sum of PSS)`);
  const parts = {};
  for (const row of rows) {
    const figures = probes.get(row.pid);
    let detail = '';
    if (row.role.startsWith('server')) {
      const smaps = smapsParts(row.pid);
      parts.wasm = smaps.wasm;
      parts.file = smaps.file;
      parts.anon = smaps.anon;
      detail += ` = code and files ${mb(smaps.file)} + PGlite WASM ${mb(smaps.wasm)} (of ${mb(smaps.wasmSize)} allocated) + other anonymous ${mb(smaps.anon)}`;
    }
    if (figures) {
      const m = figures.memoryUsage;
      detail += `; V8 heap ${mb(m.heapUsed)} used of ${mb(m.heapTotal)}, external ${mb(m.external)} (array buffers ${mb(m.arrayBuffers)})`;
      if (row.role.startsWith('server')) {
        parts.heapUsed = m.heapUsed;
        parts.heapTotal = m.heapTotal;
        parts.external = m.external;
      }
    }
    console.log(
      `    ${row.role.padEnd(30)} pid ${String(row.pid).padEnd(7)} RSS ${String(mb(row.rss)).padStart(4)} MB (PSS ${mb(row.pss)}, private ${mb(row.uss)})${detail}`,
    );
    parts[row.role] = (parts[row.role] ?? 0) + row.rss;
  }
  return { total, pss, rows, parts };
}

/** One `npm start` on `dataDir` (`fresh` when it is empty), measured and stopped. */
async function measure(name, env, dataDir, fresh) {
  const port = await freePort();
  const probeDir = mkdtempSync(join(tmpdir(), 'cms-bench-probe-'));
  const npm = process.env.npm_execpath && existsSync(process.env.npm_execpath) ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const childEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, MEMORY_PROBE_DIR: probeDir };
  childEnv.NODE_OPTIONS = `${childEnv.NODE_OPTIONS ?? ''} --require=${join(root, 'tools/bench/lib/memory-probe.cjs')}`.trim();
  if (!values.build) childEnv.SKIP_BUILD = '1';
  for (const key of ['npm_execpath', 'npm_lifecycle_event', 'npm_lifecycle_script', 'INIT_CWD']) delete childEnv[key];
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  console.log(
    `\n${name}: npm start${values.build ? '' : ' (SKIP_BUILD=1)'} on port ${port}, ${fresh ? 'fresh DATA_DIR' : "the first start's DATA_DIR and database"}`,
  );
  const started = Date.now();
  // A process group of its own, so that stopping reaches every process of the start.
  const child = spawn(npm[0], [...npm.slice(1), 'start'], { cwd: root, env: childEnv, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(
      peak,
      snapshot(child.pid).reduce((sum, row) => sum + row.rss, 0),
    );
  }, 100);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${stderr}`);
      if (Date.now() - started > 300_000) throw new Error('not ready after 5 minutes');
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) break;
      } catch {
        /* not up yet */
      }
      await sleep(100);
    }
    const readyMs = Date.now() - started;
    const startPeak = peak;
    console.log(`  ready (GET /api/health answers 200) ${(readyMs / 1000).toFixed(1)} s after npm start`);
    await sleep(3000);
    const idle = describe('after start-up (3 s later)', child.pid, await probe(child.pid, probeDir));
    console.log(`  peak during start-up: ${mb(startPeak)} MB`);

    // The pages: the sitemap's addresses in every locale, their /api/pages reads, a few other public reads.
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1], baseUrl).pathname);
    if (paths.length === 0) throw new Error(`the sitemap lists no page:\n${sitemap.slice(0, 500)}`);
    const locales = ['en', 'fr', 'tr', 'es', 'it'];
    const apiReads = paths.map((path) => {
      const [, first, ...rest] = path.split('/');
      const locale = locales.includes(first) ? first : 'en';
      const pagePath = locales.includes(first) ? `/${rest.join('/')}` : path;
      return `/api/pages?locale=${locale}&path=${encodeURIComponent(pagePath)}`;
    });
    const urls = [...paths, ...apiReads, '/api/health', '/sitemap.xml', '/robots.txt', '/no-such-page'];
    let next = 0;
    let failed = 0;
    let bytes = 0;
    peak = 0;
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (;;) {
          const i = next++;
          if (i >= pages) return;
          const url = urls[i % urls.length];
          const res = await fetch(`${baseUrl}${url}`);
          bytes += (await res.arrayBuffer()).byteLength;
          if (res.status >= 500 || (res.status >= 400 && url !== '/no-such-page')) failed += 1;
        }
      }),
    );
    const seconds = (Date.now() - t0) / 1000;
    const servingPeak = peak;
    console.log(
      `  served ${pages} requests (${paths.length} site addresses, as many /api/pages reads, 4 others, in turn; ${concurrency} at once) in ${seconds.toFixed(1)} s, ${failed} failed, ${mb(bytes)} MB of answers`,
    );
    console.log(`  peak while serving: ${mb(servingPeak)} MB`);
    await sleep(3000);
    const after = describe('after serving (3 s later)', child.pid, await probe(child.pid, probeDir));
    // The process that holds the server: the largest.
    const serverPid = after.rows.reduce((a, b) => (b.rss > a.rss ? b : a)).pid;
    const hwm = status(serverPid, 'VmHWM');
    console.log(`  the server process's own peak (VmHWM) so far: ${mb(hwm)} MB`);
    if (failed > 0) throw new Error(`${failed} requests failed`);
    return { readyMs, idle, startPeak, servingPeak, after, hwm };
  } finally {
    clearInterval(sampler);
    // The whole process group (npm and the server; a shell and a launcher in earlier builds): npm passes a signal to its
    // shell only, which would leave the rest running.
    const signalGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        /* gone */
      }
    };
    const groupAlive = () => {
      try {
        process.kill(-child.pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    signalGroup('SIGTERM');
    for (let waited = 0; groupAlive() && waited < 30_000; waited += 100) await sleep(100);
    signalGroup('SIGKILL');
    rmSync(probeDir, { recursive: true, force: true });
  }
}

function reportMode(id, label, result) {
  console.log(
    `  ${label}: ready in ${(result.readyMs / 1000).toFixed(1)} s; ${mb(result.idle.total)} MB after start-up (peak ${mb(result.startPeak)}); ` +
      `peak ${mb(result.servingPeak)} MB while serving ${pages} requests, ${mb(result.after.total)} MB after`,
  );
  report(`memory:${id}:startup`, result.readyMs, 'ms', `${label}: npm start until /api/health answers`);
  report(`memory:${id}:idle`, mb(result.idle.total), 'MB', `${label}: resident after start-up (every process of npm start)`);
  report(`memory:${id}:startup-peak`, mb(result.startPeak), 'MB', `${label}: peak resident during start-up`);
  report(`memory:${id}:serving-peak`, mb(result.servingPeak), 'MB', `${label}: peak resident serving ${pages} requests`);
  report(`memory:${id}:after`, mb(result.after.total), 'MB', `${label}: resident after serving`);
}

/** A first start in a fresh DATA_DIR, then with --restart a second one on what it left. */
async function measureMode(id, label, name, env) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cms-bench-memory-'));
  try {
    reportMode(id, label, await measure(name, env, dataDir, true));
    if (values.restart) reportMode(`${id}-restart`, `${label}, restarted`, await measure(`${name}, restarted`, env, dataDir, false));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

ensureBuilt();
const modes = values.only ? values.only.split(',') : ['default', 'server'];
if (modes.includes('default')) await measureMode('default', 'default start (embedded PGlite, demo)', 'Default start (embedded PGlite, demo site)', {});
if (modes.includes('server')) {
  const serverUrl = process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const db = await freshDatabase(serverUrl, 'cms_bench_memory');
  if (!db) console.log(`\nPostgreSQL server mode: skipped (no server at ${serverUrl.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')})`);
  else {
    try {
      await measureMode('server', 'PostgreSQL server (DATABASE_URL, demo)', 'PostgreSQL server (DATABASE_URL, demo site)', { DATABASE_URL: db.url });
    } finally {
      await db.drop().catch(() => undefined);
    }
  }
}

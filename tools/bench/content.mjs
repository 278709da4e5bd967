// Issue 3's benchmark: a contents list page (25 rows, filtered by container, sorted by
// updatedAt, with a token) and a public page read (GET /api/pages), each at 50 concurrent clients
// with autocannon, against a database seeded by tools/seed-demo.mjs. Prints requests/s,
// p50/p95/p99 latency, errors and the server's peak memory. Asserts nothing.
// Issue 14 adds the paths no cache helps: a list window that differs at every request, one
// content by id with varying ids, and creating contents with 10 typed fields, 20 in flight.
// Each scenario also prints the CPU time per request of the Node server and of the PostgreSQL
// backends serving it (utime+stime from /proc/<pid>/stat, when PostgreSQL runs on this machine):
// on a shared machine these stay meaningful when requests/s do not.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cms_bench node tools/bench/content.mjs [--seconds 20] [--connections 50] [--only <word>]
// BENCH_WRITERS (default 20) sets the creates in flight: 1 shows a create's cost without contention.
// BENCH_WARMUP (default 3) sets the seconds of load before each scenario is measured.
//   node tools/bench/content.mjs --embedded [--contents 10000] [...]   the same on the embedded database
//     (PGlite in the server's process, seeded by tools/seed-demo.mjs --data-dir first): its CPU is the Node figure.
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openEmbedded } from './lib/embedded-client.mjs';
import { report } from './lib/report.mjs';
import { cpuMs, peakRssMb, percentile, startServer } from './lib/server.mjs';
import { BACKENDS_SQL, distinctWindow, LOCALES as locales } from './lib/windows.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    embedded: { type: 'boolean' },
    contents: { type: 'string', default: '10000' },
  },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);
if (!process.env.DATABASE_URL && !values.embedded) {
  console.error('Set DATABASE_URL to a database seeded by tools/seed-demo.mjs, or give --embedded');
  process.exit(1);
}

/** The embedded database's directory (a server's DATA_DIR), seeded here; undefined on a server. */
const embeddedDir = values.embedded ? mkdtempSync(join(tmpdir(), 'cms-bench-embedded-')) : undefined;
if (embeddedDir) {
  delete process.env.DATABASE_URL;
  const seeded = spawnSync(process.execPath, [join(import.meta.dirname, '../seed-demo.mjs'), '--data-dir', embeddedDir, '--contents', values.contents], {
    stdio: 'inherit',
  });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}
const db = embeddedDir ? await openEmbedded(join(embeddedDir, 'pg')) : new pg.Client({ connectionString: process.env.DATABASE_URL });
if (!embeddedDir) await db.connect();

const { rows: containers } = await db.query(`SELECT c.id, s."full" FROM container c JOIN slug s ON s."containerId" = c.id ORDER BY c.id LIMIT 20`);
const { rows: pages } = await db.query(`SELECT s."full" FROM slug s WHERE s."contentId" IS NOT NULL AND s.published ORDER BY random() LIMIT 2000`);
const { rows: everyPage } = await db.query(`SELECT s."full" FROM slug s WHERE s."contentId" IS NOT NULL AND s.published ORDER BY random()`);
const { rows: counted } = await db.query('SELECT count(*)::int AS n FROM content');
const { rows: contentIds } = await db.query('SELECT id FROM content ORDER BY random() LIMIT 5000');
// Each container's depth, so that every window of the different-window scenarios holds rows, even
// after a run of creates has made one container much deeper than the others.
const { rows: depths } = await db.query(
  'SELECT "containerId" AS id, sum("count")::int AS n, (sum("count") FILTER (WHERE published))::int AS published FROM content_count GROUP BY 1',
);
const depthOf = new Map(depths.map((d) => [d.id, d]));
const { rows: optionFields } = await db.query(
  `SELECT "containerId" FROM container_field WHERE type = 'OPTION' AND options ? 'news' ORDER BY "containerId" LIMIT 1`,
);

console.log(`database: ${counted[0].n} contents, ${containers.length} containers sampled, ${everyPage.length} published content pages`);

/** The PostgreSQL backends connected to the bench database (the server's pool). */
async function backendPids() {
  if (embeddedDir) return [];
  const { rows } = await db.query(BACKENDS_SQL);
  return rows.map((r) => r.pid);
}

async function cpuSnapshot(pid) {
  const pids = await backendPids();
  const pg = pids.map(cpuMs);
  return { node: cpuMs(pid), pg: pg.includes(null) ? null : new Map(pids.map((p, k) => [p, pg[k]])) };
}

function cpuPerRequest(before, after, requests) {
  const node = before.node === null || after.node === null ? 'n/a' : `${((after.node - before.node) / requests).toFixed(3)} ms`;
  let pgMs = embeddedDir ? 'in the Node figure (PGlite runs in the server process)' : 'n/a';
  if (!embeddedDir && before.pg && after.pg) {
    let sum = 0;
    for (const [p, ms] of after.pg) sum += ms - (before.pg.get(p) ?? 0);
    pgMs = `${(sum / requests).toFixed(3)} ms`;
  }
  return `CPU per request: Node ${node}, PostgreSQL ${pgMs}`;
}

if (embeddedDir) await db.end();
const server = await startServer({ SIGNIN_MAX_FAILURES_PER_IP: '10000', ...(embeddedDir ? { DATA_DIR: embeddedDir } : {}) });
const signIn = await fetch(`${server.baseUrl}/api/auth/signin`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: server.email, password: server.password }),
});
const { token } = await signIn.json();

const q = (v) => encodeURIComponent(JSON.stringify(v));
let i = 0;
let cold = 0;
let windowed = 0;
let coldSite = 0;
const scenarios = {
  'contents list (25 rows, by container, sorted by updatedAt)': () => {
    const c = containers[i++ % containers.length];
    const start = (i % 40) * 25;
    return `/api/contents?locale=${locales[i % 5]}&filter=${q({ containerId: c.id })}&sort=${q(['updatedAt', 'DESC'])}&range=${q([start, start + 24])}`;
  },
  // A page asked for the first time at (almost) every request: no cache can answer it.
  'contents list, a different page at every request': () => {
    const c = containers[i++ % containers.length];
    const start = Math.floor(Math.random() * 4000) * 25;
    return `/api/contents?locale=${locales[i % 5]}&filter=${q({ containerId: c.id })}&sort=${q(['updatedAt', 'DESC'])}&range=${q([start, start + 24])}`;
  },
  'one content read (GET /api/contents/{id})': () => `/api/contents/${contentIds[i++ % contentIds.length].id}?locale=${locales[i % 5]}`,
  // Every published content page in each locale, each pair read once (a visitor's first visit: no
  // token, nothing in the page cache yet) until all have been read, warm-up included.
  'public page read, cold: each published page/locale pair once (GET /api/pages)': () => {
    const k = cold++;
    if (k === everyPage.length * locales.length) console.log('  (every page/locale pair has been read once: later reads are cache hits)');
    const p = everyPage[k % everyPage.length];
    return { path: `/api/pages?path=${encodeURIComponent(`/${p.full}`)}&locale=${locales[Math.floor(k / everyPage.length) % locales.length]}`, headers: {} };
  },
  // The public site's HTML for every published content page in each locale, each pair once: the
  // site's page cache and the API's both miss, so each request reads the page (GET /api/pages) and
  // renders it. en is at /{path}, the other locales at /{locale}/{path}.
  'site HTML page, cold: each published page/locale pair once (GET /{locale}/{path})': () => {
    const k = coldSite++;
    const p = everyPage[k % everyPage.length];
    const locale = locales[Math.floor(k / everyPage.length) % locales.length];
    return { path: `${locale === 'en' ? '' : `/${locale}`}/${p.full}`, headers: {} };
  },
  // The 100 most visited pages of a site: served from the API's page cache after the first read.
  'public page read, 100 popular pages (GET /api/pages)': () => {
    const p = pages[i++ % 20];
    return { path: `/api/pages?path=${encodeURIComponent(`/${p.full}`)}&locale=${locales[i % 5]}`, headers: {} };
  },
  // The same 10,000 pages read by a signed-in member: the session is resolved, nothing is kept.
  'public page read as a signed-in member, 10,000 page/locale pairs (GET /api/pages)': () => {
    const p = pages[i++ % pages.length];
    return `/api/pages?path=${encodeURIComponent(`/${p.full}`)}&locale=${locales[i % 5]}`;
  },
  // Every request a window never asked before: request k reads container k mod C, in locale
  // (k / C) mod 5, from a start that a prime stride walks through the whole container (deep windows
  // included), so no (container, locale, window) comes back before C x 5 x depth requests and the
  // list cache cannot hit: each request pays the page (and its total).
  'contents list, a different window at every request (no cache can help)': () => {
    const { c, locale, start } = distinctWindow(windowed++, containers, (c) => depthOf.get(c.id)?.n ?? 0);
    return `/api/contents?locale=${locale}&filter=${q({ containerId: c.id })}&sort=${q(['updatedAt', 'DESC'])}&range=${q([start, start + 24])}`;
  },
  // The same with a published filter: its total comes from the kept per-(container, published,
  // status) counts too, not from counting the container's rows.
  'contents list, published only, a different window at every request': () => {
    const { c, locale, start } = distinctWindow(windowed++, containers, (c) => depthOf.get(c.id)?.published ?? 0);
    return `/api/contents?locale=${locale}&filter=${q({ containerId: c.id, published: true })}&sort=${q(['updatedAt', 'DESC'])}&range=${q([start, start + 24])}`;
  },
  'one content by id, varying ids (GET /api/contents/:id)': () => {
    const id = contentIds[i++ % contentIds.length].id;
    return `/api/contents/${id}?locale=${locales[i % 5]}`;
  },
};

// Writes: one content with 10 typed fields per request (the seeded containers' fields), 20 in flight.
const writeContainer = optionFields[0]?.containerId ?? containers[0]?.id;
const writes = {
  'creating contents, 10 typed fields, one per request, 20 in flight (POST /api/contents)': () => {
    const n = i++;
    return {
      method: 'POST',
      path: '/api/contents?locale=en',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `Bench ${n}`,
        containerId: writeContainer,
        fields: {
          headline: `Headline ${n}`,
          summary: 'A summary of a few words.',
          body: '<p>Some <b>rich</b> text.</p>',
          price: n % 1000,
          featured: n % 2 === 0,
          publishedOn: '2024-02-29',
          accent: '#A0B1C2',
          category: 'news',
          website: 'https://example.com/',
          author: 'Bench',
        },
      }),
    };
  },
};

async function run(name, nextPath, inFlight = connections) {
  const setupRequest = (r) => {
    const next = nextPath();
    return typeof next === 'string' ? { ...r, path: next } : { ...r, ...next };
  };
  // Warm up: connections, JIT, PostgreSQL caches.
  await autocannon({
    url: server.baseUrl,
    connections: inFlight,
    duration: Number(process.env.BENCH_WARMUP ?? 3),
    headers: { token },
    requests: [{ setupRequest }],
  });
  const latencies = [];
  const before = await cpuSnapshot(server.pid);
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon({ url: server.baseUrl, connections: inFlight, duration, headers: { token }, requests: [{ setupRequest }] }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  const non2xx = result.non2xx + result.errors + result.timeouts;
  report(`content:${name}:rps`, Math.round(result.requests.average), 'req/s', `${name}: throughput`);
  report(`content:${name}:p95`, Number(percentile(latencies, 95).toFixed(1)), 'ms', `${name}: p95`);
  report(`content:${name}:errors`, non2xx, 'answers', `${name}: non-2xx/errors`);
  console.log(
    `${name}: ${Math.round(result.requests.average)} req/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ${result.requests.total} requests, ${non2xx} non-2xx/errors`,
  );
  console.log(`  ${cpuPerRequest(before, await cpuSnapshot(server.pid), Math.max(1, result.requests.total))}`);
}

const wanted = (name) => !values.only || name.includes(values.only);
for (const [name, nextPath] of Object.entries(scenarios)) if (wanted(name)) await run(name, nextPath);
for (const [name, nextRequest] of Object.entries(writes)) if (wanted(name)) await run(name, nextRequest, Number(process.env.BENCH_WRITERS ?? 20));
if (!embeddedDir) await db.end();
console.log(`server peak memory (VmHWM): ${peakRssMb(server.pid).toFixed(0)} MB`);
report('content:peak-memory', Math.round(peakRssMb(server.pid)), 'MB', 'peak memory under the content load');
await server.stop();
if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });

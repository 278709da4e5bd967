// Issue 3's benchmark: a contents list page (25 rows, filtered by container, sorted by
// updatedAt, with a token) and a public page read (GET /api/pages), each at 50 concurrent clients
// with autocannon, against a database seeded by tools/seed-demo.mjs. Prints requests/s,
// p50/p95/p99 latency, errors and the server's peak memory. Asserts nothing.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cms_bench node tools/bench/content.mjs [--seconds 20] [--connections 50]
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { report } from './lib/report.mjs';
import { peakRssMb, percentile, startServer } from './lib/server.mjs';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '20' }, connections: { type: 'string', default: '50' } } });
const duration = Number(values.seconds);
const connections = Number(values.connections);
if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a database seeded by tools/seed-demo.mjs');
  process.exit(1);
}

const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
await db.connect();
const { rows: containers } = await db.query(`SELECT c.id, s."full" FROM container c JOIN slug s ON s."containerId" = c.id ORDER BY c.id LIMIT 20`);
const { rows: pages } = await db.query(`SELECT s."full" FROM slug s WHERE s."contentId" IS NOT NULL AND s.published ORDER BY random() LIMIT 2000`);
const { rows: counted } = await db.query('SELECT count(*)::int AS n FROM content');
await db.end();
console.log(`database: ${counted[0].n} contents, ${containers.length} containers sampled, ${pages.length} page paths sampled`);

const server = await startServer({ SIGNIN_MAX_FAILURES_PER_IP: '10000' });
const signIn = await fetch(`${server.baseUrl}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: server.email, password: server.password }) });
const { token } = await signIn.json();

const locales = ['en', 'fr', 'tr', 'es', 'it'];
const q = (v) => encodeURIComponent(JSON.stringify(v));
let i = 0;
const { rows: ids } = await (async () => {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await client.query('SELECT id FROM content ORDER BY random() LIMIT 5000');
  } finally {
    await client.end();
  }
})();
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
  'one content read (GET /api/contents/{id})': () => `/api/contents/${ids[i++ % ids.length].id}?locale=${locales[i % 5]}`,
  // 2,000 pages in 5 locales: mostly first reads, so mostly the database path.
  'public page read, 10,000 distinct page/locale pairs (GET /api/pages)': () => {
    const p = pages[i++ % pages.length];
    return `/api/pages?path=${encodeURIComponent(`/${p.full}`)}&locale=${locales[i % 5]}`;
  },
  // The 100 most visited pages of a site: served from the API's page cache after the first read.
  'public page read, 100 popular pages (GET /api/pages)': () => {
    const p = pages[i++ % 20];
    return `/api/pages?path=${encodeURIComponent(`/${p.full}`)}&locale=${locales[i % 5]}`;
  },
};

async function run(name, nextPath) {
  // Warm up: connections, JIT, PostgreSQL caches.
  await autocannon({ url: server.baseUrl, connections, duration: 3, headers: { token }, requests: [{ setupRequest: (r) => ({ ...r, path: nextPath() }) }] });
  const latencies = [];
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: server.baseUrl, connections, duration, headers: { token }, requests: [{ setupRequest: (r) => ({ ...r, path: nextPath() }) }] },
      (err, res) => (err ? reject(err) : resolve(res)),
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
}

for (const [name, nextPath] of Object.entries(scenarios)) await run(name, nextPath);
console.log(`server peak memory (VmHWM): ${peakRssMb(server.pid).toFixed(0)} MB`);
report('content:peak-memory', Math.round(peakRssMb(server.pid)), 'MB', 'peak memory under the content load');
await server.stop();

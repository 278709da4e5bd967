// Issue 28's bulk create: POST /api/contents/bulk with batches of 500 contents of 10 typed fields
// (text, paragraph, rich text, number, position, boolean, date, option, location, a list of
// strings), each with its own page (slug), sent one batch after another as the Import screen
// sends them; then the same contents one POST /api/contents at a time for comparison, and the
// export of the container (JSON, streamed). Prints contents per second and the CPU per content of
// the Node server and of the PostgreSQL backends serving it. Asserts nothing.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cms_bulk_bench node tools/bench/bulk.mjs [--batches 10] [--batch 500] [--singles 1000] [--concurrency 1]
// --concurrency 2 times the batches again with two requests in flight (an importer of its own
// that does not wait for one batch before it sends the next), after the one-at-a-time run.
// The database is created empty by the caller (createdb); the API is built (dist/apps/api/main.js).
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cpuMs, startServer } from './lib/server.mjs';
import { apiCaller } from './lib/staff-runs.mjs';
import { BACKENDS_SQL } from './lib/windows.mjs';

const { values } = parseArgs({
  options: {
    batches: { type: 'string', default: '10' },
    batch: { type: 'string', default: '500' },
    singles: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '1' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL names an empty PostgreSQL database for the bench');
const BATCHES = Number(values.batches);
const CONCURRENCY = Number(values.concurrency);
if (!Number.isInteger(CONCURRENCY) || CONCURRENCY < 1 || CONCURRENCY > 8) throw new Error(`--concurrency must be 1 to 8, not ${values.concurrency}`);
const BATCH = Number(values.batch);
const SINGLES = Number(values.singles);

const FIELDS = [
  { label: 'Name', name: 'name', type: 'STRING', required: true },
  { label: 'Summary', name: 'summary', type: 'PARAGRAPH' },
  { label: 'Body', name: 'body', type: 'RICHTEXT' },
  { label: 'Price', name: 'price', type: 'NUMBER', min: 0 },
  { label: 'Rank', name: 'rank', type: 'POSITION' },
  { label: 'On sale', name: 'onSale', type: 'BOOLEAN' },
  { label: 'Since', name: 'since', type: 'DATE' },
  { label: 'Size', name: 'size', type: 'OPTION', options: ['S', 'M', 'L'] },
  { label: 'Where', name: 'where', type: 'LOCATION' },
  { label: 'Tags', name: 'tags', type: 'STRING', multiple: true },
];

const itemOf = (containerId, n) => ({
  title: `Article ${n}`,
  containerId,
  slug: `article-${n}`,
  published: n % 2 === 0,
  fields: {
    name: `Article number ${n}`,
    summary: `A summary of article ${n}, a sentence or two long, as an import from another CMS would carry.`,
    body: `<p>The body of article <strong>${n}</strong>, with a <a href="/about">link</a>.</p><p>And a second paragraph.</p>`,
    price: (n % 1000) / 4,
    rank: n,
    onSale: n % 3 === 0,
    since: '2025-06-01',
    size: ['S', 'M', 'L'][n % 3],
    where: { lat: 45.5 + (n % 10) / 100, lng: -73.5 },
    tags: ['imported', `group-${n % 20}`],
  },
});

const server = await startServer({ DATABASE_URL: databaseUrl, SIGNIN_MAX_FAILURES_PER_IP: '10000', LOG_LEVEL: 'warn' });
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const snapshot = async () => {
  const pids = (await db.query(BACKENDS_SQL)).rows.map((r) => r.pid);
  return { node: cpuMs(server.pid), pg: new Map(pids.map((p) => [p, cpuMs(p)])), at: performance.now() };
};
const report = (name, count, before, after) => {
  let pgMs = 0;
  for (const [p, ms] of after.pg) pgMs += (ms ?? 0) - (before.pg.get(p) ?? 0);
  const seconds = (after.at - before.at) / 1000;
  console.log(
    `${name}: ${count} contents in ${seconds.toFixed(2)} s, ${Math.round(count / seconds)} contents/s\n` +
      `  CPU per content: Node ${((after.node - before.node) / count).toFixed(3)} ms, PostgreSQL ${(pgMs / count).toFixed(3)} ms`,
  );
};
try {
  const call = apiCaller(server);
  const { token } = await call('POST', '/auth/signin', { email: server.email, password: server.password });
  const shop = await call('POST', '/containers', { title: 'Imported', slug: 'imported', published: true, fields: FIELDS }, token);
  const singles = await call('POST', '/containers', { title: 'One by one', slug: 'one-by-one', published: true, fields: FIELDS }, token);
  let n = 0;
  // A warm-up batch (plans, connections), not counted; then statistics, as autovacuum would gather them (it is off on this machine).
  await call('POST', '/contents/bulk', { items: Array.from({ length: BATCH }, () => itemOf(shop.id, n++)) }, token);
  await db.query('ANALYZE');

  let before = await snapshot();
  for (let b = 0; b < BATCHES; b++) {
    const answer = await call('POST', '/contents/bulk', { items: Array.from({ length: BATCH }, () => itemOf(shop.id, n++)) }, token);
    if (answer.count !== BATCH) throw new Error(`batch ${b}: ${JSON.stringify(answer).slice(0, 200)}`);
  }
  report(`POST /api/contents/bulk, ${BATCHES} batches of ${BATCH}, one after another`, BATCHES * BATCH, before, await snapshot());

  if (CONCURRENCY > 1) {
    before = await snapshot();
    let next = 0;
    const sender = async () => {
      while (next < BATCHES) {
        const b = next++;
        const answer = await call('POST', '/contents/bulk', { items: Array.from({ length: BATCH }, () => itemOf(shop.id, n++)) }, token);
        if (answer.count !== BATCH) throw new Error(`batch ${b}: ${JSON.stringify(answer).slice(0, 200)}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, sender));
    report(`POST /api/contents/bulk, ${BATCHES} batches of ${BATCH}, ${CONCURRENCY} at once`, BATCHES * BATCH, before, await snapshot());
  }

  before = await snapshot();
  await call('POST', '/contents/bulk?dryRun=true', { items: Array.from({ length: BATCH }, (_, i) => itemOf(shop.id, n + i)) }, token);
  report(`POST /api/contents/bulk?dryRun=true, one batch of ${BATCH}`, BATCH, before, await snapshot());

  before = await snapshot();
  for (let i = 0; i < SINGLES; i++) await call('POST', '/contents', itemOf(singles.id, n++), token);
  report(`POST /api/contents, ${SINGLES} one after another`, SINGLES, before, await snapshot());

  before = await snapshot();
  const res = await fetch(`${server.baseUrl}/api/contents/export?containerId=${shop.id}&format=json`, { headers: { token } });
  const text = await res.text();
  if (!res.ok) throw new Error(`export: ${res.status} ${text.slice(0, 200)}`);
  report(`GET /api/contents/export?format=json (${(text.length / 1e6).toFixed(1)} MB)`, JSON.parse(text).length, before, await snapshot());
} finally {
  await db.end();
  await server.stop();
}

// Issue 28's field-value queries: seeds one container of 100,000 contents (and a second of 20,000
// whose fields share names) with typed fields in en and a French value for some, by set-based SQL,
// then times GET /api/contents with field filters and sorts, one request at a time, each with other
// values so that the list cache never answers (p50, p95 and the CPU per request of the server and of
// PostgreSQL). Then what the value indexes (migration ContentFieldValueIndexes) cost a write:
// creates and updates of a content with its typed fields, with the indexes and with them dropped.
// Prints the EXPLAIN (ANALYZE) of the main query. Asserts nothing.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cms_fq_bench node tools/bench/field-queries.mjs [--contents 100000] [--runs 60] [--writes 200]
//   node tools/bench/field-queries.mjs --embedded [--contents 20000]   the embedded database (PGlite in the server's process)
//   --reuse: a server database this bench seeded before is timed again as it is (no seed).
// Needs a build (dist/apps/api). A server database is created empty by the caller (createdb).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openEmbedded } from './lib/embedded-client.mjs';
import { report } from './lib/report.mjs';
import { cpuMs, percentile, root, startServer } from './lib/server.mjs';
import { apiCaller } from './lib/staff-runs.mjs';
import { BACKENDS_SQL } from './lib/windows.mjs';

const { values } = parseArgs({
  options: {
    contents: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '60' },
    writes: { type: 'string', default: '200' },
    embedded: { type: 'boolean' },
    reuse: { type: 'boolean' },
  },
});
const total = Number(values.contents);
const runs = Number(values.runs);
const writes = Number(values.writes);
const databaseUrl = values.embedded ? undefined : process.env.DATABASE_URL;
if (!databaseUrl && !values.embedded) throw new Error('Set DATABASE_URL to an empty PostgreSQL database, or give --embedded');

const dataDir = values.embedded ? mkdtempSync(join(tmpdir(), 'cms-fq-bench-')) : undefined;
if (dataDir) delete process.env.DATABASE_URL;
const env = dataDir ? { ...process.env, DATA_DIR: dataDir } : process.env;
const migrated = spawnSync(process.execPath, [join(root, 'dist/apps/api/cli.js'), 'migrate'], { cwd: root, env, stdio: 'inherit' });
if (migrated.status !== 0) process.exit(migrated.status ?? 1);

const CATEGORIES = Array.from({ length: 20 }, (_, i) => `cat-${i}`);
const FIELDS = [
  { name: 'price', type: 'NUMBER' },
  { name: 'date', type: 'DATE' },
  { name: 'category', type: 'OPTION', options: CATEGORIES },
  { name: 'sku', type: 'STRING' },
  { name: 'featured', type: 'BOOLEAN' },
  { name: 'tags', type: 'STRING', multiple: true },
];

let client = dataDir ? await openEmbedded(join(dataDir, 'pg')) : new pg.Client({ connectionString: databaseUrl });
if (!dataDir) await client.connect();
const seeded = Date.now();
const reused = values.reuse && !dataDir ? (await client.query(`SELECT id FROM "container" WHERE title = 'Products'`)).rows[0] : undefined;
const { rows: containers } = reused
  ? { rows: [reused] }
  : await client.query(`INSERT INTO "container" (title, published, status) SELECT t, true, 'AVAILABLE' FROM unnest($1::text[]) t RETURNING id, title`, [
      ['Products', 'Archive'],
    ]);
const [products, archive] = containers.map((c) => c.id);
for (const containerId of reused ? [] : [products, archive]) {
  await client.query(
    `INSERT INTO "container_field" (label, name, type, multiple, options, "containerId", position)
     SELECT f->>'name', f->>'name', (f->>'type')::container_field_type, coalesce((f->>'multiple')::boolean, false), f->'options', $2, n
     FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(f, n)`,
    [JSON.stringify(FIELDS), containerId],
  );
}

/**
 * `count` contents of a container in chunks of 10,000 (one statement of field rows per chunk keeps
 * the document trigger's batch bounded): price 0-1000 with cents, a date over five years, a
 * category of 20, a unique sku, featured one in ten, two tags of 1,000; a fifth have a French sku.
 */
async function seed(containerId, count, prefix) {
  for (let from = 1; from <= count; from += 10_000) {
    const to = Math.min(count, from + 9_999);
    await client.query('BEGIN');
    const { rows } = await client.query(
      `INSERT INTO "content" (title, "containerId", published, status, "updatedAt")
       SELECT $3 || ' ' || g, $1, g % 5 <> 0, 'AVAILABLE', now() - make_interval(secs => g) FROM generate_series($2::int, $4::int) g RETURNING id`,
      [containerId, from, prefix, to],
    );
    const ids = rows.map((r) => r.id);
    await client.query(
      `INSERT INTO "content_field" (name, type, "contentId", lang, position, multiple, "numberValue", "dateValue", "textValue", "boolValue")
       SELECT f.name, f.type::container_field_type, c.id, f.lang::lang, f.position, f.multiple, f.num, f.dt, f.txt, f.bool
       FROM unnest($1::int[]) WITH ORDINALITY AS c(id, n)
       CROSS JOIN LATERAL (VALUES
         ('price', 'NUMBER', 'en', 0, false, round((hashtext(c.id::text || 'p') & 1048575)::numeric / 1048.575, 2)::float8, NULL::timestamptz, NULL::text, NULL::boolean),
         ('date', 'DATE', 'en', 0, false, NULL, timestamptz '2021-01-01' + make_interval(mins => (hashtext(c.id::text || 'd') & 2097151) + 0), NULL, NULL),
         ('category', 'OPTION', 'en', 0, false, NULL, NULL, 'cat-' || ((hashtext(c.id::text || 'c') & 1023) % 20), NULL),
         ('sku', 'STRING', 'en', 0, false, NULL, NULL, $2 || '-' || c.id, NULL),
         ('featured', 'BOOLEAN', 'en', 0, false, NULL, NULL, NULL, c.id % 10 = 0),
         ('tags', 'STRING', 'en', 0, true, NULL, NULL, 'tag-' || ((hashtext(c.id::text || 't1') & 65535) % 1000), NULL),
         ('tags', 'STRING', 'en', 1, true, NULL, NULL, 'tag-' || ((hashtext(c.id::text || 't2') & 65535) % 1000), NULL),
         ('sku', 'STRING', 'fr', 0, false, NULL, NULL, CASE WHEN c.n % 5 = 0 THEN 'fr-' || $2 || '-' || c.id END, NULL)
       ) AS f(name, type, lang, position, multiple, num, dt, txt, bool)
       WHERE f.lang = 'en' OR f.txt IS NOT NULL`,
      [ids, prefix],
    );
    await client.query('COMMIT');
  }
}
if (!reused) {
  await seed(products, total, 'P');
  await seed(archive, Math.round(total / 5), 'A');
}
// What autovacuum would do on a site that grew to this size (a bulk seed outruns it; this machine's
// PostgreSQL runs without it): statistics, and the visibility map that index-only scans read.
await client.query('VACUUM ANALYZE');
const { rows: sizes } = await client.query(
  `SELECT (SELECT count(*)::int FROM content) AS contents, (SELECT count(*)::int FROM content_field) AS rows,
     (SELECT coalesce(sum(pg_relation_size(c.oid)), 0)::bigint FROM pg_class c WHERE c.relname IN ('IDX_content_field_number_value', 'IDX_content_field_date_value', 'IDX_content_field_text_value')) AS "indexBytes",
     pg_relation_size('content_field')::bigint AS "tableBytes"`,
);
console.log(
  `seeded ${sizes[0].contents} contents (${total} in one container), ${sizes[0].rows} field rows in ${((Date.now() - seeded) / 1000).toFixed(1)} s; ` +
    `value indexes ${(Number(sizes[0].indexBytes) / 2 ** 20).toFixed(1)} MB beside a table of ${(Number(sizes[0].tableBytes) / 2 ** 20).toFixed(1)} MB`,
);
if (dataDir) await client.end();

const server = await startServer(dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: databaseUrl });
if (!dataDir) {
  await client.end();
  client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
}
const db = dataDir ? null : client;
const backends = async () => (db ? (await db.query(BACKENDS_SQL)).rows.map((r) => r.pid) : []);
const cpu = async () => ({ node: cpuMs(server.pid), pg: new Map((await backends()).map((p) => [p, cpuMs(p)])) });
const cpuPerRequest = (before, after, n) => {
  let pgMs = 0;
  for (const [p, ms] of after.pg) pgMs += (ms ?? 0) - (before.pg.get(p) ?? 0);
  return `Node ${((after.node - before.node) / n).toFixed(2)} ms, PostgreSQL ${db ? (pgMs / n).toFixed(2) + ' ms' : '(in Node)'}`;
};

const api = apiCaller(server);
const { token } = await api('POST', '/auth/signin', { email: server.email, password: server.password });
const q = (value) => encodeURIComponent(JSON.stringify(value));
const rand = (n) => Math.floor(Math.random() * n);

/** Times `runs` requests, one at a time, each built by `next(i)` (other values each time: the list cache keeps none). */
async function time(label, next, id) {
  const once = async (i) => {
    const path = next(i);
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}/api/contents?${path}`, { headers: { token } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${body}`);
    return { ms: performance.now() - started, rows: JSON.parse(body).length, range: res.headers.get('content-range') };
  };
  for (let i = 0; i < 5; i++) await once(runs + i);
  const before = await cpu();
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await once(i));
  const after = await cpu();
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const matched = results.map((r) => Number(r.range.split('/')[1])).sort((a, b) => a - b);
  console.log(
    `${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms — ${results[0].rows} rows a page, ` +
      `median match ${matched[Math.floor(matched.length / 2)]}; CPU per request: ${cpuPerRequest(before, after, runs)}`,
  );
  report(`field-queries-${id}-p50`, percentile(times, 50), 'ms', `${label} p50`);
}

const base = { containerId: products };
const price = (i) => Math.round((990 + ((i * 37) % 1000) / 100) * 100) / 100;
await time(
  'price ≥ x (about 1%), sorted by date DESC, en',
  (i) => `filter=${q({ ...base, 'fields.price': { gte: price(i) } })}&sort=${q(['fields.date', 'DESC'])}&range=${q([0, 24])}`,
  'range-sort-en',
);
await time(
  'price ≥ x (about 1%), sorted by date DESC, fr (fallback to en)',
  (i) => `filter=${q({ ...base, 'fields.price': { gte: price(i) } })}&sort=${q(['fields.date', 'DESC'])}&range=${q([0, 24])}&locale=fr`,
  'range-sort-fr',
);
await time(
  'category = one of 20 and date in one month (about 0.08%), sorted by price ASC',
  (i) => {
    const month = String(1 + (i % 12)).padStart(2, '0');
    return `filter=${q({ ...base, 'fields.category': CATEGORIES[i % 20], 'fields.date': { gte: `2022-${month}-01`, lt: `2022-${month}-28` } })}&sort=${q(['fields.price', 'ASC'])}`;
  },
  'option-date-sort',
);
await time('sku = one value (1 row), en', () => `filter=${q({ ...base, 'fields.sku': `P-${1 + rand(total)}` })}`, 'text-eq');
await time(
  'tags has one of 1,000 (about 0.2%, multiple), sorted by price DESC',
  (i) => `filter=${q({ ...base, 'fields.tags': { in: [`tag-${i % 1000}`] } })}&sort=${q(['fields.price', 'DESC'])}`,
  'multiple-in',
);
await time(
  'price ≥ x with fields=title,fields.price (projection)',
  (i) => `filter=${q({ ...base, 'fields.price': { gte: price(i) } })}&sort=${q(['fields.date', 'DESC'])}&fields=title,fields.price`,
  'projection',
);
await time(
  'not selective: price ≥ 100 (90%), sorted by date DESC, a window in the first 2,500',
  (i) => `filter=${q({ ...base, 'fields.price': { gte: 100 } })}&sort=${q(['fields.date', 'DESC'])}&range=${q([i * 25 + 1, i * 25 + 25])}`,
  'unselective',
);
await time(
  'no field filter, sorted by date DESC (every content of the container)',
  (i) => `filter=${q(base)}&sort=${q(['fields.date', 'DESC'])}&range=${q([i * 25, i * 25 + 24])}`,
  'sort-only',
);
await time('the list as before: container, updatedAt DESC', (i) => `filter=${q(base)}&range=${q([i * 25, i * 25 + 24])}`, 'baseline');

// The plan of the main query, from the server's own statement builder.
if (db) {
  const require = createRequire(import.meta.url);
  const { listStatement } = require(join(root, 'dist/apps/api/contents/read-model/content-list.js'));
  const { checkFieldQuery, splitFieldQuery } = require(join(root, 'dist/apps/api/contents/read-model/field-queries.js'));
  const { parseListQuery } = require(join(root, 'dist/apps/api/common/http/list-query.js'));
  const { CONTENT_LIST_SPEC } = require(join(root, 'dist/apps/api/contents/read-model/content-list.js'));
  const { rows: definitions } = await db.query(`SELECT name, type, multiple, options FROM container_field WHERE "containerId" = $1`, [products]);
  const { rest, split } = splitFieldQuery({ filter: JSON.stringify({ ...base, 'fields.price': { gte: 995 } }), sort: JSON.stringify(['fields.date', 'DESC']) });
  const statement = listStatement(parseListQuery(rest, CONTENT_LIST_SPEC), 'en', checkFieldQuery(split, products, definitions));
  const { rows: plan } = await db.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`, statement.values);
  console.log('\nEXPLAIN (ANALYZE) of price ≥ 995 sorted by date DESC, en:\n' + plan.map((r) => r['QUERY PLAN']).join('\n') + '\n');
}

/** Creates then updates `writes` contents with their six fields, one at a time: p50 and CPU per write. */
async function writeCost(label) {
  const fields = (i) => ({
    price: (i * 7.31) % 1000,
    date: `2024-0${1 + (i % 9)}-1${i % 10}`,
    category: CATEGORIES[i % 20],
    sku: `W-${label}-${i}`,
    featured: i % 2 === 0,
    tags: [`tag-${i % 1000}`, `tag-${(i * 3) % 1000}`],
  });
  const measure = async (what, call) => {
    const before = await cpu();
    const times = [];
    for (let i = 0; i < writes; i++) {
      const started = performance.now();
      await call(i);
      times.push(performance.now() - started);
    }
    const after = await cpu();
    times.sort((a, b) => a - b);
    console.log(
      `${what} ${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms; CPU per write: ${cpuPerRequest(before, after, writes)}`,
    );
    report(`field-queries-${what}-${label.replace(/\W+/g, '-')}-p50`, percentile(times, 50), 'ms', `${what} ${label} p50`);
  };
  const ids = [];
  await measure('create', async (i) => ids.push((await api('POST', '/contents', { title: `W ${i}`, containerId: products, fields: fields(i) }, token)).id));
  await measure('update', (i) => api('PUT', `/contents/${ids[i]}`, { fields: fields(i + 1) }, token));
}

try {
  if (db) {
    await writeCost('with the value indexes');
    const { rows: definitions } = await db.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE indexname IN ('IDX_content_field_number_value', 'IDX_content_field_date_value', 'IDX_content_field_text_value')`,
    );
    for (const { indexname } of definitions) await db.query(`DROP INDEX "${indexname}"`);
    await writeCost('without them');
    for (const { indexdef } of definitions) await db.query(indexdef);
  } else {
    await writeCost('with the value indexes');
  }
} finally {
  if (db) await db.end();
  await server.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

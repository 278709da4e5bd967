// Issue 30's command palette: GET /api/search at 10,000 contents (half of them in a container with a
// per-locale `title` field, each with an en and, for half, a French value), 300 media, 200 elements
// and forms, 100 users, seeded by set-based SQL. Times the search one request at a time with other
// words each time (p50, p95 and the CPU per request of the server and of PostgreSQL), as the owner
// (every kind searched). Asserts nothing.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cms_search_bench node tools/bench/search.mjs [--contents 10000] [--runs 100]
//   node tools/bench/search.mjs --embedded   the embedded database (PGlite in the server's process)
// Needs a build (dist/apps/api). A server database is created empty by the caller (createdb).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
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
  options: { contents: { type: 'string', default: '10000' }, runs: { type: 'string', default: '100' }, embedded: { type: 'boolean' } },
});
const total = Number(values.contents);
const runs = Number(values.runs);
const databaseUrl = values.embedded ? undefined : process.env.DATABASE_URL;
if (!databaseUrl && !values.embedded) throw new Error('Set DATABASE_URL to an empty PostgreSQL database, or give --embedded');
const dataDir = values.embedded ? mkdtempSync(join(tmpdir(), 'cms-search-bench-')) : undefined;
if (dataDir) delete process.env.DATABASE_URL;
const env = dataDir ? { ...process.env, DATA_DIR: dataDir } : process.env;
const migrated = spawnSync(process.execPath, [join(root, 'dist/apps/api/cli.js'), 'migrate'], { cwd: root, env, stdio: 'inherit' });
if (migrated.status !== 0) process.exit(migrated.status ?? 1);

const WORDS = [
  'harbour',
  'spring',
  'market',
  'garden',
  'river',
  'mountain',
  'festival',
  'library',
  'museum',
  'station',
  'bridge',
  'castle',
  'forest',
  'island',
  'valley',
  'theatre',
  'school',
  'bakery',
  'stadium',
  'lighthouse',
];
const MOTS = [
  'port',
  'printemps',
  'marché',
  'jardin',
  'rivière',
  'montagne',
  'fête',
  'bibliothèque',
  'musée',
  'gare',
  'pont',
  'château',
  'forêt',
  'île',
  'vallée',
  'théâtre',
  'école',
  'boulangerie',
  'stade',
  'phare',
];

let client = dataDir ? await openEmbedded(join(dataDir, 'pg')) : new pg.Client({ connectionString: databaseUrl });
if (!dataDir) await client.connect();
const seeded = Date.now();
const { rows: containers } = await client.query(
  `INSERT INTO "container" (title, published, status) SELECT t, true, 'AVAILABLE' FROM unnest($1::text[]) t RETURNING id`,
  [['Articles', 'Places']],
);
const [articles, places] = containers.map((c) => c.id);
await client.query(
  `INSERT INTO "container_field" (label, name, type, multiple, "containerId", position) VALUES ('Title', 'title', 'STRING', false, $1, 0), ('Body', 'body', 'PARAGRAPH', false, $1, 1)`,
  [places],
);
// Titles of two words and a number (`garden bridge 412`); in Places a title field in en and, for half, fr.
const titleSql = (w, n) =>
  `(${w})[1 + (hashtext(${n}::text || 'a') & 1023) % 20] || ' ' || (${w})[1 + (hashtext(${n}::text || 'b') & 1023) % 20] || ' ' || ${n}`;
await client.query('BEGIN');
const { rows } = await client.query(
  `INSERT INTO "content" (title, "containerId", published, status, "updatedAt")
   SELECT initcap(${titleSql('$2::text[]', 'g')}), CASE WHEN g % 2 = 0 THEN $3::int ELSE $4::int END, g % 5 <> 0, 'AVAILABLE', now() - make_interval(secs => g)
   FROM generate_series(1, $1::int) g RETURNING id, title, "containerId"`,
  [total, WORDS, articles, places],
);
const inPlaces = rows.filter((r) => r.containerId === places);
await client.query(
  `INSERT INTO "content_field" (name, type, "contentId", lang, position, multiple, "textValue")
   SELECT f.name, f.type::container_field_type, c.id, f.lang::lang, 0, false, f.txt
   FROM unnest($1::int[], $2::text[]) WITH ORDINALITY AS c(id, title, n)
   CROSS JOIN LATERAL (VALUES
     ('title', 'STRING', 'en', c.title),
     ('body', 'PARAGRAPH', 'en', 'A few words about ' || c.title),
     ('title', 'STRING', 'fr', CASE WHEN c.n % 2 = 0 THEN initcap(${titleSql('$3::text[]', 'c.n')}) END)
   ) AS f(name, type, lang, txt)
   WHERE f.txt IS NOT NULL`,
  [inPlaces.map((r) => r.id), inPlaces.map((r) => r.title), MOTS],
);
await client.query(
  `INSERT INTO "element" (title, block, content) SELECT 'Banner ' || ${titleSql('$1::text[]', 'g')}, 'cta', '{}' FROM generate_series(1, 200) g`,
  [WORDS],
);
await client.query(`INSERT INTO "form" (title) SELECT 'Form ' || ${titleSql('$1::text[]', 'g')} FROM generate_series(1, 200) g`, [WORDS]);
await client.query(
  `INSERT INTO "media" (uri, "mimeType", name, size) SELECT 'bench/' || g || '.jpg', 'image/jpeg', replace(${titleSql('$1::text[]', 'g')}, ' ', '-') || '.jpg', 1000 FROM generate_series(1, 300) g`,
  [WORDS],
);
await client.query(`INSERT INTO "user" (name) SELECT initcap(${titleSql('$1::text[]', 'g')}) FROM generate_series(1, 100) g`, [WORDS]);
await client.query('COMMIT');
await client.query('VACUUM ANALYZE');
const { rows: counts } = await client.query(`SELECT (SELECT count(*)::int FROM content) AS contents, (SELECT count(*)::int FROM content_field) AS fields`);
console.log(
  `seeded ${counts[0].contents} contents, ${counts[0].fields} field rows, 200 elements, 200 forms, 300 media, 100 users in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
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
const api = apiCaller(server);
const { token } = await api('POST', '/auth/signin', { email: server.email, password: server.password });

async function time(label, next, id) {
  const once = async (i) => {
    const q = next(i);
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}/api/search?q=${encodeURIComponent(q)}&limit=20`, { headers: { token } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${q}: ${res.status} ${body}`);
    return { ms: performance.now() - started, hits: JSON.parse(body).hits.length };
  };
  for (let i = 0; i < 5; i++) await once(runs + i);
  const before = await cpu();
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await once(i));
  const after = await cpu();
  let pgMs = 0;
  for (const [p, ms] of after.pg) pgMs += (ms ?? 0) - (before.pg.get(p) ?? 0);
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  console.log(
    `${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ${results[0].hits} hits; CPU per request: ` +
      `Node ${((after.node - before.node) / runs).toFixed(2)} ms, PostgreSQL ${db ? (pgMs / runs).toFixed(2) + ' ms' : '(in Node)'}`,
  );
  report(`search-${id}-p50`, percentile(times, 50), 'ms', `${label} p50`);
  report(`search-${id}-p95`, percentile(times, 95), 'ms', `${label} p95`);
}

await time('a word, 3 letters (many matches)', (i) => WORDS[i % 20].slice(0, 3), 'prefix3');
await time('a whole word', (i) => WORDS[(i * 7) % 20], 'word');
await time('two words and a number (one content)', (i) => rows[(i * 97) % rows.length].title, 'exact');
await time('a French title field word', (i) => MOTS[i % 20], 'field-fr');
await time('nothing matches', (i) => `zqx${i}`, 'none');

await server.stop();
if (db) await client.end();

// Issue 27's Pages tree at 10,000 pages: seeds a site of a few containers and 10,000 contents under
// one of them (a 10,000-child level), plus a few hundred under two others, then
// times GET /api/slugs/tree for the top level, the first page of the 10,000-child level (by title
// and by path) and a title search, as the back office asks them. Prints p50, p95 and the slowest
// of the measured calls; the target is the top level under 300 ms. Asserts nothing.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cms_tree_bench node tools/bench/page-tree.mjs [--pages 10000] [--runs 30]
//   node tools/bench/page-tree.mjs --embedded [...]   the embedded database (PGlite in the server's process)
// Needs a build (dist/apps/api). A server database is created empty by the caller (createdb).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openEmbedded } from './lib/embedded-client.mjs';
import { report } from './lib/report.mjs';
import { root, startServer } from './lib/server.mjs';

const { values } = parseArgs({
  options: { pages: { type: 'string', default: '10000' }, runs: { type: 'string', default: '30' }, embedded: { type: 'boolean' } },
});
const pages = Number(values.pages);
const runs = Number(values.runs);
const databaseUrl = values.embedded ? undefined : process.env.DATABASE_URL;
if (!databaseUrl && !values.embedded) throw new Error('Set DATABASE_URL to an empty PostgreSQL database, or give --embedded');

// The schema first (the built CLI's migrations), then the seed, set-based SQL, before the server
// opens the database (the embedded one takes one process at a time).
const dataDir = values.embedded ? mkdtempSync(join(tmpdir(), 'cms-tree-bench-')) : undefined;
// The embedded database: no DATABASE_URL reaches the CLI nor the server.
if (dataDir) delete process.env.DATABASE_URL;
const env = dataDir ? { ...process.env, DATA_DIR: dataDir } : process.env;
const migrated = spawnSync(process.execPath, [join(root, 'dist/apps/api/cli.js'), 'migrate'], { cwd: root, env, stdio: 'inherit' });
if (migrated.status !== 0) process.exit(migrated.status ?? 1);

const client = dataDir ? await openEmbedded(join(dataDir, 'pg')) : new pg.Client({ connectionString: databaseUrl });
if (!dataDir) await client.connect();
const seeded = Date.now();
await client.query('BEGIN');
// The level of `--pages` children under /blog, and a few hundred more pages under two others.
const big = pages;
const small = Math.min(300, Math.ceil(pages / 20));
const { rows: containers } = await client.query(
  `INSERT INTO "container" (title, published, status) SELECT t, true, 'AVAILABLE' FROM unnest($1::text[]) t RETURNING id, title`,
  [['Home', 'Blog', 'Docs', 'Company', 'Shop']],
);
const id = (title) => containers.find((c) => c.title === title).id;
await client.query(`INSERT INTO "slug" ("full", basic, "containerId", published) SELECT s, s, c, true FROM unnest($1::text[], $2::int[]) AS x(s, c)`, [
  ['', 'blog', 'docs', 'company', 'shop'],
  ['Home', 'Blog', 'Docs', 'Company', 'Shop'].map(id),
]);
for (const [title, count] of [
  ['Blog', big],
  ['Docs', small],
  ['Company', small],
]) {
  await client.query(
    `INSERT INTO "content" (title, "containerId", published, status, "updatedAt")
     SELECT $3 || ' ' || md5(g::text), $2, g % 7 <> 0, 'AVAILABLE', now() - make_interval(secs => g) FROM generate_series(1, $1) g`,
    [count, id(title), title === 'Blog' ? 'Post' : 'Page'],
  );
}
await client.query(
  `INSERT INTO "slug" ("full", basic, "parentId", "contentId", published)
   SELECT parent."full" || '/item-' || c.id, 'item-' || c.id, parent.id, c.id, c.published
   FROM "content" c JOIN "slug" parent ON parent."containerId" = c."containerId"`,
);
await client.query('COMMIT');
// The statistics autovacuum would gather on a site that grew to this size (a bulk seed outruns it:
// without them the planner guesses a handful of rows per level and loops over 10,000 index reads).
await client.query('ANALYZE');
const { rows: counted } = await client.query(`SELECT count(*)::int AS n FROM "slug"`);
const { rows: blogSlug } = await client.query(`SELECT id FROM "slug" WHERE "containerId" = $1`, [id('Blog')]);
await client.end();
console.log(`seeded ${counted[0].n} pages (${big} under /blog) in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

const server = await startServer(dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: databaseUrl });
try {
  const signin = await fetch(`${server.baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.email, password: server.password }),
  });
  const { token } = await signin.json();
  const time = async (label, path, target) => {
    const once = async () => {
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}${path}`, { headers: { token } });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      const body = await res.json();
      return { ms: performance.now() - started, count: body.length, range: res.headers.get('content-range') };
    };
    const first = await once();
    for (let i = 0; i < 3; i++) await once();
    const times = [];
    for (let i = 0; i < runs; i++) times.push((await once()).ms);
    times.sort((a, b) => a - b);
    const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
    const verdict = target ? (at(0.95) < target ? ` (under ${target} ms)` : ` (OVER ${target} ms)`) : '';
    console.log(
      `${label}: first call ${first.ms.toFixed(1)} ms; p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, slowest ${times.at(-1).toFixed(1)} ms${verdict} — ${first.count} rows, Content-Range ${first.range}`,
    );
    report(`page-tree-${label.replace(/\W+/g, '-').toLowerCase()}-p50`, at(0.5), 'ms', `${label} p50`);
  };
  const range = encodeURIComponent('[0,49]');
  await time('top level', `/api/slugs/tree?range=${range}`, 300);
  await time('10,000-child level, first page by title', `/api/slugs/tree?parentId=${blogSlug[0].id}&range=${range}`, 300);
  await time('10,000-child level, first page by path', `/api/slugs/tree?parentId=${blogSlug[0].id}&range=${range}&sort=path`, 300);
  await time('10,000-child level, page 100 by title', `/api/slugs/tree?parentId=${blogSlug[0].id}&range=${encodeURIComponent('[4950,4999]')}`);
  await time('title search (picker)', `/api/slugs/tree?q=post%20a&range=${encodeURIComponent('[0,19]')}`);
} finally {
  await server.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

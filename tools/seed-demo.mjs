// Seeds a large demo data set for benchmarks: containers with 10 typed fields each, contents
// with every field in the five locales, published slugs. Set-based SQL, so 100,000 contents
// (5 million field values) take minutes, not hours.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cms_bench node tools/seed-demo.mjs [--contents 100000] [--containers 20]
//   node tools/seed-demo.mjs --data-dir <dir> [...]   the embedded database of a server started with DATA_DIR=<dir>
//     (while no server has it open: it takes one connection at a time)
// The schema is brought up to date first (the API's migrations, through the built CLI).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openEmbedded } from './bench/lib/embedded-client.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { contents: { type: 'string', default: '100000' }, containers: { type: 'string', default: '20' }, 'data-dir': { type: 'string' } },
});
const contents = Number(values.contents);
const containers = Number(values.containers);
const dataDir = values['data-dir'];
const url = dataDir ? undefined : process.env.DATABASE_URL;
if (!url && !dataDir) {
  console.error('Set DATABASE_URL to the PostgreSQL database to seed, or give --data-dir for an embedded one.');
  process.exit(1);
}
if (!Number.isInteger(contents) || contents < 1 || !Number.isInteger(containers) || containers < 1) {
  console.error('--contents and --containers take positive whole numbers');
  process.exit(1);
}

const migrateEnv = { ...process.env };
if (dataDir) {
  migrateEnv.DATA_DIR = dataDir;
  delete migrateEnv.DATABASE_URL;
}
const migrate = spawnSync(process.execPath, [join(root, 'dist/apps/api/cli.js'), 'migrate'], { cwd: root, env: migrateEnv, stdio: 'inherit' });
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const FIELDS = [
  ['headline', 'STRING'],
  ['summary', 'PARAGRAPH'],
  ['body', 'RICHTEXT'],
  ['price', 'NUMBER'],
  ['featured', 'BOOLEAN'],
  ['publishedOn', 'DATE'],
  ['accent', 'COLOR'],
  ['category', 'OPTION'],
  ['website', 'LINK'],
  ['author', 'STRING'],
];

const client = dataDir ? await openEmbedded(join(dataDir, 'pg')) : new pg.Client({ connectionString: url });
if (!dataDir) await client.connect();

const started = Date.now();
const step = async (label, sql, params = []) => {
  const t = Date.now();
  const res = await client.query(sql, params);
  console.log(`${label}: ${res.rowCount ?? 0} rows in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return res;
};

await client.query('BEGIN');
const run = Date.now().toString(36);
const { rows: created } = await step(
  'containers',
  `INSERT INTO "container" (title, published, status) SELECT 'Collection ' || g || ' ' || $2, true, 'AVAILABLE' FROM generate_series(1, $1) g RETURNING id`,
  [containers, run],
);
const containerIds = created.map((r) => r.id);
await step(
  'container fields',
  `INSERT INTO "container_field" (label, name, type, required, options, "containerId", position)
   SELECT initcap(f.name), f.name, f.type::container_field_type, false,
          CASE WHEN f.type = 'OPTION' THEN '["news","guide","review"]'::jsonb END, c.id, f.pos
   FROM unnest($1::int[]) c(id) CROSS JOIN unnest($2::text[], $3::text[]) WITH ORDINALITY f(name, type, pos)`,
  [containerIds, FIELDS.map((f) => f[0]), FIELDS.map((f) => f[1])],
);
await step(
  'container slugs',
  `INSERT INTO "slug" ("full", basic, "containerId", published) SELECT 'collection-' || c.id, 'collection-' || c.id, c.id, true FROM unnest($1::int[]) c(id)`,
  [containerIds],
);
await step(
  'contents',
  `INSERT INTO "content" (title, "containerId", published, status, "updatedAt")
   SELECT 'Item ' || g || ' of ' || $3, ($2::int[])[1 + (g % array_length($2::int[], 1))], true, 'AVAILABLE', now() - make_interval(secs => g)
   FROM generate_series(1, $1) g`,
  [contents, containerIds, run],
);
await step(
  'content slugs',
  `INSERT INTO "slug" ("full", basic, "parentId", "contentId", published)
   SELECT parent."full" || '/item-' || c.id, 'item-' || c.id, parent.id, c.id, true
   FROM "content" c JOIN "slug" parent ON parent."containerId" = c."containerId"
   WHERE c."containerId" = ANY($1::int[])`,
  [containerIds],
);
// About 1 KB of text per content and locale, like the Directus/Strapi comparison rows.
await step(
  'content field values (5 locales)',
  `INSERT INTO "content_field" (name, type, "contentId", lang, "textValue", "numberValue", "boolValue", "dateValue", multiple, position)
   SELECT f.name, f.type, c.id, l.lang,
     CASE f.type
       WHEN 'STRING' THEN f.name || ' ' || l.lang || ' ' || c.id
       WHEN 'PARAGRAPH' THEN repeat('Lorem ipsum dolor sit amet, consectetur adipiscing elit ' || l.lang || ' ' || c.id || '. ', 5)
       WHEN 'RICHTEXT' THEN '<p>' || repeat('Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua ' || c.id || '. ', 8) || '</p>'
       WHEN 'COLOR' THEN '#26D17D'
       WHEN 'OPTION' THEN (ARRAY['news','guide','review'])[1 + c.id % 3]
       WHEN 'LINK' THEN 'https://example.com/items/' || c.id
     END,
     CASE WHEN f.type = 'NUMBER' THEN c.id * 1.5 END,
     CASE WHEN f.type = 'BOOLEAN' THEN c.id % 2 = 0 END,
     CASE WHEN f.type = 'DATE' THEN now() - make_interval(days => c.id % 1000) END,
     false, 0
   FROM "content" c
   JOIN "container_field" f ON f."containerId" = c."containerId"
   CROSS JOIN unnest(ARRAY['en','fr','tr','es','it']::lang[]) l(lang)
   WHERE c."containerId" = ANY($1::int[])`,
  [containerIds],
);
await client.query('COMMIT');
// VACUUM as well as ANALYZE: without a visibility map, the list's index-only scans read the heap
// for every entry they pass (EXPLAIN of a list page at offset 137: 162 heap fetches before it).
await step('vacuum and analyze', 'VACUUM (ANALYZE)');
await client.end();
console.log(
  `Seeded ${containers} containers and ${contents} contents in ${((Date.now() - started) / 1000).toFixed(0)} s (containers ${containerIds[0]}..${containerIds.at(-1)}).`,
);

// Issue 27's benchmark: what the translation status costs to read. Against a database seeded by
// tools/seed-demo.mjs (every field in the five locales: all complete), it first makes some work to
// do (--mix: a text field's tr values dropped in one content of three, en's text changed in one
// of four, so tr and fr have missing and outdated contents), then times, one request at a time:
// GET /api/translations/summary, the contents list filtered to "missing in tr" and to "outdated
// in fr" (pages of 25), the statuses of a list page (GET /api/translations?contentIds= with 25 ids),
// and the plain list page for comparison. Prints median and p95 ms. Asserts nothing.
// --writes measures instead what the translation sources cost a save, on the seeded contents (five
// locales each): a fr save and an en save of one text field (autocannon, 10 in flight), with the
// CPU per request of Node and PostgreSQL. To compare with the refresh before issue 27, run it once
// more after putting back ContentDocumentWrittenOnce's content_document_refresh (its `source` is then
// left alone); run them in turn, several times: this machine's figures vary by ±20%.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cms_bench node tools/bench/translations.mjs [--runs 30] [--mix]
//   DATABASE_URL=… node tools/bench/translations.mjs --writes [--seconds 10]
import { parseArgs } from 'node:util';
import pg from 'pg';
import { percentile, startServer } from './lib/server.mjs';
import { staffRuns } from './lib/staff-runs.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '30' }, mix: { type: 'boolean' }, writes: { type: 'boolean' }, seconds: { type: 'string', default: '10' } },
});
const runs = Number(values.runs);
if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a database seeded by tools/seed-demo.mjs');
  process.exit(1);
}

const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
await db.connect();
const [{ contents }] = (await db.query(`SELECT count(*)::int AS contents FROM "content"`)).rows;
const TEXT_FIELDS = `SELECT DISTINCT ON (c.id) c.id, f.name FROM "content" c JOIN "container_field" f ON f."containerId" = c."containerId"
    WHERE f.type IN ('STRING', 'PARAGRAPH', 'RICHTEXT') AND NOT f.multiple ORDER BY c.id, f.position`;
if (values.writes) {
  const targets = (await db.query(`${TEXT_FIELDS} LIMIT 2000`)).rows;
  const server = await startServer({ SIGNIN_MAX_FAILURES_PER_IP: '10000' });
  try {
    const signIn = await fetch(`${server.baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: server.email, password: server.password }),
    });
    const { token } = await signIn.json();
    const run = staffRuns({ server, db, token, duration: Number(values.seconds), connections: 10 });
    let n = 0;
    const save = (locale) => () => {
      const { id, name } = targets[n++ % targets.length];
      return {
        method: 'PUT',
        path: `/api/contents/${id}?locale=${locale}`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fields: { [name]: `Text ${locale} ${n}` } }),
      };
    };
    await run('fr save of one text field (PUT ?locale=fr: its document and sources rewritten)', save('fr'));
    await run('en save of one text field (PUT: en and the four other locales rewritten)', save('en'));
  } finally {
    await server.stop();
    await db.end();
  }
  process.exit(0);
}
if (values.mix) {
  // One statement each: the refresh keeps the documents (and tr's, fr's sources) as a save would.
  const text = TEXT_FIELDS;
  const dropped = await db.query(
    `DELETE FROM "content_field" cf USING (${text}) t WHERE cf."contentId" = t.id AND cf.name = t.name AND cf.lang = 'tr' AND t.id % 3 = 0`,
  );
  const changed = await db.query(
    `UPDATE "content_field" cf SET "textValue" = cf."textValue" || ' (changed)' FROM (${text}) t
     WHERE cf."contentId" = t.id AND cf.name = t.name AND cf.lang = 'en' AND t.id % 4 = 0`,
  );
  console.log(`--mix: ${dropped.rowCount} tr values dropped, ${changed.rowCount} en values changed`);
}
await db.end();

const server = await startServer({ SIGNIN_MAX_FAILURES_PER_IP: '10000' });
try {
  const signIn = await fetch(`${server.baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.email, password: server.password }),
  });
  const { token } = await signIn.json();
  const q = (v) => encodeURIComponent(JSON.stringify(v));
  const get = async (path) => {
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}${path}`, { headers: { token } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
    return { ms: performance.now() - started, body, range: res.headers.get('content-range') };
  };
  const page = JSON.parse((await get('/api/contents?range=[0,24]')).body);
  const ids = page.map((c) => c.id).join(',');
  // Each list request takes a different window, so no list cache answers it.
  let offset = 0;
  const window = () => `[${(offset = (offset + 25) % 2000)},${offset + 24}]`;
  // The summary is kept until a document changes: the first scenario moves the contents list's
  // version before each request (as any save does), so each one computes it again.
  const bump = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await bump.connect();
  const scenarios = {
    'summary computed (GET /api/translations/summary after a change)': async () => {
      await bump.query(`UPDATE "cache_version" SET "version" = "version" + 1 WHERE name = 'contents'`);
      return '/api/translations/summary';
    },
    'summary kept (GET /api/translations/summary, nothing changed)': () => '/api/translations/summary',
    'list, missing in tr (a page of 25, with its total)': () =>
      `/api/contents?range=${window()}&filter=${q({ translation: { locale: 'tr', status: 'missing' } })}`,
    'list, outdated in fr (a page of 25, with its total)': () =>
      `/api/contents?range=${window()}&filter=${q({ translation: { locale: 'fr', status: 'outdated' } })}`,
    'statuses of a page (GET /api/translations?contentIds= with 25 ids)': () => `/api/translations?contentIds=${ids}`,
    'plain list page (for comparison)': () => `/api/contents?range=${window()}`,
  };
  console.log(`${contents} contents, ${runs} requests each after 3 warm-ups, one at a time`);
  for (const [name, path] of Object.entries(scenarios)) {
    for (let i = 0; i < 3; i++) await get(await path());
    const times = [];
    let last;
    for (let i = 0; i < runs; i++) {
      last = await get(await path());
      times.push(last.ms);
    }
    times.sort((a, b) => a - b);
    const extra = name.startsWith('summary') ? ` (${JSON.parse(last.body).length} rows)` : last.range ? ` (${last.range})` : '';
    console.log(`${name}: median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms${extra}`);
  }
  await bump.end();
} finally {
  await server.stop();
}

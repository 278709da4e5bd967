// Issue 26's cost of history to editors: a content save (PUT /api/contents/:id) keeps a version of
// the whole content (every locale) and an audit entry; the back office sends If-Match, which takes
// the record's lock and reads its latest version. Prints requests/s, p50/p99 and the CPU per
// request of the Node server and of the PostgreSQL backends serving it. Asserts nothing.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cms_history_bench node tools/bench/history.mjs [--seconds 10] [--connections 10]
// To compare with a build without versions: build that commit in a worktree and run this script
// with BENCH_API_MAIN=/path/to/worktree/dist/apps/api/main.js (an If-Match is then ignored).
// The database is created empty by the caller (createdb); the bench makes its own 200 contents.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServer } from './lib/server.mjs';
import { apiCaller, staffRuns } from './lib/staff-runs.mjs';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' }, only: { type: 'string' } },
});
// --only live|if-match|draft runs one of the three.
const runs = values.only ? [values.only] : ['live', 'if-match', 'draft'];
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL names an empty PostgreSQL database for the bench');
const duration = Number(values.seconds);
const connections = Number(values.connections);

const server = await startServer({ DATABASE_URL: databaseUrl, SIGNIN_MAX_FAILURES_PER_IP: '10000' });
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
try {
  const call = apiCaller(server);
  const { token } = await call('POST', '/auth/signin', { email: server.email, password: server.password });
  const fields = [
    { label: 'Body', name: 'body', type: 'PARAGRAPH' },
    { label: 'Price', name: 'price', type: 'NUMBER' },
    { label: 'Tags', name: 'tags', type: 'STRING', multiple: true },
  ];
  const ids = { live: [], drafted: [] };
  for (const [kind, drafts] of [
    ['live', false],
    ['drafted', true],
  ]) {
    const container = await call('POST', '/containers', { title: kind, slug: kind, published: true, drafts, fields }, token);
    for (let i = 0; i < 100; i++) {
      const content = await call(
        'POST',
        '/contents',
        {
          containerId: container.id,
          title: `${kind} ${i}`,
          slug: `c${i}`,
          published: true,
          fields: { body: 'Live text', price: i, tags: ['a', 'b'] },
          sections: [{ block: 'richtext', content: { html: '<p>A section of the page</p>' } }],
        },
        token,
      );
      ids[kind].push(content.id);
    }
  }

  const run = staffRuns({ server, db, token, duration, connections });
  let n = 0;
  let k = 0;
  const pick = (list) => list[n++ % list.length];
  const put =
    (list, headers = {}) =>
    () => ({
      method: 'PUT',
      path: `/api/contents/${pick(list)}`,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ fields: { body: `Text ${k++}` } }),
    });
  if (runs.includes('live')) await run('live save (PUT, no drafts)', put(ids.live));
  if (runs.includes('if-match')) await run('live save with If-Match: * (its latest version read)', put(ids.live, { 'if-match': '*' }));
  if (runs.includes('draft')) await run('draft save (PUT, checked in a savepoint, kept)', put(ids.drafted));
  const [{ versions }] = (await db.query(`SELECT to_regclass('record_version') IS NOT NULL AS versions`)).rows;
  if (versions) {
    const { rows } = await db.query(`SELECT count(*)::int AS n, pg_size_pretty(pg_total_relation_size('record_version')) AS size FROM record_version`);
    console.log(`record_version: ${rows[0].n} versions, ${rows[0].size} (200 contents, VERSIONS_KEPT 50)`);
  }
} finally {
  await db.end();
  await server.stop();
}

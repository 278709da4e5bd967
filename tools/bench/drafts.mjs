// Issue 25's cost of drafts to staff: GET /api/contents/:id of contents whose draft waits (the
// draft is applied to the live rows in a transaction that is rolled back, then read) against the
// same read of contents without one, and a draft save (PUT) against a live one. Prints requests/s,
// p50/p99 and the CPU per request of the Node server and of the PostgreSQL backends serving it.
// Asserts nothing.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cms_drafts_bench node tools/bench/drafts.mjs [--seconds 10] [--connections 10]
// The database is created empty by the caller (createdb); the bench makes its own 200 contents.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServer } from './lib/server.mjs';
import { apiCaller, staffRuns } from './lib/staff-runs.mjs';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } } });
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
  const ids = { drafted: [], plain: [], live: [] };
  for (const [kind, drafts] of [
    ['drafted', true],
    ['plain', true],
    ['live', false],
  ]) {
    const container = await call('POST', '/containers', { title: kind, slug: kind, published: true, drafts, fields }, token);
    for (let i = 0; i < 100; i++) {
      const content = await call(
        'POST',
        '/contents',
        { containerId: container.id, title: `${kind} ${i}`, slug: `c${i}`, published: true, fields: { body: 'Live text', price: i, tags: ['a', 'b'] } },
        token,
      );
      if (kind === 'drafted') await call('PUT', `/contents/${content.id}`, { fields: { body: `Draft text ${i}` } }, token);
      ids[kind].push(content.id);
    }
  }

  const run = staffRuns({ server, db, token, duration, connections });
  let n = 0;
  const pick = (list) => list[n++ % list.length];
  await run('staff read, no draft (GET /api/contents/:id)', () => ({ path: `/api/contents/${pick(ids.plain)}` }));
  await run('staff read of a waiting draft (applied, read, rolled back)', () => ({ path: `/api/contents/${pick(ids.drafted)}` }));
  let k = 0;
  const put = (list) => () => ({
    method: 'PUT',
    path: `/api/contents/${pick(list)}`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fields: { body: `Text ${k++}` } }),
  });
  await run('save without drafts (PUT, live write and purge)', put(ids.live));
  await run('save of a draft (PUT, checked in a savepoint, kept)', put(ids.plain));
} finally {
  await db.end();
  await server.stop();
}

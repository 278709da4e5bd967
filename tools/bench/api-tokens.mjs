// Issue 28's cost of an API token: the same signed-in GETs made with a session (resolved once,
// then kept in memory until something changes who it is) and with an API token (read from the
// database at every request, so that a revocation holds on every instance at once). Prints
// requests/s, p50/p99 and the CPU per request of the Node server and of the PostgreSQL backends
// serving it. Asserts nothing.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cms_tokens_bench node tools/bench/api-tokens.mjs [--seconds 10] [--connections 10]
// The database is created empty by the caller (createdb); the API is built (dist/apps/api/main.js).
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServer } from './lib/server.mjs';
import { apiCaller, staffRuns } from './lib/staff-runs.mjs';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } } });
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL names an empty PostgreSQL database for the bench');
const duration = Number(values.seconds);
const connections = Number(values.connections);
const CONTENTS = 50;

const server = await startServer({ DATABASE_URL: databaseUrl, SIGNIN_MAX_FAILURES_PER_IP: '10000' });
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
try {
  const call = apiCaller(server);
  const { token: session } = await call('POST', '/auth/signin', { email: server.email, password: server.password });
  await call('POST', '/roles', { id: 'bench-reader', name: 'Bench reader', rights: ['VIEW_CONTAINER', 'VIEW_CONTENT'] }, session);
  const { secret } = await call('POST', '/tokens', { name: 'Bench', roleId: 'bench-reader' }, session);
  const blog = await call(
    'POST',
    '/containers',
    { title: 'Blog', slug: 'bench', published: true, fields: [{ label: 'Body', name: 'body', type: 'STRING' }] },
    session,
  );
  const ids = [];
  for (let i = 0; i < CONTENTS; i++) {
    ids.push((await call('POST', '/contents', { containerId: blog.id, title: `Post ${i}`, published: true, fields: { body: 'Text' } }, session)).id);
  }
  await db.query('ANALYZE');

  let n = 0;
  const byId = () => ({ path: `/api/contents/${ids[n++ % ids.length]}` });
  const me = () => ({ path: '/api/me' });
  for (const [who, token] of [
    ['session', session],
    ['API token', secret],
  ]) {
    const run = staffRuns({ server, db, token, duration, connections });
    await run(`GET /api/me, ${who}`, me);
    await run(`GET /api/contents/{id}, ${who}`, byId);
  }
} finally {
  await db.end();
  await server.stop();
}

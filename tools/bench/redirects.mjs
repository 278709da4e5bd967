// Issue 27's cost of an address that moved: GET /api/pages of an address a renamed page had,
// answered 301 by a redirect, with its answer kept (warm: PageCache) and looked up each time (cold:
// more redirects than the cache keeps, asked in turn), and another locale's address of a page
// (301 to the locale's own), against a plain page read that misses the cache (`&page=2` is never
// kept). Anonymous requests, as the site makes them. Prints requests/s, p50/p99 and the CPU per
// request of the Node server and of the PostgreSQL backends serving it. Asserts nothing.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cms_redirects_bench node tools/bench/redirects.mjs [--seconds 10] [--connections 10]
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
const PAGES = 100;
/** More than PageCache keeps (5,000): asked in turn, each is looked up again. */
const COLD_REDIRECTS = 20_000;

const server = await startServer({ DATABASE_URL: databaseUrl, SIGNIN_MAX_FAILURES_PER_IP: '10000' });
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
try {
  const call = apiCaller(server);
  const { token } = await call('POST', '/auth/signin', { email: server.email, password: server.password });
  const fields = [
    { label: 'Body', name: 'body', type: 'PARAGRAPH' },
    { label: 'Tags', name: 'tags', type: 'STRING', multiple: true },
  ];
  const blog = await call('POST', '/containers', { title: 'Blog', slug: 'bench', published: true, fields }, token);
  await call('PUT', `/containers/${blog.id}?locale=fr`, { slug: 'banc' }, token);
  for (let i = 0; i < PAGES; i++) {
    const content = await call(
      'POST',
      '/contents',
      { containerId: blog.id, title: `Post ${i}`, slug: `old-${i}`, published: true, fields: { body: 'Text', tags: ['a', 'b'] } },
      token,
    );
    // Renamed: /bench/old-i leads to /bench/post-i (recorded by the write).
    await call('PUT', `/contents/${content.id}`, { slug: `post-${i}` }, token);
    await call('PUT', `/contents/${content.id}?locale=fr`, { slug: `billet-${i}` }, token);
  }
  await db.query(
    `INSERT INTO "redirect" ("from", "to", status) SELECT '/archive/' || i, '/bench/post-' || (i % ${PAGES}), 301 FROM generate_series(0, ${COLD_REDIRECTS - 1}) i`,
  );
  await db.query('ANALYZE');

  const run = staffRuns({ server, db, token: undefined, duration, connections });
  let n = 0;
  const next = () => n++;
  const pages = (path) => ({ path: `/api/pages?${path}` });
  await run('page read, cache miss (GET /api/pages&page=2, 200)', () => pages(`path=/bench/post-${next() % PAGES}&page=2`));
  await run('page read, cached (200)', () => pages(`path=/bench/post-${next() % PAGES}`));
  await run('renamed page’s old address, answer kept (301)', () => pages(`path=/bench/old-${next() % PAGES}`));
  await run('redirect looked up each time (301, cold)', () => pages(`path=/archive/${next() % COLD_REDIRECTS}`));
  await run('another locale’s address of a page (301 to the fr address, kept)', () => pages(`path=/bench/post-${next() % PAGES}&locale=fr`));
  await run('a French page by its own address, cache miss (200)', () => pages(`path=/banc/billet-${next() % PAGES}&locale=fr&page=2`));
} finally {
  await db.end();
  await server.stop();
}

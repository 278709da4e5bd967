// Issue 28's "webhooks never slow a write": a content save (PUT /api/contents/{id}, a live write)
// with no webhook, then with 10 webhooks listening to content.updated, each a receiver on loopback
// (node:http in this process, answering 200). Prints requests/s, p50/p99 and the CPU per request of
// the Node server (its delivery worker included) and of the PostgreSQL backends, then how many
// deliveries the saves queued and how long the outbox took to empty. The runs alternate (none, 10,
// the 10 disabled, 10 again) so that the machine's other load weighs on both alike. With --split the
// measured server queues deliveries only (WEBHOOK_DELIVERY=false) and a second instance on the same
// database sends them, as a scale-out deployment may. Asserts nothing.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cms_webhooks_bench node tools/bench/webhooks.mjs [--seconds 10] [--connections 1,10] [--split]
// The database is created empty by the caller (createdb); the API is built (dist/apps/api/main.js).
import * as http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServer } from './lib/server.mjs';
import { apiCaller, staffRuns } from './lib/staff-runs.mjs';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '1,10' }, split: { type: 'boolean', default: false } },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL names an empty PostgreSQL database for the bench');
const duration = Number(values.seconds);
const connectionCounts = values.connections.split(',').map(Number);
const CONTENTS = 200;
const WEBHOOKS = 10;

let received = 0;
const receivers = await Promise.all(
  Array.from({ length: WEBHOOKS }, async () => {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received += 1;
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    return server;
  }),
);

const webhookEnv = { DATABASE_URL: databaseUrl, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '1000' };
const server = await startServer({ ...webhookEnv, ...(values.split ? { WEBHOOK_DELIVERY: 'false' } : {}) });
const sender = values.split ? await startServer({ ...webhookEnv, SERVE: 'api' }) : null;
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
try {
  const call = apiCaller(server);
  const { token } = await call('POST', '/auth/signin', { email: server.email, password: server.password });
  const fields = [
    { label: 'Body', name: 'body', type: 'PARAGRAPH' },
    { label: 'Price', name: 'price', type: 'NUMBER' },
  ];
  const shop = await call('POST', '/containers', { title: 'Shop', slug: 'shop', published: true, fields }, token);
  const ids = [];
  for (let i = 0; i < CONTENTS; i++) {
    ids.push(
      (
        await call(
          'POST',
          '/contents',
          { containerId: shop.id, title: `Item ${i}`, slug: `item-${i}`, published: true, fields: { body: 'Text', price: i } },
          token,
        )
      ).id,
    );
  }
  await db.query('ANALYZE');

  let n = 0;
  const save = () => {
    const id = ids[n++ % CONTENTS];
    return {
      method: 'PUT',
      path: `/api/contents/${id}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fields: { body: `Text ${n}`, price: n } }),
    };
  };
  const pending = async () =>
    (await db.query(`SELECT count(*)::int AS n FROM "webhook_delivery" WHERE "deliveredAt" IS NULL AND "failedAt" IS NULL`)).rows[0].n;
  const queued = async () => (await db.query(`SELECT count(*)::int AS n FROM "webhook_delivery"`)).rows[0].n;

  async function measure(label) {
    for (const connections of connectionCounts) {
      const before = { queued: await queued(), received };
      await staffRuns({ server, db, token, duration, connections })(`${label}, ${connections} connection(s)`, save);
      const started = Date.now();
      while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const made = (await queued()) - before.queued;
      if (made > 0)
        console.log(`  ${made} deliveries queued, ${received - before.received} received; the outbox was empty ${Date.now() - started} ms after the last save`);
    }
  }

  const hooks = [];
  for (const receiver of receivers) {
    hooks.push(
      await call(
        'POST',
        '/webhooks',
        { url: `http://127.0.0.1:${receiver.address().port}/hook`, events: ['content.updated'], secret: 'whsec_bench_0123456789abcdef', enabled: false },
        token,
      ),
    );
  }
  const enable = async (enabled) => {
    for (const hook of hooks) await call('PUT', `/webhooks/${hook.id}`, { enabled }, token);
  };
  const where = values.split ? ' (sent by another instance)' : '';
  await measure('content save (PUT, live write), no webhook');
  await enable(true);
  await measure(`content save (PUT, live write), ${WEBHOOKS} webhooks${where}`);
  await enable(false);
  await measure(`content save (PUT, live write), ${WEBHOOKS} webhooks disabled`);
  await enable(true);
  await measure(`content save (PUT, live write), ${WEBHOOKS} webhooks${where}, again`);
} finally {
  await db.end();
  await server.stop();
  await sender?.stop();
  for (const receiver of receivers) receiver.close();
}

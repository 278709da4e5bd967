#!/usr/bin/env node
// Load test of public form submissions: many visitors post a form at once for a while; then every
// accepted submission (2xx) must be in the database, and no answer may be a 5xx. Prints figures.
//
//   node tools/bench/forms-load.mjs [BASE_URL] [--connections 500] [--duration 30]
//
// Without BASE_URL it starts the built API (`node tools/build-api.mjs` first) with
// `node dist/apps/api/main.js` on a fresh database of the PostgreSQL server that DATABASE_URL names
// (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards. Each visitor comes
// from its own address (X-Forwarded-For, TRUST_PROXY=true) and FORM_SUBMISSIONS_PER_MINUTE is
// raised so the per-IP limit does not refuse them. With BASE_URL, sign in with BENCH_EMAIL and
// BENCH_PASSWORD (a user who may create forms and read messages); start that server with a raised
// FORM_SUBMISSIONS_PER_MINUTE (and TRUST_PROXY=true) for the same test.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { report } from './lib/report.mjs';
import { startServer } from './lib/server.mjs';

function options(argv) {
  const out = { baseUrl: undefined, connections: 500, duration: 30 };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--connections') out.connections = Number(argv[++i]);
    else if (argv[i] === '--duration') out.duration = Number(argv[++i]);
    else if (!argv[i].startsWith('--')) out.baseUrl = argv[i].replace(/\/$/, '');
    else throw new Error(`Unknown option ${argv[i]}`);
  }
  if (!(out.connections > 0) || !(out.duration > 0)) throw new Error('--connections and --duration take positive numbers');
  return out;
}

/** Starts the built API on a fresh database of the PostgreSQL server; answers how to reach it and how to stop it. */
async function startOwnServer() {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `cms_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  };
  let server;
  try {
    server = await startServer({
      DATABASE_URL: databaseUrl.toString(),
      SERVE: 'api',
      JWT_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: 'true',
      FORM_SUBMISSIONS_PER_MINUTE: '100000000',
    });
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    baseUrl: server.baseUrl,
    credentials: { email: server.email, password: server.password },
    databaseUrl: databaseUrl.toString(),
    description: `node dist/apps/api/main.js (SERVE=api) on a fresh database ${name}, ready in ${server.readyMs} ms`,
    async stop() {
      await server.stop();
      await drop();
    },
  };
}

async function api(baseUrl, path, { token, method = 'GET', body } = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return { headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

function run(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (error, result) => (error ? reject(error) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

async function main() {
  const opts = options(process.argv.slice(2));
  const server = opts.baseUrl
    ? {
        baseUrl: opts.baseUrl,
        credentials: { email: process.env.BENCH_EMAIL, password: process.env.BENCH_PASSWORD },
        databaseUrl: undefined,
        description: opts.baseUrl,
        stop: async () => undefined,
      }
    : await startOwnServer();
  try {
    if (!server.credentials.email || !server.credentials.password) throw new Error('Set BENCH_EMAIL and BENCH_PASSWORD to test a running server');
    const { token } = (await api(server.baseUrl, '/api/auth/signin', { method: 'POST', body: server.credentials })).body;
    const form = (
      await api(server.baseUrl, '/api/forms', {
        method: 'POST',
        token,
        body: {
          title: `Load test ${new Date().toISOString()}`,
          successMessage: 'Thanks',
          fields: [
            { name: 'name', type: 'TEXT', required: true, max: 100 },
            { name: 'email', type: 'EMAIL', required: true },
            { name: 'topic', type: 'RADIO', options: ['Sales', 'Support'] },
            { name: 'message', type: 'PARAGRAPH', max: 2000 },
          ],
        },
      })
    ).body;

    console.log(`Target: ${server.description}`);
    console.log(`${opts.connections} concurrent visitors post form ${form.id} for ${opts.duration} s...`);
    let visitor = 0;
    const result = await run({
      url: `${server.baseUrl}/api/forms/${form.id}/messages`,
      method: 'POST',
      connections: opts.connections,
      duration: opts.duration,
      timeout: 60,
      headers: { 'Content-Type': 'application/json' },
      setupClient(client) {
        visitor += 1;
        const n = visitor;
        client.setHeadersAndBody(
          { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
          JSON.stringify({
            values: {
              name: `Visitor ${n}`,
              email: `visitor${n}@example.org`,
              topic: n % 2 ? 'Sales' : 'Support',
              message: `Hello <b>from</b> visitor ${n}\n=1+1`,
            },
            _hp: '',
          }),
        );
      },
    });

    // Let requests the client gave up on at the deadline finish on the server before counting.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const range = (
      await api(server.baseUrl, `/api/messages?filter=${encodeURIComponent(JSON.stringify({ formId: form.id }))}&range=[0,0]`, { token })
    ).headers.get('content-range');
    const storedByApi = Number(range?.split('/')[1]);
    let storedBySql;
    if (server.databaseUrl) {
      const client = new pg.Client({ connectionString: server.databaseUrl });
      await client.connect();
      storedBySql = Number((await client.query('SELECT count(*) AS n FROM "message" WHERE "formId" = $1', [form.id])).rows[0].n);
      await client.end();
    }

    const byStatus = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]));
    const count = (predicate) => Object.entries(byStatus).reduce((sum, [code, n]) => (predicate(Number(code)) ? sum + n : sum), 0);
    const accepted = count((c) => c >= 200 && c < 300);
    const serverErrors = count((c) => c >= 500);
    const stored = storedBySql ?? storedByApi;
    const figures = {
      'visitors (connections)': opts.connections,
      'duration (s)': result.duration,
      'answers by status': JSON.stringify(byStatus),
      'accepted (2xx)': accepted,
      '5xx answers': serverErrors,
      'client errors / timeouts': `${result.errors} / ${result.timeouts}`,
      'stored messages (SQL count)': storedBySql ?? 'n/a',
      'stored messages (API Content-Range)': storedByApi,
      'stored minus accepted (in flight when the client stopped)': stored - accepted,
      'requests/s (mean)': result.requests.average,
      'latency p50 / p90 / p99 / max (ms)': `${result.latency.p50} / ${result.latency.p90} / ${result.latency.p99} / ${result.latency.max}`,
    };
    console.table(figures);
    report('forms:rps', Math.round(result.requests.average), 'req/s', 'form submissions: throughput');
    report('forms:5xx', serverErrors, 'answers', 'form submissions: 5xx answers');
    report('forms:lost', Math.max(0, accepted - stored), 'messages', 'form submissions: accepted but not stored');
    const ok = serverErrors === 0 && stored >= accepted && stored - accepted <= opts.connections;
    console.log(ok ? 'OK: every accepted submission is stored and no answer was a 5xx.' : 'FAILED: see the figures above.');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

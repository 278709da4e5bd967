#!/usr/bin/env node
// Issue 29's cost of observability per request: the X-Request-Id hooks (id, header, the
// request's logger store) and the metrics hook (a counter and a histogram by route and status).
// Starts the built API (dist/apps/api/main.js) and, when BENCH_API_MAIN names another build (an
// earlier commit's), that one too, in turns, and sends each the same cheap requests (GET /api/me
// with a session, answered from the session cache; GET /api/theme), then prints the server's CPU
// time per request (utime + stime from /proc, microseconds) and requests/s. Asserts nothing.
//   node tools/bench/observability.mjs [--requests 4000] [--connections 10] [--rounds 3]
//   BENCH_API_MAIN=/path/to/old/dist/apps/api/main.js node tools/bench/observability.mjs
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import { cpuMs, startServer } from './lib/server.mjs';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '4000' }, connections: { type: 'string', default: '10' }, rounds: { type: 'string', default: '3' } },
});
const amount = Number(values.requests);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const builds = process.env.BENCH_API_MAIN
  ? [
      ['before', process.env.BENCH_API_MAIN],
      ['after', undefined],
    ]
  : [['this build', undefined]];

async function startBuild(main) {
  const saved = process.env.BENCH_API_MAIN;
  if (main) process.env.BENCH_API_MAIN = main;
  else delete process.env.BENCH_API_MAIN;
  try {
    return await startServer({ CMS_DEMO: 'false', SERVE: 'api', LOG_LEVEL: 'warn' });
  } finally {
    if (saved === undefined) delete process.env.BENCH_API_MAIN;
    else process.env.BENCH_API_MAIN = saved;
  }
}

async function measure(server, path, headers) {
  // Warm-up, then the measured run.
  await autocannon({ url: server.baseUrl + path, headers, amount: 500, connections });
  const before = cpuMs(server.pid);
  const result = await autocannon({ url: server.baseUrl + path, headers, amount, connections });
  const used = cpuMs(server.pid) - before;
  if (result.non2xx) throw new Error(`${path}: ${result.non2xx} answers were not 2xx`);
  return { cpuUsPerRequest: (used * 1000) / amount, rps: result.requests.average };
}

const figures = new Map();
for (let round = 0; round < rounds; round++) {
  for (const [name, main] of builds) {
    const server = await startBuild(main);
    try {
      const signIn = await fetch(`${server.baseUrl}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: server.email, password: server.password }),
      });
      const { token } = await signIn.json();
      for (const [label, path, headers] of [
        ['GET /api/me (session cache)', '/api/me', { token }],
        ['GET /api/theme', '/api/theme', {}],
      ]) {
        const key = `${label} | ${name}`;
        const figure = await measure(server, path, headers);
        figures.set(key, [...(figures.get(key) ?? []), figure]);
      }
    } finally {
      await server.stop();
    }
  }
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(`${amount} requests per run, ${connections} connections, ${rounds} round(s) (median shown; per run in brackets)`);
for (const [key, list] of figures) {
  const cpu = list.map((f) => f.cpuUsPerRequest);
  const rps = list.map((f) => f.rps);
  console.log(
    `${key}: CPU ${median(cpu).toFixed(0)} µs/request [${cpu.map((v) => v.toFixed(0)).join(', ')}], ${median(rps).toFixed(0)} requests/s [${rps.map((v) => v.toFixed(0)).join(', ')}]`,
  );
}

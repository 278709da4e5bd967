// Figures of the spine: start-up time to /api/health on a built tree (fresh and existing data
// folder), sign-in latency (argon2id), and GET /api/me latency. Run: node tools/bench/spine.mjs
// (after `npm run build`). Prints figures; asserts nothing.
import { report, rssMb } from './lib/report.mjs';
import { percentile, startServer } from './lib/server.mjs';

async function timeRequests(n, fn) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50).toFixed(1), p95: percentile(times, 95).toFixed(1), max: times.at(-1).toFixed(1) };
}

const server = await startServer({ SIGNIN_MAX_FAILURES_PER_IP: '10000' });
console.log(`start-up to /api/health (empty data folder, migrations + first owner): ${server.readyMs} ms`);
report('startup', server.readyMs, 'ms', 'start-up to /api/health, empty data folder');
await new Promise((resolve) => setTimeout(resolve, 1000));
const idle = await rssMb(server.pid);
console.log(`idle memory (RSS) after start-up: ${idle.toFixed(0)} MB`);
report('idle-memory', Math.round(idle), 'MB', 'idle memory (RSS) after start-up');
const body = JSON.stringify({ email: server.email, password: server.password });
let token;
const signIn = await timeRequests(30, async () => {
  const res = await fetch(`${server.baseUrl}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  token = (await res.json()).token;
});
console.log(`sign-in (argon2id m=19 MiB t=2 p=1), 30 sequential: p50 ${signIn.p50} ms, p95 ${signIn.p95} ms, max ${signIn.max} ms`);
report('signin-p50', Number(signIn.p50), 'ms', 'sign-in p50 (argon2id)');
const me = await timeRequests(200, async () => {
  const res = await fetch(`${server.baseUrl}/api/me`, { headers: { token } });
  await res.arrayBuffer();
});
console.log(`GET /api/me (token check, one query), 200 sequential: p50 ${me.p50} ms, p95 ${me.p95} ms`);
report('me-p50', Number(me.p50), 'ms', 'GET /api/me p50');
await server.stop();

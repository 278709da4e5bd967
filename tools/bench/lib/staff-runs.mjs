// One measured run of signed-in requests (autocannon, 2 s of warm-up first): requests/s, p50/p99,
// and the CPU per request of the Node server and of the PostgreSQL backends serving it.
import autocannon from 'autocannon';
import { cpuMs, percentile } from './server.mjs';
import { BACKENDS_SQL } from './windows.mjs';

/** `run(name, nextRequest)` for a started server, a pg client on its database and a session token (none: anonymous requests). */
export function staffRuns({ server, db, token, duration, connections }) {
  const backends = async () => (await db.query(BACKENDS_SQL)).rows.map((r) => r.pid);
  const snapshot = async () => {
    const pids = await backends();
    return { node: cpuMs(server.pid), pg: new Map(pids.map((p) => [p, cpuMs(p)])) };
  };
  return async (name, nextRequest) => {
    const setupRequest = (r) => {
      const next = nextRequest();
      return { ...r, ...next, headers: { ...r.headers, ...next.headers } };
    };
    const headers = token ? { token } : {};
    await autocannon({ url: server.baseUrl, connections, duration: 2, headers, requests: [{ setupRequest }] });
    const latencies = [];
    const before = await snapshot();
    const result = await new Promise((resolve, reject) => {
      const instance = autocannon({ url: server.baseUrl, connections, duration, headers, requests: [{ setupRequest }] }, (err, res) =>
        err ? reject(err) : resolve(res),
      );
      instance.on('response', (_client, _status, _bytes, time) => latencies.push(time));
    });
    const after = await snapshot();
    latencies.sort((a, b) => a - b);
    const total = Math.max(1, result.requests.total);
    let pgMs = 0;
    for (const [p, ms] of after.pg) pgMs += (ms ?? 0) - (before.pg.get(p) ?? 0);
    console.log(
      `${name}: ${Math.round(result.requests.average)} req/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ` +
        `${result.requests.total} requests, ${result.non2xx + result.errors} non-2xx/errors (${result['3xx'] ?? 0} 3xx)\n  CPU per request: Node ${((after.node - before.node) / total).toFixed(3)} ms, PostgreSQL ${(pgMs / total).toFixed(3)} ms`,
    );
  };
}

/** A JSON call to the bench server's API, as staff (with `token`) or anonymously; anything but 2xx throws. */
export function apiCaller(server) {
  return async (method, path, body, token) => {
    const res = await fetch(`${server.baseUrl}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}

import { randomUUID } from 'node:crypto';
import { useTestApp } from './support/test-app';

/** Log lines the app wrote, parsed (pino writes one JSON object per line). */
function logLines() {
  const lines: Record<string, unknown>[] = [];
  return {
    lines,
    stream: {
      write(line: string) {
        for (const text of line.split('\n')) if (text.trim()) lines.push(JSON.parse(text) as Record<string, unknown>);
      },
    },
  };
}

const TOKEN = 'metrics-token-for-the-tests-0123';

describe('request ids', () => {
  const log = logLines();
  const t = useTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });

  it('keeps a well-formed incoming X-Request-Id and answers it', async () => {
    const res = await t.http.get('/api/health/live').set('X-Request-Id', 'edge-7f3a:42.b_c-d');
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('edge-7f3a:42.b_c-d');
  });

  it('gives a new id to a request without one, a different one each time', async () => {
    const first = (await t.http.get('/api/health/live')).headers['x-request-id'];
    const second = (await t.http.get('/api/health/live')).headers['x-request-id'];
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).not.toBe(second);
  });

  it('replaces an id that is too long or holds characters outside the allowed set', async () => {
    for (const sent of ['x'.repeat(129), 'has space', 'quote"d', 'semi;colon', 'a=b', 'é']) {
      const res = await t.http.get('/api/health/live').set('X-Request-Id', sent);
      expect(res.headers['x-request-id']).not.toBe(sent);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const longest = 'y'.repeat(128);
    expect((await t.http.get('/api/health/live').set('X-Request-Id', longest)).headers['x-request-id']).toBe(longest);
  });

  it('answers the id on errors too: an unknown route, bad input, a refused caller', async () => {
    const unknown = await t.http.get('/api/no-such-thing').set('X-Request-Id', 'err-404');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['x-request-id']).toBe('err-404');
    const bad = await t.http.post('/api/auth/signin').set('X-Request-Id', 'err-400').set('Content-Type', 'application/json').send('{not json');
    expect(bad.status).toBe(400);
    expect(bad.headers['x-request-id']).toBe('err-400');
    const refused = await t.http.get('/api/users').set('X-Request-Id', 'err-401');
    expect(refused.status).toBe(401);
    expect(refused.headers['x-request-id']).toBe('err-401');
    const crossOrigin = await t.http.get('/api/theme').set('Origin', 'https://elsewhere.example');
    expect(crossOrigin.headers['access-control-expose-headers']).toContain('X-Request-Id');
  });

  it('puts the id on the request log line and on the lines a service writes while handling it', async () => {
    const id = `trace-${randomUUID()}`;
    // RevalidationService logs "Revalidating every page" with Nest's Logger, then the request line is written.
    const res = await t.http.post('/api/revalidate/all').set('token', t.ownerToken).set('X-Request-Id', id);
    expect(res.status).toBeLessThan(300);
    const mine = log.lines.filter((line) => line.reqId === id);
    expect(mine.find((line) => line.msg === 'request completed')).toMatchObject({ method: 'POST', url: '/api/revalidate/all', statusCode: res.status });
    expect(mine.find((line) => line.msg === 'Revalidating every page')).toMatchObject({ context: 'RevalidationService', level: 30 });
    // A line written outside any request carries none.
    expect(log.lines.some((line) => line.msg === 'Revalidating every page' && line.reqId === undefined)).toBe(false);
  });

  it('puts the id on an error logged by the exception filter (a 500)', async () => {
    const id = `boom-${randomUUID()}`;
    // A revalidation event handler error is not reachable from outside; a database error is: a query the database refuses.
    await t.dataSource.query(`ALTER TABLE "setting" RENAME TO "setting_away"`);
    try {
      const res = await t.http.get('/api/settings').set('token', t.ownerToken).set('X-Request-Id', id);
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(res.headers['x-request-id']).toBe(id);
    } finally {
      await t.dataSource.query(`ALTER TABLE "setting_away" RENAME TO "setting"`);
    }
    const mine = log.lines.filter((line) => line.reqId === id);
    expect(mine.some((line) => line.level === 50 && line.context === 'Errors')).toBe(true);
  });
});

describe('/metrics', () => {
  const t = useTestApp({ METRICS_TOKEN: TOKEN });

  it('answers Prometheus text to a caller on this host', async () => {
    const res = await t.http.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('# TYPE cms_http_requests_total counter');
    expect(res.text).toContain('# TYPE cms_http_request_duration_seconds histogram');
    expect(res.text).toContain('process_cpu_user_seconds_total');
    expect(res.text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('is closed to a caller seen through a proxy, without a token, and says nothing more', async () => {
    const res = await t.http.get('/metrics').set('X-Forwarded-For', '203.0.113.9');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
    expect(res.text).not.toContain('cms_');
    const wrong = await t.http.get('/metrics').set('X-Forwarded-For', '203.0.113.9').set('Authorization', `Bearer ${TOKEN}x`);
    expect(wrong.status).toBe(401);
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.10' });
    expect(remote.statusCode).toBe(401);
  });

  it('is open to any caller sending the token', async () => {
    const proxied = await t.http.get('/metrics').set('X-Forwarded-For', '203.0.113.9').set('Authorization', `Bearer ${TOKEN}`);
    expect(proxied.status).toBe(200);
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.10', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(remote.statusCode).toBe(200);
    expect(remote.body).toContain('cms_http_requests_total');
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    await t.http.get('/api/users/424242').set('token', t.ownerToken);
    await t.http.get('/api/users/434343').set('token', t.ownerToken);
    await t.http.get('/api/no-such-route-abc');
    const text = (await t.http.get('/metrics')).text;
    expect(text).toMatch(/cms_http_requests_total\{method="GET",route="\/api\/users\/:id",status_code="404"\} 2\n/);
    expect(text).toMatch(/cms_http_request_duration_seconds_count\{method="GET",route="\/api\/users\/:id",status_code="404"\} 2\n/);
    expect(text).toMatch(/cms_http_requests_total\{method="GET",route="\(unmatched\)",status_code="404"\} 1\n/);
    expect(text).not.toContain('/api/users/424242');
    expect(text).not.toContain('no-such-route-abc');
  });

  it('counts each cache hits and misses', async () => {
    const value = (text: string, metric: string, cache: string) => Number(new RegExp(`${metric}\\{cache="${cache}"\\} (\\d+)`).exec(text)?.[1] ?? '0');
    const before = (await t.http.get('/metrics')).text;
    // The session cache: the first read of a fresh token misses, the next ones hit.
    const token = await t.signIn('owner@test.local', 'owner-password-1');
    for (let i = 0; i < 3; i++) expect((await t.http.get('/api/me').set('token', token)).status).toBe(200);
    const after = (await t.http.get('/metrics')).text;
    expect(value(after, 'cms_cache_misses_total', 'sessions')).toBeGreaterThanOrEqual(value(before, 'cms_cache_misses_total', 'sessions') + 1);
    expect(value(after, 'cms_cache_hits_total', 'sessions')).toBeGreaterThanOrEqual(value(before, 'cms_cache_hits_total', 'sessions') + 2);
    expect(after).toMatch(/cms_cache_entries\{cache="sessions"\} \d+/);
    for (const cache of ['content_lists', 'page_reads', 'members_only_media']) expect(after).toContain(`cms_cache_misses_total{cache="${cache}"}`);
  });

  it('reports the database pool, the outboxes and purges', async () => {
    await t.dataSource.query(
      `INSERT INTO "mail_outbox" ("to", "subject", "text", "html", "nextAttemptAt") VALUES ('a@test.local', 's', 't', 'h', now() + interval '1 hour')`,
    );
    await t.http.post('/api/revalidate/all').set('token', t.ownerToken);
    // The outbox counts are read at most every 5 s: the first scrape of this file may have read them already.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const text = (await t.http.get('/metrics')).text;
    expect(text).toMatch(/cms_db_pool_connections\{pool="writes",state="in_use"\} \d+/);
    expect(text).toMatch(/cms_db_pool_connections\{pool="writes",state="idle"\} \d+/);
    expect(text).toMatch(/cms_db_pool_waiting\{pool="writes"\} 0/);
    if (t.config.databaseUrl) expect(text).toMatch(/cms_db_pool_waiting\{pool="reads"\} 0/);
    else expect(text).not.toContain('pool="reads"');
    expect(text).toMatch(/cms_outbox_pending\{queue="mail"\} 1\n/);
    expect(text).toMatch(/cms_outbox_pending\{queue="webhooks"\} 0\n/);
    expect(text).toMatch(/cms_purges_total\{scope="all"\} [1-9]/);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  const t = useTestApp();

  it('is open on loopback only, and a Bearer token opens nothing', async () => {
    expect((await t.http.get('/metrics')).status).toBe(200);
    expect((await t.http.get('/metrics').set('X-Forwarded-For', '203.0.113.9').set('Authorization', 'Bearer anything-at-all-0123456')).status).toBe(401);
  });
});

describe('health: live and ready', () => {
  const t = useTestApp();

  it('/api/health/live answers without asking the database', async () => {
    const res = await t.http.get('/api/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'live', uptimeSeconds: expect.any(Number) });
  });

  it('/api/health/ready says ready when the database answers and every migration ran', async () => {
    const res = await t.http.get('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', database: 'up', migrations: 'current' });
  });

  it('/api/health/ready answers 503 naming a pending migration', async () => {
    const [last] = await t.dataSource.query(`SELECT "id", "timestamp", "name" FROM "migrations" ORDER BY "timestamp" DESC LIMIT 1`);
    await t.dataSource.query(`DELETE FROM "migrations" WHERE "id" = $1`, [last.id]);
    try {
      const res = await t.http.get('/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ statusCode: 503, status: 'not-ready', database: 'up', migrations: 'pending', pendingMigrations: [last.name] });
      expect(res.body.message).toContain(last.name);
      expect((await t.http.get('/api/health')).status).toBe(200);
    } finally {
      await t.dataSource.query(`INSERT INTO "migrations" ("id", "timestamp", "name") VALUES ($1, $2, $3)`, [last.id, last.timestamp, last.name]);
    }
    expect((await t.http.get('/api/health/ready')).status).toBe(200);
  });

  it('/api/health/ready answers 503 when the database is unreachable, while live still answers 200', async () => {
    // The connections go away (a database restarting, a network cut): the pool is closed under the app.
    await t.dataSource.destroy();
    const ready = await t.http.get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      statusCode: 503,
      message: 'The database does not answer',
      status: 'not-ready',
      database: 'down',
      migrations: 'unknown',
      pendingMigrations: [],
    });
    expect((await t.http.get('/api/health/live')).status).toBe(200);
    expect((await t.http.get('/api/health')).status).toBe(503);
  });
});

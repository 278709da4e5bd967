import { useTestApp } from '../support/test-app';

/**
 * Attack: a client writes its own X-Request-Id to forge log lines or poison log tooling: a line
 * break and a fake JSON line after it, quotes that close the field, terminal escapes, or a huge
 * value. The API keeps an incoming id only when it is 1–128 of `[A-Za-z0-9._:-]`; anything else is
 * replaced by a fresh UUID, never echoed in the answer nor written to a log line.
 */
describe('attack: log injection through X-Request-Id', () => {
  const lines: string[] = [];
  const t = useTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => void lines.push(line) } });

  const hostile = [
    'ok\n{"level":60,"msg":"forged line"}',
    'ok\r\nX-Injected: 1',
    'x","level":60,"msg":"forged',
    '\u001b[31mred\u001b[0m',
    'a'.repeat(129),
    'a'.repeat(10_000),
    '<script>alert(1)</script>',
    'id with spaces',
    'ünïcödé',
    '',
  ];

  it.each(hostile.map((id) => [JSON.stringify(id).slice(0, 60), id]))('replaces %s, answers a fresh UUID and logs only that', async (_shown, id) => {
    const before = lines.length;
    // inject hands the header over as written (a socket client could not send some of these; a proxy might).
    const res = await t.app.inject({ method: 'GET', url: '/api/theme', headers: { 'x-request-id': id } });
    const answered = res.headers['x-request-id'];
    expect(answered).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(answered).not.toBe(id);
    expect(res.headers['x-injected']).toBeUndefined();
    const written = lines.slice(before).join('');
    // The log holds the fresh id and nothing of the hostile one.
    expect(written).toContain(`"reqId":"${answered}"`);
    if (id.length > 3) expect(written).not.toContain(id.slice(0, 20));
    expect(written).not.toContain('forged');
    for (const line of written.split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('a request line of a hostile id carries the fresh id', async () => {
    const before = lines.length;
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-route', headers: { 'x-request-id': 'bad"id' } });
    expect(res.statusCode).toBe(404);
    const logged = lines
      .slice(before)
      .map((line) => JSON.parse(line) as { reqId?: string; msg: string })
      .find((line) => line.msg === 'request completed');
    expect(logged?.reqId).toBe(res.headers['x-request-id']);
  });

  it('a socket client with a hostile id gets a fresh one too', async () => {
    const res = await t.http.get('/api/health/live').set('X-Request-Id', 'x","level":60,"msg":"forged');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

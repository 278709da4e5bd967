import { useTestApp } from '../support/test-app';

/**
 * Attack: a remote client reads /metrics (request rates, routes, pool and queue sizes) by passing
 * for a caller on the server itself: it writes `X-Forwarded-For: 127.0.0.1` (or `Forwarded`,
 * `X-Real-IP`), directly or through nginx on the same host, whatever TRUST_PROXY says. Without
 * METRICS_TOKEN, /metrics opens only when the socket's peer and the client address are loopback
 * and no forwarding header is present: a proxied request is never "on this host".
 * One setting of each kind TRUST_PROXY takes (src/common/http/trust-proxy.ts): an address list
 * (unset is `loopback`), a hop count (`true` is one), none.
 */
describe.each([
  ['unset (loopback proxies)', ''],
  ['2 hops', '2'],
  ['false', 'false'],
])('attack: a spoofed loopback address on /metrics with TRUST_PROXY %s', (_form, trustProxy) => {
  const t = useTestApp(trustProxy ? { TRUST_PROXY: trustProxy } : {});

  it.each([
    ['X-Forwarded-For: 127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }],
    ['X-Forwarded-For: ::1, 127.0.0.1', { 'x-forwarded-for': '::1, 127.0.0.1' }],
    ['Forwarded: for=127.0.0.1', { forwarded: 'for=127.0.0.1' }],
    ['X-Real-IP: 127.0.0.1', { 'x-real-ip': '127.0.0.1' }],
  ])('refuses a remote caller writing %s', async (_header, headers) => {
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.77', headers });
    expect(remote.statusCode).toBe(401);
    expect(remote.body).not.toContain('cms_http');
  });

  it.each([
    // nginx on this host appends the address it saw to what the client wrote.
    ['127.0.0.1, 203.0.113.78'],
    ['127.0.0.1'],
  ])('refuses a request a proxy on this host forwards with X-Forwarded-For: %s', async (forwardedFor) => {
    const res = await t.http.get('/metrics').set('X-Forwarded-For', forwardedFor);
    expect(res.status).toBe(401);
    expect(res.text).not.toContain('cms_http');
  });

  it('refuses a remote caller without any header, and opens to this host', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.79' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::ffff:203.0.113.79' })).statusCode).toBe(401);
    expect((await t.http.get('/metrics')).status).toBe(200);
  });
});

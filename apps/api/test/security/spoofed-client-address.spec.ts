import { useTestApp } from '../support/test-app';

/**
 * Attack: a client writes its own X-Forwarded-For to choose the address it is rate-limited under
 * (a fresh one per attempt, or someone else's). The test client connects from 127.0.0.1, as
 * nginx on the same host does; each form of TRUST_PROXY must take the address the farthest
 * trusted hop saw, never an entry the client wrote.
 *
 * Every form of TRUST_PROXY against every shape of header is checked on the trust function itself
 * (src/common/http/trust-proxy.spec.ts); here each kind of setting (a hop count, `true`, an address
 * list, unset) goes through a whole app once, from the configuration to the sign-in limiter's table.
 */
describe.each([
  // [TRUST_PROXY, what the proxies add after the client's own header, the address counted]
  ['true, with a client on a private network', 'true', '192.168.1.50', '192.168.1.50'],
  ['2 (a load balancer, then nginx on this host)', '2', '203.0.113.62, 10.20.30.40', '203.0.113.62'],
  ['a list that does not hold loopback', '198.51.100.10', '203.0.113.64', '127.0.0.1'],
  ['unset (this host only)', '', '203.0.113.65', '203.0.113.65'],
])('attack: a spoofed X-Forwarded-For with TRUST_PROXY %s', (_form, trustProxy, added, counted) => {
  const t = useTestApp({ ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}), SIGNIN_MAX_FAILURES_PER_IP: '3' });

  it(`counts ${counted}, not an address the client wrote`, async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      // The client writes a fresh left-most address (private ones too) at every attempt.
      const spoofed = i % 2 ? `192.0.2.${i + 1}` : `10.9.9.${i + 1}, 127.0.0.1`;
      const res = await t.http
        .post('/api/auth/signin')
        .set('X-Forwarded-For', `${spoofed}, ${added}`)
        .send({ email: `n${i}@spoof.test`, password: 'guess' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const keys: { key: string }[] = await t.dataSource.query(`SELECT "key" FROM "sign_in_limit" WHERE "key" LIKE 'ip:%' AND "points" > 0`);
    expect(keys.map(({ key }) => key)).toEqual([`ip:${counted}`]);
  });
});

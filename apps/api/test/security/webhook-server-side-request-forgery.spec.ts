import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { guardedLookup, refusedAddressReason } from '../../src/webhooks/ssrf-guard';
import { useTestApp } from '../support/test-app';
import { SECRET, until, WebhookReceiver } from '../support/webhook-receiver';

/**
 * Server-side request forgery through webhooks: whoever may add a webhook (ACCESS_SETTINGS) could
 * point it at the API's own network (a database admin page, a cloud metadata service at
 * 169.254.169.254, a router) and read the first bytes of its answer in the delivery log. Unless
 * WEBHOOK_ALLOW_PRIVATE=true, no delivery connects to an address off the public internet: IP
 * literals are checked before connecting, names after DNS resolution in the agent's lookup (at
 * connect time, so a name that changes its answer between a check and a use cannot slip through),
 * and redirects are never followed.
 */
describe('webhook server-side request forgery', () => {
  describe('address classification (ipaddr.js)', () => {
    it.each([
      ['127.0.0.1', /loopback/],
      ['127.10.20.30', /loopback/],
      ['10.1.2.3', /private/],
      ['172.16.0.1', /private/],
      ['192.168.1.1', /private/],
      ['169.254.169.254', /link-local/],
      ['100.64.0.1', /CGNAT/],
      ['0.0.0.0', /unspecified/],
      ['224.0.0.1', /multicast/],
      ['255.255.255.255', /broadcast/],
      ['::1', /loopback/],
      ['::', /unspecified/],
      ['fe80::1', /link-local/],
      ['fc00::1', /unique-local/],
      ['fd12:3456::1', /unique-local/],
      ['ff02::1', /multicast/],
      ['::ffff:127.0.0.1', /loopback/],
      ['::ffff:10.0.0.1', /private/],
      ['::ffff:169.254.169.254', /link-local/],
      ['64:ff9b::a00:1', /special-purpose/],
      ['2002:a00:1::', /special-purpose/],
    ])('refuses %s', (address, reason) => {
      expect(refusedAddressReason(address)).toMatch(reason);
    });

    it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:93.184.216.34'])('allows the public address %s', (address) => {
      expect(refusedAddressReason(address)).toBeNull();
    });
  });

  describe('deliveries without WEBHOOK_ALLOW_PRIVATE', () => {
    const t = useTestApp({ WEBHOOK_POLL_MS: '50', WEBHOOK_RETRY_BASE_MS: '50' });
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await new WebhookReceiver().start();
    });
    afterAll(() => receiver.stop());

    async function testDelivery(url: string) {
      const hook = await t.http
        .post('/api/webhooks')
        .set('token', t.ownerToken)
        .send({ url, events: ['content.created'], secret: SECRET });
      expect(hook.status).toBe(201);
      expect((await t.http.post(`/api/webhooks/${hook.body.id}/test`).set('token', t.ownerToken)).status).toBe(201);
      return until(`the delivery to ${url} to end`, async () => {
        const log = await t.http.get(`/api/webhooks/${hook.body.id}/deliveries`).set('token', t.ownerToken);
        return log.body[0]?.status === 'pending' ? undefined : log.body[0];
      });
    }

    it.each([
      ['a loopback IP', () => receiver.url(), /refused: 127\.0\.0\.1 is a loopback address \(set WEBHOOK_ALLOW_PRIVATE=true/],
      ['an IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${receiver.port}/hook`, /refused: ::ffff:7f00:1 is a loopback address/],
      ['the IPv6 loopback', () => `http://[::1]:${receiver.port}/hook`, /refused: ::1 is a loopback address/],
      ['the unspecified address', () => `http://0.0.0.0:${receiver.port}/hook`, /refused: 0\.0\.0\.0 is an unspecified address/],
      ['a cloud metadata service', () => 'http://169.254.169.254/latest/meta-data/', /refused: 169\.254\.169\.254 is a link-local address/],
      ['a private network', () => 'https://10.0.0.1/admin', /refused: 10\.0\.0\.1 is a private address/],
      [
        'a name that resolves to loopback',
        () => `http://localhost:${receiver.port}/hook`,
        /refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address/,
      ],
    ])('fails a delivery to %s at once, says why in the log, and sends nothing', async (_what, url, reason) => {
      const delivery = await testDelivery(url());
      expect(delivery).toMatchObject({ status: 'failed', attempts: 1, responseStatus: null, responseBody: null });
      expect(delivery.error).toMatch(reason);
      expect(receiver.calls).toHaveLength(0);
    });

    it('checks the address a name resolves to when the connection is made (DNS rebinding finds no gap)', async () => {
      // The name answers a public address to any earlier look-up, and loopback to the one that connects.
      const answers = ['93.184.216.34', '127.0.0.1'];
      const realLookup = dns.lookup;
      const spy = jest.spyOn(dns, 'lookup').mockImplementation(((hostname: string, options: unknown, callback: (...args: unknown[]) => void) => {
        if (hostname !== 'rebind.example') return (realLookup as (...args: unknown[]) => void)(hostname, options, callback);
        const address = answers.shift() ?? '127.0.0.1';
        const entry: LookupAddress = { address, family: 4 };
        callback(null, [entry]);
      }) as unknown as typeof dns.lookup);
      try {
        dns.lookup('rebind.example', { all: true }, () => undefined);
        const delivery = await testDelivery(`http://rebind.example:${receiver.port}/hook`);
        expect(delivery.status).toBe('failed');
        expect(delivery.error).toMatch(/refused: rebind\.example resolves to 127\.0\.0\.1, a loopback address/);
        expect(receiver.calls).toHaveLength(0);
      } finally {
        spy.mockRestore();
      }
    });

    it('answers the lookup of an allowed name in the shape the socket asked for', async () => {
      const spy = jest.spyOn(dns, 'lookup').mockImplementation(((_h: string, _o: unknown, callback: (...args: unknown[]) => void) =>
        callback(null, [
          { address: '10.0.0.5', family: 4 },
          { address: '93.184.216.34', family: 4 },
        ])) as unknown as typeof dns.lookup);
      try {
        const one = await new Promise<unknown[]>((resolve) => guardedLookup('mixed.example', { family: 0 }, (...args) => resolve(args)));
        expect(one).toEqual([null, '93.184.216.34', 4]);
        const all = await new Promise<unknown[]>((resolve) => guardedLookup('mixed.example', { all: true }, (...args) => resolve(args)));
        expect(all).toEqual([null, [{ address: '93.184.216.34', family: 4 }]]);
      } finally {
        spy.mockRestore();
      }
    });
  });
});

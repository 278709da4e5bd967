import { startServer, stopServer, type RunningServer } from '../support/server';

/**
 * Attack: one visitor uses up every visitor's form allowance. The site in the API's process sends
 * a form posted without JavaScript on to the API; with HOST on a non-loopback address that post
 * came from the host's own address, so every visitor shared one rate-limit bucket. Each visitor
 * must be counted under the address the trusted proxy saw, and a left-most X-Forwarded-For the
 * visitor wrote must change nothing.
 */
// Tests send traffic to loopback only (this workplace's rule), so the server listens there; the
// in-process post that makes the non-loopback HOST safe is the same path whatever HOST is, and
// web/in-process-fetch.spec.ts and the site's site-handler.spec.ts check it without a socket.
describe('attack: one visitor exhausts the no-JavaScript form limit of every visitor', () => {
  let server: RunningServer;
  let hidden: Record<string, string>;

  beforeAll(async () => {
    // TRUST_PROXY=1: this test client plays nginx, and X-Forwarded-For's right-most entry is the visitor.
    server = await startServer({ demo: true, env: { TRUST_PROXY: '1', FORM_SUBMISSIONS_PER_MINUTE: '2' } });
    const html = await (await fetch(`${server.baseUrl}/contact`)).text();
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1];
    const form = field('_form');
    const section = field('_section');
    if (!form || !section) throw new Error('The demo contact page has no form');
    hidden = { _form: form, _section: section };
  }, 180_000);

  afterAll(async () => {
    if (server) await stopServer(server);
  });

  const post = (forwardedFor: string) =>
    fetch(`${server.baseUrl}/contact`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
      body: new URLSearchParams({ ...hidden, name: 'Ada', email: 'ada@example.com', message: 'Hello there, a message for you.' }).toString(),
    });

  it('counts each visitor under its own address, which a spoofed X-Forwarded-For does not change', async () => {
    const first = [];
    for (let i = 1; i <= 3; i++) first.push((await post(`198.51.100.${i}, 203.0.113.10`)).status);
    expect(first).toEqual([303, 303, 429]);
    // Another visitor still gets through: the first one's posts were not counted as the site's own.
    expect((await post('203.0.113.20')).status).toBe(303);
    expect((await post('203.0.113.20')).status).toBe(303);
    expect((await post('198.51.100.9, 203.0.113.20')).status).toBe(429);
  });
});

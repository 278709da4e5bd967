import { Lang } from '@cms/contracts';
import * as fs from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { publicOriginOf } from './http/request-origin';
import { createSiteHandler, type SiteRequestHandler } from './site-handler';
import { pageResponse, section } from './testing/page-fixtures';

function call(port: number, target: string, host: string): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return callWith(port, target, { host });
}

function callWith(port: number, target: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

// Host header attacks: a request names the host that the answer's absolute links (canonical,
// hreflang, sitemap, robots.txt) point at, and, when the cache keeps a copy per host, a flood of
// made-up hosts pushes the real pages out.
describe('host header', () => {
  let clientDir: string;
  let api: Server;
  let apiOrigin: string;
  const servers: Server[] = [];
  const pageCalls: string[] = [];

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-host-'));
    api = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://api.test');
      if (url.pathname === '/api/theme') return json(res, 200, {});
      if (url.pathname === '/api/slugs') return json(res, 200, [{ path: '/about', updatedAt: '2025-01-02T00:00:00.000Z', published: true, guarded: false }]);
      if (url.pathname === '/api/pages') {
        const locale = (url.searchParams.get('locale') ?? 'en') as Lang;
        const pagePath = url.searchParams.get('path') ?? '';
        pageCalls.push(`${locale} ${pagePath}`);
        return json(res, 200, pageResponse(pagePath, locale, { sections: [section(1, 'hero', { title: `Page ${pagePath}` })] }));
      }
      res.writeHead(404).end();
    });
    apiOrigin = `http://127.0.0.1:${await listen(api)}`;
  });

  afterAll(async () => {
    for (const server of [...servers, api]) await new Promise((resolve) => server.close(resolve));
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  async function site(
    options: { publicUrl?: string; allowedHosts?: string[]; trustForwardedProto?: () => boolean; cache?: { maxEntries: number } } = {},
  ): Promise<{ port: number; handler: SiteRequestHandler }> {
    const handler = createSiteHandler({ clientDir, apiOrigin, logger: { error: () => undefined }, ...options });
    const server = createServer((req, res) => handler(req, res, () => res.writeHead(404).end()));
    servers.push(server);
    return { port: await listen(server), handler };
  }

  describe('with PUBLIC_URL', () => {
    let port: number;
    beforeAll(async () => {
      ({ port } = await site({ publicUrl: 'https://www.example.com/' }));
    });

    it('links pages to PUBLIC_URL whatever Host the request names', async () => {
      const answer = await call(port, '/fr/about', 'evil.example');
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('<link rel="canonical" href="https://www.example.com/fr/about"/>');
      expect(answer.text).toContain('hrefLang="x-default" href="https://www.example.com/about"');
      expect(answer.text).not.toContain('evil.example');
    });

    it('lists PUBLIC_URL in the sitemap and robots.txt whatever Host the request names', async () => {
      const sitemap = await call(port, '/sitemap.xml', 'evil.example');
      expect(sitemap.text).toContain('<loc>https://www.example.com/fr/about</loc>');
      expect(sitemap.text).not.toContain('evil.example');
      const robots = await call(port, '/robots.txt', 'evil.example');
      expect(robots.text).toContain('Sitemap: https://www.example.com/sitemap.xml');
      expect(robots.text).not.toContain('evil.example');
    });

    it('answers a cached page to every Host, without asking the API again', async () => {
      await call(port, '/es/about', 'www.example.com');
      const other = await call(port, '/es/about', 'evil.example');
      expect(other.headers['x-cache']).toBe('HIT');
      expect(pageCalls.filter((entry) => entry === 'es /about')).toHaveLength(1);
    });
  });

  describe('without PUBLIC_URL: ALLOWED_HOSTS', () => {
    const allowedHosts = ['www.example.com', 'localhost:3000'];

    it('attack: Host header poisoning puts no made-up host into canonical, hreflang or Open Graph links', async () => {
      const { port } = await site({ allowedHosts });
      const poisoned = await call(port, '/it/about', 'evil.example');
      expect(poisoned.status).toBe(200);
      expect(poisoned.text).not.toContain('evil.example');
      // Left out rather than root-relative: search engines refuse a relative canonical.
      expect(poisoned.text).not.toContain('rel="canonical"');
      expect(poisoned.text).not.toContain('rel="alternate"');
      expect(poisoned.text).not.toContain('og:url');
      // The next visitor on the real host gets absolute links of its own, never the poisoned copy.
      const real = await call(port, '/it/about', 'www.example.com');
      expect(real.text).toContain('<link rel="canonical" href="http://www.example.com/it/about"/>');
      expect(real.text).toContain('hrefLang="x-default" href="http://www.example.com/about"');
      expect(real.text).toContain('<meta property="og:url" content="http://www.example.com/it/about"/>');
      expect(real.text).not.toContain('evil.example');
      // And the poisoned request, asked again, is still the page without links.
      expect((await call(port, '/it/about', 'evil.example')).text).not.toContain('rel="canonical"');
    });

    it('attack: Host header poisoning gets no sitemap, and no sitemap line in robots.txt', async () => {
      const { port } = await site({ allowedHosts });
      const sitemap = await call(port, '/sitemap.xml', 'evil.example');
      expect(sitemap.status).toBe(404);
      expect(sitemap.text).not.toContain('evil.example');
      const robots = await call(port, '/robots.txt', 'evil.example');
      expect(robots.status).toBe(200);
      expect(robots.text).not.toContain('Sitemap:');
      expect(robots.text).not.toContain('evil.example');
    });

    it('names an allowed Host in the sitemap and robots.txt, and says they vary by Host', async () => {
      const { port } = await site({ allowedHosts });
      const sitemap = await call(port, '/sitemap.xml', 'localhost:3000');
      expect(sitemap.text).toContain('<loc>http://localhost:3000/fr/about</loc>');
      expect(sitemap.headers.vary).toMatch(/Host/);
      const robots = await call(port, '/robots.txt', 'www.example.com');
      expect(robots.text).toContain('Sitemap: http://www.example.com/sitemap.xml');
      expect(robots.headers.vary).toMatch(/Host/);
    });

    it('believes X-Forwarded-Proto only from a trusted proxy', async () => {
      const trusted = await site({ allowedHosts, trustForwardedProto: () => true });
      const behindProxy = await callWith(trusted.port, '/about', { host: 'www.example.com', 'x-forwarded-proto': 'https' });
      expect(behindProxy.text).toContain('<link rel="canonical" href="https://www.example.com/about"/>');
      const untrusted = await site({ allowedHosts, trustForwardedProto: () => false });
      const spoofed = await callWith(untrusted.port, '/about', { host: 'www.example.com', 'x-forwarded-proto': 'https' });
      expect(spoofed.text).toContain('<link rel="canonical" href="http://www.example.com/about"/>');
    });

    it('links nothing when no host is allowed', async () => {
      const { port } = await site();
      const answer = await call(port, '/es/about', 'www.example.com');
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain('rel="canonical"');
    });
  });

  it.each([{ publicUrl: 'https://www.example.com' }, { allowedHosts: ['www.example.com'] }])(
    'keeps the real pages cached through a flood of unknown Host values (%p)',
    async (options) => {
      const { port, handler } = await site({ ...options, cache: { maxEntries: 10 } });
      const real = ['/about', '/fr/about', '/tr/about'];
      for (const target of real) await call(port, target, 'www.example.com');
      for (let i = 0; i < 50; i += 1) await call(port, '/about', `flood-${i}.evil.example`);
      for (const target of real) expect((await call(port, target, 'www.example.com')).headers['x-cache']).toBe('HIT');
      // Without PUBLIC_URL, every unknown Host shares one copy of the page: the one without absolute links.
      expect(handler.cacheStats().entries).toBe(real.length + ('publicUrl' in options ? 0 : 1));
    },
  );

  it('accepts PUBLIC_URL only as an http(s) origin', () => {
    expect(publicOriginOf('https://www.example.com')).toBe('https://www.example.com');
    expect(publicOriginOf('https://WWW.Example.com:8443/')).toBe('https://www.example.com:8443');
    for (const bad of [
      'www.example.com',
      'ftp://example.com',
      'https://example.com/cms',
      'https://user:pw@example.com',
      'https://example.com/?a=1',
      'javascript:alert(1)',
    ]) {
      expect(() => publicOriginOf(bad)).toThrow(/PUBLIC_URL/);
    }
  });
});

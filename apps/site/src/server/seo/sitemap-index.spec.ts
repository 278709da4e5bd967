import * as fs from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { createSiteHandler, type SiteRequestHandler } from '../site-handler';
import { SITEMAP_MAX_URLS } from './sitemap';

function get(port: number, target: string, host: string): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, headers: { host } }, (res) => {
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

const locs = (xml: string) => [...xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

// Past SITEMAP_MAX_URLS addresses /sitemap.xml is a sitemap index of numbered sitemaps. The slugs
// come from an API that pages them as GET /api/slugs does (10,000 at most per call, by range).
describe('sitemap index', () => {
  let clientDir: string;
  let api: Server;
  let site: Server;
  let port: number;
  let handler: SiteRequestHandler;
  let slugCount = 0;
  const slugCalls: string[] = [];
  const host = 'www.example.com';

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-sitemap-'));
    api = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://api.test');
      if (url.pathname === '/api/settings/public') return res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      if (url.pathname !== '/api/slugs') return res.writeHead(404).end();
      slugCalls.push(`${url.searchParams.get('sort')} ${url.searchParams.get('range')}`);
      const [start, end] = JSON.parse(url.searchParams.get('range') ?? '[0,9999]') as [number, number];
      const body = [];
      for (let id = start + 1; id <= Math.min(end + 1, slugCount); id += 1)
        body.push({
          id,
          path: `/page-${String(id).padStart(5, '0')}`,
          updatedAt: new Date(Date.UTC(2025, 0, 1) + id * 60_000).toISOString(),
          published: true,
          guarded: false,
        });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    const apiOrigin = `http://127.0.0.1:${await listen(api)}`;
    handler = createSiteHandler({ clientDir, apiOrigin, logger: { error: () => undefined }, allowedHosts: [host] });
    site = createServer((req, res) => handler(req, res, () => res.writeHead(404).end()));
    port = await listen(site);
  });

  afterAll(async () => {
    for (const server of [site, api]) await new Promise((resolve) => server.close(resolve));
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const purge = () => handler.revalidate({ scope: 'all' });

  it('stays one sitemap up to the limit', async () => {
    // 1,999 pages and the home page, in five locales: exactly 10,000 addresses.
    slugCount = SITEMAP_MAX_URLS / 5 - 1;
    purge();
    const sitemap = await get(port, '/sitemap.xml', host);
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain('<urlset');
    expect(locs(sitemap.text)).toHaveLength(SITEMAP_MAX_URLS);
    expect((await get(port, '/sitemap-1.xml', host)).status).toBe(404);
  });

  it('becomes an index of numbered sitemaps of at most 10,000 addresses past it, every address listed once', async () => {
    // 10,050 pages (two calls to the API) and the home page: 50,255 addresses in six sitemaps.
    slugCount = 10_050;
    slugCalls.length = 0;
    purge();
    const index = await get(port, '/sitemap.xml', host);
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.text).not.toContain('<urlset');
    const children = [...index.text.matchAll(/<sitemap><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/sitemap>/g)].map((match) => match[1]);
    const expected = (slugCount + 1) * 5;
    expect(children).toEqual(Array.from({ length: Math.ceil(expected / SITEMAP_MAX_URLS) }, (_, i) => `http://www.example.com/sitemap-${i + 1}.xml`));
    // The slugs were read page by page, in a stable order.
    expect(slugCalls).toEqual(['["id","ASC"] [0,9999]', '["id","ASC"] [10000,19999]']);

    const all: string[] = [];
    for (const child of children) {
      const file = await get(port, new URL(child).pathname, host);
      expect(file.status).toBe(200);
      expect(file.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
      const listed = locs(file.text);
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
      all.push(...listed);
    }
    expect(all).toHaveLength(expected);
    expect(new Set(all).size).toBe(expected);
    expect(all).toContain('http://www.example.com/fr/page-10050');
    expect(all).toContain('http://www.example.com/it');
    expect((await get(port, `/sitemap-${children.length + 1}.xml`, host)).status).toBe(404);
    expect((await get(port, '/sitemap-0.xml', host)).status).toBe(404);
    // robots.txt names the index.
    expect((await get(port, '/robots.txt', host)).text).toContain('Sitemap: http://www.example.com/sitemap.xml');
    // Fifty thousand addresses rendered and parsed: seconds on a busy machine, not a timing check.
  }, 60_000);

  it('gives a Host that is not allowed neither the index nor its sitemaps', async () => {
    expect((await get(port, '/sitemap.xml', 'evil.example')).status).toBe(404);
    const child = await get(port, '/sitemap-1.xml', 'evil.example');
    expect(child.status).toBe(404);
    expect(child.text).not.toContain('evil.example');
  });
});

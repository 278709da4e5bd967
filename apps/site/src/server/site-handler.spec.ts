import * as fs from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Lang, type PageResponse } from '@cms/contracts';
import { createSiteHandler, loggableUrl, type SiteRequestHandler } from './site-handler';
import { pageResponse, richPage, section } from './testing/page-fixtures';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

function call(port: number, target: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const text = res.headers['content-encoding'] === 'gzip' ? gunzipSync(body).toString('utf8') : body.toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const postForm = (port: number, target: string, fields: [string, string][]) =>
  call(port, target, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

/** A stand-in for the API: pages by (path, locale), guarded paths, form submissions and slugs. */
interface FakeApi {
  pages: Map<string, PageResponse>;
  guarded: Set<string>;
  pageCalls: string[];
  submissions: { url: string; body: unknown; forwardedFor: string | undefined }[];
  submissionAnswer: { status: number; body: unknown; headers?: Record<string, string> };
  slugs: unknown;
  pagesDown: boolean;
  delayMs: number;
  /** Preview tokens the API accepts: the page and locale each was made for (`fr /blog/post`), and its draft (null: no such page). */
  previews: Map<string, { key: string; draft: PageResponse | null }>;
  /** The query strings of the preview reads, as they reached the API. */
  previewQueries: string[];
  /** Addresses the API answers 301/302 for, by (locale, path) as pages are keyed. */
  moved: Map<string, { status: 301 | 302; location: string }>;
  /** Headers of the live page answers (the API's shared-cache headers when CDN_MAX_AGE is set). */
  pageHeaders: Record<string, string>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Page `page` of /news in French: a contents block of 5 items in all, 2 a page, listing `titles`. */
function newsListing(page: number, titles: string[]): PageResponse {
  return pageResponse('/news', Lang.fr, {
    page,
    sections: [
      section(
        1,
        'contents',
        { title: 'News', limit: 2, paginate: true },
        {
          containerContentId: 4,
          itemsTotal: 5,
          items: titles.map((title, i) => ({
            id: i,
            title,
            containerId: 4,
            path: `/news/${i}`,
            updatedAt: '2025-01-01T00:00:00.000Z',
            fields: {},
            fallbackFields: [],
          })),
        },
      ),
    ],
  });
}

describe('site handler', () => {
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  let clientDir: string;
  let api: Server;
  let site: Server;
  let sitePort: number;
  let theme: unknown = { primaryColor: '#1A237E', backgroundColor: '#FAFAFA' };
  let settings: unknown = {};
  let settingsCalls = 0;
  const logger = { error: jest.fn() };
  const next = jest.fn();
  let handler: SiteRequestHandler;
  const fake: FakeApi = {
    pages: new Map(),
    guarded: new Set(),
    pageCalls: [],
    submissions: [],
    submissionAnswer: { status: 201, body: { message: 'ok' } },
    slugs: [],
    pagesDown: false,
    delayMs: 0,
    previews: new Map(),
    previewQueries: [],
    moved: new Map(),
    pageHeaders: {},
  };
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-client-'));
    fs.mkdirSync(path.join(clientDir, '.vite'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(
      path.join(clientDir, '.vite', 'manifest.json'),
      JSON.stringify({ 'src/client/main.ts': { file: 'assets/main-AbCd1234.js', isEntry: true, css: ['assets/main-EfGh5678.css'] } }),
    );
    fs.writeFileSync(path.join(clientDir, 'assets', 'main-AbCd1234.js'), script);
    fs.writeFileSync(path.join(clientDir, 'assets', 'main-EfGh5678.css'), 'body{margin:0}');

    api = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://api.test');
      if (url.pathname === '/api/settings/public') {
        settingsCalls += 1;
        return settings === 'down' ? void res.writeHead(503).end() : json(res, 200, settings);
      }
      if (url.pathname === '/api/theme') return theme === 'down' ? void res.writeHead(503).end() : json(res, 200, theme);
      if (url.pathname === '/api/pages') {
        const pageNumber = url.searchParams.get('page');
        const key = `${url.searchParams.get('locale')} ${url.searchParams.get('path')}${pageNumber ? ` page=${pageNumber}` : ''}`;
        const token = url.searchParams.get('preview');
        fake.pageCalls.push(token === null ? key : `${key} preview=${token}`);
        if (req.headers.cookie || req.headers.token) return json(res, 400, { message: 'the site forwarded a credential' });
        if (fake.pagesDown) return json(res, 500, { statusCode: 500 });
        if (token !== null) {
          fake.previewQueries.push(url.search);
          const granted = fake.previews.get(token);
          // As the API: a token it did not make, that expired, or made for another page or locale is refused.
          if (!granted || granted.key !== key) return json(res, 403, { message: 'This preview link is invalid or has expired' });
          const draft = granted.draft;
          setTimeout(() => (draft ? json(res, 200, draft, { 'cache-control': 'private, no-store' }) : json(res, 404, { statusCode: 404 })), fake.delayMs);
          return;
        }
        if (fake.guarded.has(url.searchParams.get('path') ?? '')) return json(res, 401, { statusCode: 401 });
        const moved = fake.moved.get(key);
        if (moved) return json(res, moved.status, { statusCode: moved.status, code: 'moved', location: moved.location }, { location: moved.location });
        const page = fake.pages.get(key);
        setTimeout(() => (page ? json(res, 200, page, fake.pageHeaders) : json(res, 404, { statusCode: 404 })), fake.delayMs);
        return;
      }
      if (url.pathname === '/api/slugs') return json(res, 200, fake.slugs);
      const form = /^\/api\/forms\/(\d+)\/messages$/.exec(url.pathname);
      if (form && req.method === 'POST') {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          fake.submissions.push({
            url: req.url ?? '',
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
          });
          json(res, fake.submissionAnswer.status, fake.submissionAnswer.body, fake.submissionAnswer.headers);
        });
        return;
      }
      res.writeHead(404).end();
    });
    const apiPort = await listen(api);
    site = createServer((req, res) => handler(req, res, next));
    sitePort = await listen(site);
    handler = createSiteHandler({ clientDir, apiOrigin: `http://127.0.0.1:${apiPort}`, logger, allowedHosts: [`127.0.0.1:${sitePort}`] });
  });

  beforeEach(() => {
    settings = {};
    handler.revalidate({ scope: 'all' });
    Object.assign(fake, {
      pageCalls: [],
      submissions: [],
      submissionAnswer: { status: 201, body: { message: 'ok' } },
      pagesDown: false,
      delayMs: 0,
      previewQueries: [],
      pageHeaders: {},
    });
    fake.pages.clear();
    fake.guarded.clear();
    fake.previews.clear();
    fake.moved.clear();
  });

  afterAll(async () => {
    await new Promise((resolve) => site.close(resolve));
    await new Promise((resolve) => api.close(resolve));
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('renders the pages of a paginating contents block at ?page=N, each cached apart and purged with its path', async () => {
    fake.pages.set('fr /news', newsListing(1, ['One', 'Two']));
    fake.pages.set('fr /news page=2', newsListing(2, ['Three', 'Four']));
    const first = await call(sitePort, '/fr/news');
    const second = await call(sitePort, '/fr/news?page=2');
    expect(first.text).toContain('One');
    expect(second.text).toContain('Three');
    expect(second.text).toContain('<a class="pagination__step" rel="prev" href="/fr/news">');
    expect(second.text).toContain('<a class="pagination__step" rel="next" href="/fr/news?page=3">');
    expect(second.text).toContain('<a href="/fr/news?page=2" aria-current="page" aria-label="Page 2 sur 3">2</a>');
    expect((await call(sitePort, '/fr/news?page=2')).headers['x-cache']).toBe('HIT');
    expect((await call(sitePort, '/fr/news?page=1')).text).toContain('One');
    handler.revalidate({ scope: 'paths', paths: ['/news'], locales: ['fr'] });
    expect((await call(sitePort, '/fr/news?page=2')).headers['x-cache']).toBe('MISS');
    for (const bad of ['0', '-2', 'two', '02', '10001', '']) {
      const answer = await call(sitePort, `/fr/news?page=${bad}`);
      expect([bad, answer.status]).toEqual([bad, 404]);
    }
  });

  // Issue 24: every ?page=N was rendered and kept as its own entry, so made-up numbers evicted real pages.
  it('attack: cache flooding with 1,000 distinct ?page= values answers 404 past the last page and keeps none of them', async () => {
    // As the API answers: a page number past the end lists nothing, with the same total.
    fake.pages.set('fr /news', newsListing(1, ['One', 'Two']));
    fake.pages.set('fr /news page=2', newsListing(2, ['Three', 'Four']));
    fake.pages.set('fr /news page=3', newsListing(3, ['Five']));
    for (let n = 4; n <= 1003; n += 1) fake.pages.set(`fr /news page=${n}`, newsListing(n, []));
    fake.pages.set('fr /about', pageResponse('/about', Lang.fr, { title: 'À propos' }));
    for (const target of ['/fr/news', '/fr/news?page=2', '/fr/news?page=3', '/fr/about']) expect((await call(sitePort, target)).status).toBe(200);
    const kept = handler.cacheStats().entries;
    expect(kept).toBe(4);

    for (let n = 4; n <= 1003; n += 1) {
      const answer = await call(sitePort, `/fr/news?page=${n}`);
      if (answer.status !== 404) throw new Error(`?page=${n} answered ${answer.status}`);
    }
    // A page without a paginating listing has only its first page.
    expect((await call(sitePort, '/fr/about?page=2')).status).toBe(404);
    expect(handler.cacheStats().entries).toBe(kept);
    for (const target of ['/fr/news', '/fr/news?page=2', '/fr/news?page=3', '/fr/about'])
      expect([target, (await call(sitePort, target)).headers['x-cache']]).toEqual([target, 'HIT']);
  }, 60_000);

  it('shows the settings at once: site name, cookie text, logo and default locale, read once until a purge', async () => {
    fake.pages.set('fr /about', pageResponse('/about', Lang.fr, { title: 'À propos' }));
    settings = {
      siteName: { en: 'Acme', fr: 'Acmé' },
      cookieConsentText: { en: 'Cookies, briefly.' },
      defaultLocale: 'fr',
      logo: { uri: '0123456789abcdef0123456789abcdef.png', mimeType: 'image/png', width: 120, height: 40, alt: { en: 'Acme logo' } },
    };
    handler.revalidate({ scope: 'all' });
    settingsCalls = 0;
    const fr = (await call(sitePort, '/fr/about')).text;
    expect(fr).toContain('<title>À propos · Acmé</title>');
    expect(fr).toContain('<meta property="og:site_name" content="Acmé"/>');
    expect(fr).toContain('<meta property="og:title" content="À propos"/>');
    expect(fr).toContain('<meta property="og:locale" content="fr_FR"/>');
    expect(fr).toContain('<img class="brand__logo" src="/api/uploads/0123456789abcdef0123456789abcdef.png" width="120" height="40" alt=""');
    expect(fr).toContain('<span class="brand__name">Acmé</span>');
    // The fr page has no cookie text of its own: en's, said to be English.
    expect(fr).toContain('<p class="cookie-banner__text" lang="en">Cookies, briefly.</p>');
    // The default locale is where visitors of other languages are sent: x-default.
    // Without PUBLIC_URL pages link to the origin of their own Host, which ALLOWED_HOSTS lists.
    expect(fr).toContain(`<link rel="alternate" hrefLang="x-default" href="http://127.0.0.1:${sitePort}/fr/about"/>`);
    expect((await call(sitePort, '/sitemap.xml')).text).toMatch(/hreflang="x-default" href="http:\/\/127\.0\.0\.1:\d+\/fr"\/>/);
    await call(sitePort, '/es/nothing-here');
    expect(settingsCalls).toBe(1);

    // A settings change purges every page on every instance: the next page has the new name.
    settings = { siteName: { en: 'Renamed' } };
    handler.revalidate({ scope: 'all' });
    const after = (await call(sitePort, '/fr/about')).text;
    expect(after).toContain('<title>À propos · Renamed</title>');
    expect(after).toContain('<span class="brand__name" lang="en">Renamed</span>');
    expect(after).not.toContain('brand__logo');
    expect(after).toContain(`<link rel="alternate" hrefLang="x-default" href="http://127.0.0.1:${sitePort}/about"/>`);
    // Path purges leave the settings alone.
    handler.revalidate({ scope: 'paths', paths: ['/about'], locales: ['fr'] });
    await call(sitePort, '/fr/about');
    expect(settingsCalls).toBe(2);

    // Settings the API cannot give: the site's own name and texts.
    settings = 'down';
    handler.revalidate({ scope: 'all' });
    expect((await call(sitePort, '/fr/about')).text).toContain('<title>À propos · CMS</title>');
    settings = {};
    handler.revalidate({ scope: 'all' });
  });

  it('renders the home page of each locale', async () => {
    for (const [target, lang] of [
      ['/', 'en'],
      ['/fr', 'fr'],
      ['/tr', 'tr'],
      ['/es', 'es'],
      ['/it?utm=1', 'it'],
    ]) {
      const answer = await call(sitePort, target);
      expect([target, answer.status]).toEqual([target, 200]);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['content-language']).toBe(lang);
      expect(answer.text).toContain(`<html lang="${lang}"`);
      expect(answer.text).toContain('<script type="module" src="/_site/assets/main-AbCd1234.js"></script>');
    }
  });

  it('uses the theme from the API and falls back to the defaults when it is down', async () => {
    expect((await call(sitePort, '/')).text).toContain('--cms-primary:#1A237E');
    theme = 'down';
    // A change of theme purges every page (the API emits a revalidation of everything).
    handler.revalidate({ scope: 'all' });
    const answer = await call(sitePort, '/');
    theme = { primaryColor: '#1A237E', backgroundColor: '#FAFAFA' };
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('--cms-primary:#26D17D;');
    expect(answer.text).toContain('--cms-background:#FFFFFF;');
    expect(logger.error).toHaveBeenCalledWith(expect.any(Error), expect.stringContaining('default colours'));
  });

  it('answers unknown paths with a not-found page in their locale', async () => {
    const answer = await call(sitePort, '/fr/nope');
    expect(answer.status).toBe(404);
    expect(answer.text).toContain('<html lang="fr"');
    expect(answer.text).toContain('Page introuvable');
  });

  describe('moved pages (redirects)', () => {
    it('passes on a 301 with its Location and the visitor’s query string, asking the API again each time (it counts the hits)', async () => {
      fake.moved.set('en /old-contact', { status: 301, location: '/contact' });
      const answer = await call(sitePort, '/old-contact?ref=mail&x=%C3%A9');
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe('/contact?ref=mail&x=%C3%A9');
      expect(answer.headers['cache-control']).toBe('public, max-age=300');
      expect(answer.body.length).toBe(0);
      expect((await call(sitePort, '/old-contact')).headers.location).toBe('/contact');
      expect((await call(sitePort, '/old-contact', { method: 'HEAD' })).status).toBe(301);
      expect(fake.pageCalls).toEqual(['en /old-contact', 'en /old-contact', 'en /old-contact']);
      expect(handler.cacheStats().entries).toBe(0);
    });

    it('passes on a 302 to an https URL off the site, its own query string first, and keeps nothing', async () => {
      fake.moved.set('fr /partenaire', { status: 302, location: 'https://partner.example/offre?lang=fr#top' });
      const answer = await call(sitePort, '/fr/partenaire?ref=mail');
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe('https://partner.example/offre?lang=fr&ref=mail#top');
      expect(answer.headers['cache-control']).toBe('no-cache');
    });

    it('encodes a Location the API sent decoded, and answers 503 to one the site cannot send a visitor to', async () => {
      fake.moved.set('fr /ancien', { status: 301, location: '/fr/caf%C3%A9/d%C3%A9j%C3%A0' });
      expect((await call(sitePort, '/fr/ancien')).headers.location).toBe('/fr/caf%C3%A9/d%C3%A9j%C3%A0');
      fake.moved.set('en /evil', { status: 301, location: 'javascript:alert(1)' });
      const evil = await call(sitePort, '/evil?x=1');
      expect(evil.status).toBe(503);
      expect(evil.headers.location).toBeUndefined();
      fake.moved.set('en /sneaky', { status: 302, location: '//evil.example/x' });
      expect((await call(sitePort, '/sneaky')).status).toBe(503);
    });

    it('asks the API about an address no page can have (an old site’s URL), for its redirect', async () => {
      fake.moved.set('en /Old-Page.html', { status: 301, location: '/new-page' });
      const answer = await call(sitePort, '/Old-Page.html?id=3');
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe('/new-page?id=3');
      const missing = await call(sitePort, '/Another_Old%20Page.php');
      expect(missing.status).toBe(404);
      expect(fake.pageCalls).toEqual(['en /Old-Page.html', 'en /Another_Old Page.php']);
      expect(handler.cacheStats().entries).toBe(0);
    });
  });

  it('redirects /en to the unprefixed address', async () => {
    const answer = await call(sitePort, '/en/about?x=1');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/about?x=1');
    expect((await call(sitePort, '/en')).headers.location).toBe('/');
  });

  it('sends /favicon.ico to the favicon the API serves', async () => {
    const answer = await call(sitePort, '/favicon.ico');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/api/uploads/favicon.ico');
  });

  it('refuses other methods and malformed paths', async () => {
    const put = await call(sitePort, '/', { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD');
    // Pages take forms only.
    expect((await call(sitePort, '/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(415);
    expect((await call(sitePort, '/_site/assets/main-AbCd1234.js', { method: 'DELETE' })).status).toBe(405);
    expect((await call(sitePort, '/%E0%A4%A')).status).toBe(400);
  });

  it('answers HEAD with headers only', async () => {
    const answer = await call(sitePort, '/', { method: 'HEAD' });
    expect(answer.status).toBe(200);
    expect(Number(answer.headers['content-length'])).toBeGreaterThan(1000);
    expect(answer.body).toHaveLength(0);
  });

  it('compresses pages and honours their ETag', async () => {
    const first = await call(sitePort, '/', { headers: { 'accept-encoding': 'gzip' } });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.text).toContain('<!DOCTYPE html>');
    const again = await call(sitePort, '/', { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
  });

  it('serves hashed client files with immutable caching, compressed when asked', async () => {
    const plain = await call(sitePort, '/_site/assets/main-AbCd1234.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.text).toBe(script);
    const gzip = await call(sitePort, '/_site/assets/main-AbCd1234.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(script);
    expect((await call(sitePort, '/_site/assets/main-AbCd1234.js', { headers: { 'accept-encoding': 'br, gzip' } })).headers['content-encoding']).toBe('br');
    expect((await call(sitePort, '/_site/assets/main-AbCd1234.js', { headers: { 'if-none-match': String(plain.headers.etag) } })).status).toBe(304);
  });

  it('never serves the manifest or files outside the client folder', async () => {
    expect((await call(sitePort, '/_site/.vite/manifest.json')).status).toBe(404);
    expect((await call(sitePort, '/_site/assets/%2e%2e/%2e%2e/package.json')).status).toBe(404);
    expect((await call(sitePort, '/_site/assets/missing-AbCd1234.js')).status).toBe(404);
  });

  describe('pages of the CMS', () => {
    it('renders a page from GET /api/pages, asking for nothing but its path and locale', async () => {
      fake.pages.set('fr /about', richPage(Lang.fr));
      const answer = await call(sitePort, '/fr/about?utm_source=x', { headers: { cookie: 'session=secret', token: 'abc' } });
      expect(answer.status).toBe(200);
      expect(fake.pageCalls).toEqual(['fr /about']);
      expect(answer.headers['content-language']).toBe('fr');
      expect(answer.text).toContain('<title>About us · CMS</title>');
      expect(answer.text).toContain('<h1 id="section-1-title" class="hero__title">We make sites</h1>');
      expect(answer.text).toContain('--cms-primary:#112233');
      // No PUBLIC_URL here: links are built from the request's Host, one of ALLOWED_HOSTS.
      expect(answer.text).toContain(`<link rel="canonical" href="http://127.0.0.1:${sitePort}/fr/about"/>`);
    });

    it('shows the home page of the CMS, and the welcome page while there is none', async () => {
      expect((await call(sitePort, '/it')).text).toContain('Benvenuti nel nostro sito');
      fake.pages.set('it /', pageResponse('/', Lang.it, { title: 'Casa', sections: [section(1, 'hero', { title: 'La nostra casa' })] }));
      handler.revalidate({ scope: 'paths', paths: ['/'], locales: ['it'] });
      const answer = await call(sitePort, '/it');
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('La nostra casa');
      expect(answer.text).not.toContain('Benvenuti nel nostro sito');
    });

    it('asks the API about paths that cannot be pages (for a redirect) but none longer than a redirect’s address, and answers 404', async () => {
      for (const target of ['/About', '/a.b', '/fr/x_y', `/${'a'.repeat(1001)}`, `/${'a'.repeat(1101)}`])
        expect((await call(sitePort, target)).status).toBe(404);
      expect(fake.pageCalls).toEqual(['en /About', 'en /a.b', 'fr /x_y', `en /${'a'.repeat(1001)}`]);
    });

    // How many reach the API is page-source's budget (page-source.spec, on a clock of its own).
    it('attack: made-up addresses are all 404 and none is kept, so they cannot evict pages', async () => {
      fake.pages.set('en /about', pageResponse('/about', Lang.en, { title: 'About' }));
      expect((await call(sitePort, '/about')).status).toBe(200);
      for (let i = 0; i < 30; i += 1) expect((await call(sitePort, `/wp-login-${i}.php`)).status).toBe(404);
      expect(handler.cacheStats().entries).toBe(1);
      expect((await call(sitePort, '/about')).headers['x-cache']).toBe('HIT');
    });

    it('answers 503 when the API cannot give the page, and keeps nothing', async () => {
      fake.pagesDown = true;
      const answer = await call(sitePort, '/about');
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('30');
      expect(answer.headers['cache-control']).toBe('no-store');
      fake.pagesDown = false;
      fake.pages.set('en /about', richPage());
      expect((await call(sitePort, '/about')).status).toBe(200);
    });
  });

  describe('page cache', () => {
    it('renders a page once and serves it from memory until the API purges it', async () => {
      fake.pages.set('en /about', richPage());
      fake.pages.set('fr /about', richPage(Lang.fr));
      expect((await call(sitePort, '/about')).headers['x-cache']).toBe('MISS');
      expect((await call(sitePort, '/about')).headers['x-cache']).toBe('HIT');
      await call(sitePort, '/fr/about');
      expect(fake.pageCalls).toEqual(['en /about', 'fr /about']);

      fake.pages.set('fr /about', pageResponse('/about', Lang.fr, { sections: [section(1, 'hero', { title: 'Nouveau titre' })] }));
      handler.revalidate({ scope: 'paths', paths: ['/about'], locales: ['fr'] });
      const fresh = await call(sitePort, '/fr/about');
      expect(fresh.headers['x-cache']).toBe('MISS');
      expect(fresh.text).toContain('Nouveau titre');
      expect((await call(sitePort, '/about')).headers['x-cache']).toBe('HIT');

      handler.revalidate({ scope: 'all' });
      expect((await call(sitePort, '/about')).headers['x-cache']).toBe('MISS');
      expect(handler.cacheStats()).toMatchObject({ entries: 1 });
    });

    it('answers a kept page from serveCached, before the host handles the request, and nothing else', async () => {
      const fast = createServer((req, res) => {
        if (handler.serveCached(req, res)) return;
        res.setHeader('X-Handled-By', 'handler');
        handler(req, res, next);
      });
      const fastPort = await listen(fast);
      try {
        fake.pages.set('en /about', richPage());
        const first = await call(fastPort, '/about');
        expect(first.headers).toMatchObject({ 'x-cache': 'MISS', 'x-handled-by': 'handler' });
        const hit = await call(fastPort, '/about', { headers: { 'accept-encoding': 'gzip' } });
        expect(hit.headers['x-handled-by']).toBeUndefined();
        expect(hit.headers).toMatchObject({ 'x-cache': 'HIT', 'content-encoding': 'gzip', etag: first.headers.etag, 'content-language': 'en' });
        expect(hit.text).toBe(first.text);
        expect((await call(fastPort, '/about', { headers: { 'if-none-match': String(first.headers.etag) } })).status).toBe(304);
        // Not kept, or rendered for one reader: the handler answers.
        for (const target of ['/fr/about', '/about?sent=s1', '/about?page=x', '/sitemap.xml']) {
          expect({ target, by: (await call(fastPort, target)).headers['x-handled-by'] }).toEqual({ target, by: 'handler' });
        }
        expect((await call(fastPort, '/about', { method: 'POST', body: 'a=b' })).headers['x-handled-by']).toBe('handler');
      } finally {
        await new Promise((resolve) => fast.close(resolve));
      }
    });

    it('keeps one copy whatever Host a request names', async () => {
      fake.pages.set('en /about', richPage());
      await call(sitePort, '/about', { headers: { host: 'a.test' } });
      const other = await call(sitePort, '/about', { headers: { host: 'b.test' } });
      expect(other.headers['x-cache']).toBe('HIT');
      expect(other.text).not.toContain('a.test');
    });

    it('asks the API once for readers who come at the same time', async () => {
      fake.pages.set('en /about', richPage());
      fake.delayMs = 100;
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => call(sitePort, '/about')));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(fake.pageCalls).toEqual(['en /about']);
    });

    it('does not keep a render that a purge overtook', async () => {
      fake.pages.set('en /about', richPage());
      fake.delayMs = 150;
      const first = call(sitePort, '/about');
      await new Promise((resolve) => setTimeout(resolve, 50));
      handler.revalidate({ scope: 'paths', paths: ['/about'], locales: ['en'] });
      fake.delayMs = 0;
      await first;
      expect((await call(sitePort, '/about')).headers['x-cache']).toBe('MISS');
      expect(fake.pageCalls).toEqual(['en /about', 'en /about']);
    });

    it('never keeps not-found pages', async () => {
      await call(sitePort, '/nope');
      await call(sitePort, '/nope');
      expect(fake.pageCalls).toEqual(['en /nope', 'en /nope']);
    });
  });

  describe('behind a CDN', () => {
    const shared = {
      'cache-control': 'public, max-age=0, s-maxage=300, stale-while-revalidate=60',
      'surrogate-key': 'p-en-1x2y3z site layout k3 c7 e5 f2',
      'cache-tag': 'p-en-1x2y3z,site,layout,k3,c7,e5,f2',
    };

    it('keeps no-cache and sends no keys while the API says nothing for shared caches (CDN_MAX_AGE unset)', async () => {
      fake.pages.set('en /about', richPage());
      for (const x of ['MISS', 'HIT']) {
        const answer = await call(sitePort, '/about');
        expect(answer.headers).toMatchObject({ 'x-cache': x, 'cache-control': 'no-cache' });
        expect(answer.headers['surrogate-key']).toBeUndefined();
        expect(answer.headers['cache-tag']).toBeUndefined();
      }
    });

    it("gives a public page's HTML the API answer's Cache-Control and keys, on the miss and the hit alike", async () => {
      fake.pages.set('en /about', richPage());
      fake.pageHeaders = shared;
      const fast = createServer((req, res) => (handler.serveCached(req, res) ? undefined : handler(req, res, next)));
      const fastPort = await listen(fast);
      try {
        const miss = await call(fastPort, '/about');
        const hit = await call(fastPort, '/about', { headers: { 'accept-encoding': 'gzip' } });
        for (const answer of [miss, hit]) expect(answer.headers).toMatchObject(shared);
        expect(hit.headers['x-cache']).toBe('HIT');
        expect(miss.headers.etag).toBe(hit.headers.etag);
      } finally {
        await new Promise((resolve) => fast.close(resolve));
      }
    });

    it('answers a request with a token or Authorization private, no-store and without keys, even from the cache', async () => {
      fake.pages.set('en /about', richPage());
      fake.pageHeaders = shared;
      const fast = createServer((req, res) => (handler.serveCached(req, res) ? undefined : handler(req, res, next)));
      const fastPort = await listen(fast);
      try {
        await call(fastPort, '/about');
        for (const headers of [{ token: 'abc' }, { authorization: 'Bearer abc' }] as Record<string, string>[]) {
          const answer = await call(fastPort, '/about', { headers });
          expect(answer.status).toBe(200);
          expect(answer.headers['cache-control']).toBe('private, no-store');
          expect(answer.headers['surrogate-key']).toBeUndefined();
          expect(answer.headers['cache-tag']).toBeUndefined();
        }
        // The site never forwards the credential to the API (the fake refuses it): the page came from memory.
        expect(fake.pageCalls).toEqual(['en /about']);
      } finally {
        await new Promise((resolve) => fast.close(resolve));
      }
    });

    it('never gives members-only pages, previews or form answers to shared caches', async () => {
      fake.pageHeaders = shared;
      fake.guarded.add('/members');
      const guarded = await call(sitePort, '/members');
      expect(guarded.headers['cache-control']).toBe('private, no-store');
      expect(guarded.headers['surrogate-key']).toBeUndefined();
      fake.pages.set('en /about', richPage());
      const sent = await call(sitePort, '/about?sent=s1');
      expect(sent.headers['cache-control']).toBe('private, no-store');
      expect(sent.headers['surrogate-key']).toBeUndefined();
    });
  });

  describe('guarded pages', () => {
    it('answers a stand-in that sends the visitor to sign in, never cached', async () => {
      fake.guarded.add('/members');
      const answer = await call(sitePort, '/es/members');
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.headers['x-robots-tag']).toBe('noindex');
      expect(answer.text).toContain('data-guarded-path="/members"');
      expect(answer.text).toContain('href="/sign-in?redirect=%2Fes%2Fmembers"');
      expect(answer.text).toContain('<meta name="robots" content="noindex"/>');
      await call(sitePort, '/es/members');
      expect(fake.pageCalls).toEqual(['es /members', 'es /members']);
    });

    it('treats a page that lists accesses as guarded even if the API answered it', async () => {
      fake.pages.set('en /club', pageResponse('/club', Lang.en, { accesses: [{ roleId: 'members' }], sections: [section(1, 'hero', { title: 'Secret' })] }));
      const answer = await call(sitePort, '/club');
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.text).not.toContain('Secret');
    });
  });

  describe('preview links', () => {
    // As the API makes them: base64url text with a dot.
    const token = 'eyJjIjo0MiwibCI6ImZyIiwicCI6Ii9ibG9nL3Bvc3QifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
    const live = () => pageResponse('/blog/post', Lang.fr, { title: 'Article', sections: [section(1, 'hero', { title: 'Live title' })] });
    const draft = () => pageResponse('/blog/post', Lang.fr, { title: 'Article', sections: [section(1, 'hero', { title: 'Draft title' })] });
    const band = '<div class="preview-band" role="status">Aperçu, pas en ligne</div>';
    const withFast = async (run: (port: number) => Promise<void>) => {
      const fast = createServer((req, res) => {
        if (handler.serveCached(req, res)) return;
        res.setHeader('X-Handled-By', 'handler');
        handler(req, res, next);
      });
      try {
        await run(await listen(fast));
      } finally {
        await new Promise((resolve) => fast.close(resolve));
      }
    };

    beforeEach(() => {
      fake.pages.set('fr /blog/post', live());
      fake.previews.set(token, { key: 'fr /blog/post', draft: draft() });
    });

    it('renders the draft with the site renderer, the band, noindex and no-store, asking the API with the token', async () => {
      const answer = await call(sitePort, `/fr/blog/post?preview=${token}`);
      expect(answer.status).toBe(200);
      expect(fake.pageCalls).toEqual([`fr /blog/post preview=${token}`]);
      expect(answer.headers).toMatchObject({
        'cache-control': 'private, no-store',
        'x-robots-tag': 'noindex',
        'referrer-policy': 'no-referrer',
        'content-language': 'fr',
        'content-type': 'text/html; charset=utf-8',
      });
      expect(answer.headers['x-cache']).toBeUndefined();
      expect(answer.text).toContain('<h1 id="section-1-title" class="hero__title">Draft title</h1>');
      expect(answer.text).not.toContain('Live title');
      // The band comes first in the body, before the skip link and the header.
      expect(answer.text).toMatch(new RegExp(`<body[^>]*>${band}<a class="skip-link"`));
      expect(answer.text).toContain('<meta name="robots" content="noindex"/>');
      expect(answer.text).toContain('<script type="module" src="/_site/assets/main-AbCd1234.js"></script>');
      // HEAD answers the same, without a body.
      const head = await call(sitePort, `/fr/blog/post?preview=${token}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers['cache-control']).toBe('private, no-store');
      expect(head.body).toHaveLength(0);
    });

    it('sends the token URL-encoded, whatever it holds, with the page number', async () => {
      const odd = 'a+b&locale=en/=.c d%';
      fake.previews.set(odd, { key: 'fr /blog/post', draft: draft() });
      const answer = await call(sitePort, `/fr/blog/post?preview=${encodeURIComponent(odd)}`);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('Draft title');
      expect(fake.previewQueries).toEqual([`?path=%2Fblog%2Fpost&locale=fr&preview=${encodeURIComponent(odd)}`]);
      fake.previews.set(token, { key: 'fr /blog/post page=2', draft: draft() });
      expect((await call(sitePort, `/fr/blog/post?page=2&preview=${token}`)).status).toBe(404);
      expect(fake.previewQueries[1]).toBe(`?path=%2Fblog%2Fpost&locale=fr&page=2&preview=${token}`);
    });

    it('never answers a preview from the cache nor keeps one: the same path without the token is the live page', async () => {
      await withFast(async (port) => {
        // A live page kept first: the preview of the same path is rendered by the handler, from the draft.
        expect((await call(port, '/fr/blog/post')).headers['x-cache']).toBe('MISS');
        expect((await call(port, '/fr/blog/post')).headers['x-cache']).toBe('HIT');
        const preview = await call(port, `/fr/blog/post?preview=${token}`, { headers: { 'accept-encoding': 'gzip' } });
        expect(preview.headers['x-handled-by']).toBe('handler');
        expect(preview.text).toContain('Draft title');
        expect(preview.text).toContain(band);
        const after = await call(port, '/fr/blog/post');
        expect(after.headers['x-cache']).toBe('HIT');
        expect(after.text).toContain('Live title');
        expect(after.text).not.toContain('preview-band');
        expect(handler.cacheStats().entries).toBe(1);

        // A preview first, the cache empty: the next visitor gets the live page, read afresh.
        handler.revalidate({ scope: 'all' });
        fake.pageCalls = [];
        expect((await call(port, `/fr/blog/post?preview=${token}`)).text).toContain('Draft title');
        expect(handler.cacheStats().entries).toBe(0);
        const visitor = await call(port, '/fr/blog/post');
        expect(visitor.headers['x-cache']).toBe('MISS');
        expect(visitor.text).toContain('Live title');
        expect(visitor.text).not.toContain('Draft title');
        expect(fake.pageCalls).toEqual([`fr /blog/post preview=${token}`, 'fr /blog/post']);
      });
    });

    it('never shares a render in flight between a preview and visitors', async () => {
      fake.delayMs = 100;
      const [visitor, preview, other] = await Promise.all([
        call(sitePort, '/fr/blog/post'),
        call(sitePort, `/fr/blog/post?preview=${token}`),
        call(sitePort, '/fr/blog/post'),
      ]);
      expect(preview.text).toContain('Draft title');
      for (const answer of [visitor, other]) {
        expect(answer.text).toContain('Live title');
        expect(answer.text).not.toContain('preview-band');
      }
      expect([...fake.pageCalls].sort()).toEqual(['fr /blog/post', `fr /blog/post preview=${token}`]);
    });

    it('answers 403 in the locale, with nothing of the draft, when the API refuses the token', async () => {
      fake.pages.set('es /blog/post', pageResponse('/blog/post', Lang.es, { sections: [section(1, 'hero', { title: 'Publicado' })] }));
      // Made for the French page; tampered; expired or never made.
      for (const target of [
        `/es/blog/post?preview=${token}`,
        `/fr/blog/other?preview=${token}`,
        `/fr/blog/post?preview=${token}x`,
        '/fr/blog/post?preview=old.token',
      ]) {
        const answer = await call(sitePort, target);
        expect([target, answer.status]).toEqual([target, 403]);
        expect(answer.headers).toMatchObject({ 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' });
        expect(answer.text).toContain('<meta name="robots" content="noindex"/>');
        expect(answer.text).not.toContain('Draft title');
        expect(answer.text).not.toContain('preview-band');
      }
      const es = await call(sitePort, `/es/blog/post?preview=${token}`);
      expect(es.headers['content-language']).toBe('es');
      expect(es.text).toContain('Este enlace de vista previa no funciona');
      expect(es.text).toContain('<a class="button" href="/es/blog/post">Ver la página publicada</a>');
      const fr = await call(sitePort, '/fr/blog/post?preview=old.token');
      expect(fr.text).toContain('Ce lien d’aperçu ne fonctionne pas');
      expect(fr.text).toContain('Le lien d’aperçu est invalide ou a expiré.');
      // Nothing to ask the API about: refused at once.
      fake.pageCalls = [];
      for (const target of ['/fr/blog/post?preview=', `/fr/blog/post?preview=${'a'.repeat(3000)}`]) expect((await call(sitePort, target)).status).toBe(403);
      expect(fake.pageCalls).toEqual([]);
      // The live page is untouched.
      expect((await call(sitePort, '/es/blog/post')).text).toContain('Publicado');
    });

    it('answers the usual 404 and 503, never kept', async () => {
      fake.previews.set(token, { key: 'fr /blog/post', draft: null });
      const missing = await call(sitePort, `/fr/blog/post?preview=${token}`);
      expect(missing.status).toBe(404);
      expect(missing.headers['cache-control']).toBe('private, no-store');
      expect(missing.text).toContain('Page introuvable');
      expect(missing.text).not.toContain('preview-band');
      // A path that cannot be a page, and a page number that cannot be one: 404 without asking.
      fake.pageCalls = [];
      expect((await call(sitePort, `/fr/Blog?preview=${token}`)).status).toBe(404);
      expect((await call(sitePort, `/fr/blog/post?page=0&preview=${token}`)).status).toBe(404);
      expect(fake.pageCalls).toEqual([]);

      fake.pagesDown = true;
      const down = await call(sitePort, `/fr/blog/post?preview=${token}`);
      expect(down.status).toBe(503);
      expect(down.headers['cache-control']).toBe('private, no-store');
      expect(down.headers['retry-after']).toBe('30');
      // Logs name the page, never the token (page-source.spec checks a failure's own line).
      for (const [, message] of logger.error.mock.calls) expect(String(message)).not.toContain(token);
      fake.pagesDown = false;
      expect(handler.cacheStats().entries).toBe(0);
    });

    it('leaves the token out of what it logs', () => {
      expect(loggableUrl(`/fr/blog/post?preview=${token}`)).toBe('/fr/blog/post?preview=…');
      expect(loggableUrl(`/fr/blog/post?page=2&preview=${token}&x=1#top`)).toBe('/fr/blog/post?page=2&preview=…&x=1#top');
      expect(loggableUrl('/fr/blog/post?previewed=1')).toBe('/fr/blog/post?previewed=1');
      expect(loggableUrl(undefined)).toBe('');
    });

    it('shows the draft of a members-only page to the holder of the link, and the stand-in to everyone else', async () => {
      fake.guarded.add('/club');
      fake.previews.set(token, {
        key: 'fr /club',
        draft: pageResponse('/club', Lang.fr, { accesses: [{ roleId: 'members' }], sections: [section(1, 'hero', { title: 'Club draft' })] }),
      });
      const preview = await call(sitePort, `/fr/club?preview=${token}`);
      expect(preview.status).toBe(200);
      expect(preview.text).toContain('Club draft');
      expect(preview.headers['cache-control']).toBe('private, no-store');
      const visitor = await call(sitePort, '/fr/club');
      expect(visitor.text).toContain('data-guarded-path="/club"');
      expect(visitor.text).not.toContain('Club draft');
    });
  });

  describe('forms without JavaScript', () => {
    const fields = (honeypot = ''): [string, string][] => [
      ['_form', '9'],
      ['_section', 'section-6'],
      ['_hp', honeypot],
      ['name', 'Ada'],
      ['email', 'ada@'],
      ['topic', 'Support'],
      ['interests', 'News'],
      ['interests', 'Events'],
      ['age', '42'],
      ['unknown', 'dropped'],
    ];

    it('sends the values to the API and shows the refusals beside their fields', async () => {
      fake.pages.set('en /contact', richPage(Lang.en, '/contact'));
      fake.submissionAnswer = { status: 400, body: { statusCode: 400, message: 'Invalid', errors: { email: ['An e-mail we can answer'] } } };
      const answer = await postForm(sitePort, '/contact', fields());
      expect(fake.submissions).toEqual([
        {
          url: '/api/forms/9/messages?locale=en',
          body: { values: { name: 'Ada', email: 'ada@', age: '42', topic: 'Support', interests: ['News', 'Events'] } },
          forwardedFor: '127.0.0.1',
        },
      ]);
      expect(answer.status).toBe(400);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.text).toContain('<p class="field__error" id="section-6-email-error" data-error-for="email">An e-mail we can answer</p>');
      expect(answer.text).toContain('<p class="cms-form__message cms-form__message--error">Please check the form.</p>');
      expect(answer.text).toMatch(/name="email" value="ada@"/);
    });

    it("posts through the host's visitorFetch when it gives one, without an X-Forwarded-For", async () => {
      fake.pages.set('en /contact', richPage(Lang.en, '/contact'));
      const seen: string[] = [];
      const hosted = createSiteHandler({
        clientDir,
        apiOrigin: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
        logger,
        // The host's own post for this visitor (the API's process posts in process from request.ip).
        visitorFetch: (req) => (input, init) => {
          seen.push(`${req.socket.remoteAddress} ${new Headers(init?.headers).get('x-forwarded-for')}`);
          return fetch(input, init);
        },
      });
      const server = createServer((req, res) => hosted(req, res, next));
      try {
        const answer = await call(await listen(server), '/contact', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '6.6.6.6' },
          body: new URLSearchParams(fields()).toString(),
        });
        expect(answer.status).toBe(303);
        expect(seen).toEqual(['127.0.0.1 null']);
        expect(fake.submissions.map((sent) => sent.forwardedFor)).toEqual([undefined]);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('thanks the visitor after a redirect, so that a reload sends nothing again', async () => {
      fake.pages.set('fr /contact', richPage(Lang.fr, '/contact'));
      const answer = await postForm(sitePort, '/fr/contact', fields('bot'));
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe('/fr/contact?sent=section-6#section-6');
      expect((fake.submissions[0].body as { _hp?: string })._hp).toBe('bot');
      const thanks = await call(sitePort, '/fr/contact?sent=section-6');
      expect(thanks.status).toBe(200);
      expect(thanks.headers['cache-control']).toBe('private, no-store');
      expect(thanks.text).toContain('<p class="cms-form__message cms-form__message--success">Thanks, we will write back.</p>');
      // The thanks never reaches the cache.
      expect((await call(sitePort, '/fr/contact')).text).not.toContain('cms-form__message--success');
    });

    it('says when the visitor sent too much, or when the API cannot take the message', async () => {
      fake.pages.set('en /contact', richPage(Lang.en, '/contact'));
      fake.submissionAnswer = { status: 429, body: { statusCode: 429 }, headers: { 'retry-after': '42' } };
      const limited = await postForm(sitePort, '/contact', fields());
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBe('42');
      expect(limited.text).toContain('Please try again in 42 seconds.');
      fake.submissionAnswer = { status: 500, body: {} };
      const failed = await postForm(sitePort, '/contact', fields());
      expect(failed.status).toBe(502);
      expect(failed.text).toContain('Your message could not be sent.');
    });

    it('refuses a post that names no form of the page', async () => {
      fake.pages.set('en /contact', richPage(Lang.en, '/contact'));
      const answer = await postForm(sitePort, '/contact', [
        ['_form', '3'],
        ['_section', 'section-6'],
      ]);
      expect(answer.status).toBe(409);
      expect(fake.submissions).toEqual([]);
      expect((await postForm(sitePort, '/nope', [['_form', '9']])).status).toBe(404);
    });

    it('refuses bodies that are too large', async () => {
      fake.pages.set('en /contact', richPage(Lang.en, '/contact'));
      const answer = await postForm(sitePort, '/contact', [['message', 'x'.repeat(300 * 1024)]]);
      expect(answer.status).toBe(413);
    });
  });

  describe('sitemap and robots', () => {
    it('lists every published, public page in every locale with its alternates', async () => {
      fake.slugs = [
        { path: '/', updatedAt: '2025-01-02T00:00:00.000Z', published: true, guarded: false },
        { path: '/blog/hello', updatedAt: '2025-02-03T04:05:06.000Z', published: true, guarded: false },
        { path: '/members', updatedAt: '2025-02-03T04:05:06.000Z', published: true, guarded: true },
        { path: '/draft', updatedAt: '2025-02-03T04:05:06.000Z', published: false, guarded: false },
      ];
      const answer = await call(sitePort, '/sitemap.xml', { headers: { host: `127.0.0.1:${sitePort}` } });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(answer.text).toContain(`<loc>http://127.0.0.1:${sitePort}/fr/blog/hello</loc><lastmod>2025-02-03T04:05:06.000Z</lastmod>`);
      expect(answer.text).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="http://127.0.0.1:${sitePort}/blog/hello"/>`);
      expect(answer.text.match(/<url>/g)).toHaveLength(10);
      expect(answer.text).not.toContain('members');
      expect(answer.text).not.toContain('draft');
    });

    it('points crawlers at the sitemap', async () => {
      const answer = await call(sitePort, '/robots.txt', { headers: { host: `127.0.0.1:${sitePort}` } });
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(`Sitemap: http://127.0.0.1:${sitePort}/sitemap.xml`);
      expect(answer.text).toContain('Disallow: /api/');
    });
  });

  it('still renders pages when the client build is missing', async () => {
    const log = { error: jest.fn() };
    const apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const bare = createSiteHandler({ clientDir: path.join(clientDir, 'nowhere'), apiOrigin, logger: log });
    const server = createServer((req, res) => bare(req, res, next));
    const port = await listen(server);
    try {
      const answer = await call(port, '/es');
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('<html lang="es"');
      expect(answer.text).not.toContain('<script');
      expect(log.error).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('client build is missing'));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(next).not.toHaveBeenCalled();
  });
});

import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CdnPurgeService, type CdnPurgeStats } from '../src/cdn/cdn-purge.service';
import { pageKey } from '../src/cdn/surrogate-keys';
import { loadConfig } from '../src/config/app-config';
import { contentModel } from './support/content-model';
import { createTestApp, onServer, type TestApp } from './support/test-app';
import { until } from './support/webhook-receiver';

/** A purge target on 127.0.0.1 (a stand-in for Varnish or a CDN's API) that keeps what it receives and answers as told. */
class PurgeReceiver {
  readonly calls: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  /** The status of the nth request (0-based). */
  status: (n: number) => number = () => 200;
  private server?: http.Server;
  port = 0;

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const status = this.status(this.calls.length);
        this.calls.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'purged' : 'no');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  url(path = '/purge'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Waits (up to 5 s) until `count` requests arrived. */
  async received(count: number): Promise<void> {
    for (let i = 0; i < 100 && this.calls.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(this.calls.length).toBeGreaterThanOrEqual(count);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const SHARED = 'public, max-age=0, s-maxage=300, stale-while-revalidate=30';

/** A content page with an element placing a form, a listing, a content reference and a form in the layout. */
async function richSite(t: TestApp) {
  const cm = contentModel(t);
  const formId = await cm.form([{ name: 'email', lang: 'en', label: 'E-mail' }]);
  const footerForm = await cm.form([{ name: 'name', lang: 'en', label: 'Name' }]);
  const elementId = (await cm.as().post('/api/elements', { title: 'Newsletter', block: 'form', formId, content: { title: 'Subscribe' } })).body.id as number;
  const people = await cm.container({ title: 'People', slug: 'people', published: true, fields: [{ label: 'Bio', name: 'bio', type: 'STRING' }] });
  const ada = await cm.content({ containerId: people.id, title: 'Ada', slug: 'ada', published: true, fields: { bio: 'Engines' } });
  const blog = await cm.container({
    title: 'Blog',
    slug: 'blog',
    published: true,
    fields: [
      { label: 'Heading', name: 'heading', type: 'STRING' },
      { label: 'Author', name: 'author', type: 'CONTENT' },
    ],
  });
  const hello = await cm.content({
    containerId: blog.id,
    title: 'Hello',
    slug: 'hello',
    published: true,
    fields: { heading: 'Hello', author: ada.id },
    sections: [
      { block: 'element', elementId },
      { block: 'contents', containerContentId: people.id, content: { title: 'Our people' } },
    ],
  });
  expect((await cm.as().post('/api/layout', { sections: [{ type: 'FOOTER', block: 'form', formId: footerForm, content: { title: 'Contact' } }] })).status).toBe(
    200,
  );
  const members = await cm.container({ title: 'Members', slug: 'members', published: true, accesses: [{ roleId: 'super-admin' }] });
  return { cm, formId, footerForm, elementId, people, ada, blog, hello, members };
}

const read = (t: TestApp, path: string, token?: string) => {
  const req = t.http.get(`/api/pages?path=${encodeURIComponent(path)}&locale=en`);
  return token ? req.set('token', token) : req;
};

describe('CDN configuration', () => {
  it('is off by default, and reads CDN_* with their defaults', () => {
    expect(loadConfig({}).cdn).toEqual({ maxAge: null, stale: 60, purge: null, batch: 30, retryMs: 1000, repeatMs: 2000 });
    expect(loadConfig({ CDN_MAX_AGE: '5m', CDN_STALE: '30s' }).cdn).toMatchObject({ maxAge: 300, stale: 30, purge: null });
    expect(loadConfig({ CDN_PURGE: 'varnish', CDN_PURGE_URL: 'http://127.0.0.1:6081/' }).cdn).toMatchObject({
      purge: { kind: 'varnish', url: 'http://127.0.0.1:6081/', method: 'PURGE', headers: {} },
      batch: 200,
    });
    expect(
      loadConfig({
        CDN_PURGE: 'http',
        CDN_PURGE_URL: 'https://api.cloudflare.com/client/v4/zones/z1/purge_cache',
        CDN_PURGE_BODY: '{"tags":{keys_json}}',
        CDN_PURGE_HEADERS: '{"Authorization":"Bearer t0k3n","Content-Type":"application/json"}',
      }).cdn.purge,
    ).toEqual({
      kind: 'http',
      url: 'https://api.cloudflare.com/client/v4/zones/z1/purge_cache',
      method: 'POST',
      body: '{"tags":{keys_json}}',
      headers: { Authorization: 'Bearer t0k3n', 'Content-Type': 'application/json' },
    });
  });

  it('stops at start-up on a wrong CDN variable, naming it', () => {
    for (const [env, named] of [
      [{ CDN_MAX_AGE: 'soon' }, 'CDN_MAX_AGE'],
      [{ CDN_MAX_AGE: '0' }, 'CDN_MAX_AGE'],
      [{ CDN_STALE: '30' }, 'CDN_STALE'],
      [{ CDN_PURGE: 'akamai' }, 'CDN_PURGE'],
      [{ CDN_PURGE: 'varnish' }, 'CDN_PURGE_URL'],
      [{ CDN_PURGE: 'http', CDN_PURGE_URL: 'ftp://x' }, 'CDN_PURGE_URL'],
      [{ CDN_PURGE: 'varnish', CDN_PURGE_URL: 'http://v', CDN_PURGE_METHOD: 'POST' }, 'CDN_PURGE_METHOD'],
      [{ CDN_PURGE: 'http', CDN_PURGE_URL: 'http://v', CDN_PURGE_HEADERS: 'Authorization: x' }, 'CDN_PURGE_HEADERS'],
      [{ CDN_PURGE_URL: 'http://v' }, 'CDN_PURGE'],
    ] as const) {
      expect(() => loadConfig(env)).toThrow(named);
    }
  });
});

describe('page answers with CDN_MAX_AGE unset (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await richSite(t);
  });
  afterAll(() => t?.close());

  it('keeps their headers as they were: no Cache-Control on a public answer, no keys', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await read(t, '/blog/hello');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBeUndefined();
      expect(res.headers['surrogate-key']).toBeUndefined();
      expect(res.headers['cache-tag']).toBeUndefined();
    }
    expect((await read(t, '/blog/hello', t.ownerToken)).headers['cache-control']).toBe('private, no-store');
  });
});

describe('page answers behind a CDN (CDN_MAX_AGE, CDN_PURGE=http)', () => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof richSite>>;
  const receiver = new PurgeReceiver();

  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({
      CDN_MAX_AGE: '300',
      CDN_STALE: '30',
      CDN_PURGE: 'http',
      CDN_PURGE_URL: receiver.url('/zones/z1/purge_cache?via={keys_csv}'),
      CDN_PURGE_BODY: '{"tags":{keys_json}}',
      CDN_PURGE_HEADERS: '{"Authorization":"Bearer t0k3n","Content-Type":"application/json"}',
      CDN_PURGE_RETRY_MS: '20',
      // Each test counts the requests it caused: the second pass is tested apart.
      CDN_PURGE_REPEAT_MS: '0',
    });
    site = await richSite(t);
  });
  afterAll(async () => {
    await t?.close();
    await receiver.stop();
  });
  /** The purge service's counts once it has counted a request sent after `since`: the receiver has a request before the service has read its answer. */
  const purgeCounted = (since: CdnPurgeStats) =>
    until('the purge counted', () => {
      const now = t.app.get(CdnPurgeService).stats();
      return now.requests > since.requests ? now : undefined;
    });
  beforeEach(async () => {
    // What the set-up's writes purged is not this test's.
    await new Promise((resolve) => setTimeout(resolve, 100));
    receiver.calls.length = 0;
    receiver.status = () => 200;
  });

  it('gives an anonymous public answer s-maxage and stale-while-revalidate, and the keys of all it shows', async () => {
    const { hello, blog, people, ada, elementId, formId, footerForm } = site;
    const first = await read(t, '/blog/hello');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe(SHARED);
    const keys = String(first.headers['surrogate-key']).split(' ');
    expect(keys[0]).toBe(pageKey('en', '/blog/hello'));
    expect([...keys].sort()).toEqual(
      [
        pageKey('en', '/blog/hello'),
        'site',
        'layout',
        `k${blog.id}`,
        `c${hello.id}`,
        `e${elementId}`,
        `f${formId}`,
        `f${footerForm}`,
        `k${people.id}`,
        `c${ada.id}`,
      ].sort(),
    );
    expect(first.headers['cache-tag']).toBe(keys.join(','));
    // The kept answer (the API's page cache) carries the same.
    const second = await read(t, '/blog/hello');
    expect(second.headers).toMatchObject({ 'cache-control': SHARED, 'surrogate-key': first.headers['surrogate-key'], 'cache-tag': first.headers['cache-tag'] });
    expect(pageKey('fr', '/blog/hello')).not.toBe(pageKey('en', '/blog/hello'));
    expect(pageKey('en', '/blog/hello')).toMatch(/^p-en-[0-9a-z]{1,11}$/);
  });

  it('answers a signed-in reader private, no-store, without keys', async () => {
    const res = await read(t, '/blog/hello', t.ownerToken);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['surrogate-key']).toBeUndefined();
    expect(res.headers['cache-tag']).toBeUndefined();
  });

  it('never lets a shared cache keep a members-only page', async () => {
    const { cm, members } = site;
    await cm.content({ containerId: members.id, title: 'Secret', slug: 'secret', published: true });
    const member = await read(t, '/members/secret', t.ownerToken);
    expect(member.status).toBe(200);
    expect(member.headers['cache-control']).toBe('private, no-store');
    expect(member.headers['surrogate-key']).toBeUndefined();
    const anonymous = await read(t, '/members/secret');
    expect(anonymous.status).toBe(401);
    expect(String(anonymous.headers['cache-control'] ?? '')).not.toMatch(/public|s-maxage/);
  });

  it('answers a preview private, no-store, without keys', async () => {
    const { cm } = site;
    const drafts = await cm.container({ slug: 'drafted', published: true, drafts: true, fields: [{ label: 'Body', name: 'body', type: 'STRING' }] });
    const post = await cm.content({ containerId: drafts.id, title: 'Post', slug: 'post', published: true, fields: { body: 'live' } });
    const made = await t.http.post(`/api/contents/${post.id}/preview?locale=en`).set('token', t.ownerToken);
    expect(made.status).toBe(200);
    const token = new URL(made.body.url, 'http://site.test').searchParams.get('preview')!;
    const res = await t.http.get(`/api/pages?path=/drafted/post&locale=en&preview=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['surrogate-key']).toBeUndefined();
  });

  it('sends one purge of the changed page through the templated request when a content is saved', async () => {
    const { cm, hello } = site;
    const stats = t.app.get(CdnPurgeService).stats();
    const put = await cm.as().put(`/api/contents/${hello.id}?locale=fr`, { fields: { heading: 'Bonjour' } });
    expect(put.status).toBe(200);
    await receiver.received(1);
    const [call] = receiver.calls;
    expect(call.method).toBe('POST');
    expect(call.headers).toMatchObject({ authorization: 'Bearer t0k3n', 'content-type': 'application/json' });
    const tags = (JSON.parse(call.body) as { tags: string[] }).tags;
    // The French page only (a French write): not the English one, not everything.
    expect(tags).toContain(pageKey('fr', '/blog/hello'));
    expect(tags).not.toContain(pageKey('en', '/blog/hello'));
    expect(tags).not.toContain('site');
    expect(decodeURIComponent(call.url)).toBe(`/zones/z1/purge_cache?via=${tags.join(',')}`);
    const after = await purgeCounted(stats);
    expect(after.events).toBeGreaterThan(stats.events);
    expect(after.requests).toBe(stats.requests + 1);
  });

  it('purges everything (`site`) on POST /api/revalidate/all and on a layout write', async () => {
    expect((await t.http.post('/api/revalidate/all').set('token', t.ownerToken)).status).toBe(204);
    await receiver.received(1);
    expect(JSON.parse(receiver.calls[0].body)).toEqual({ tags: ['site'] });
  });

  it('retries a purge the CDN answered 500 to, with the same keys', async () => {
    receiver.status = (n) => (n < 2 ? 500 : 200);
    const before = t.app.get(CdnPurgeService).stats();
    expect((await t.http.post('/api/revalidate/all').set('token', t.ownerToken)).status).toBe(204);
    await receiver.received(3);
    expect(receiver.calls.map((call) => call.body)).toEqual(Array(3).fill('{"tags":["site"]}'));
    const after = await purgeCounted(before);
    expect(after.failures - before.failures).toBe(2);
    expect(after.requests - before.requests).toBe(1);
  });

  it('counts its purges on /metrics: events, keys, requests sent, failed and abandoned', async () => {
    const sample = (text: string, name: string) => Number(new RegExp(`^${name.replace(/[{}"]/g, '\\$&')} (\\d+)$`, 'm').exec(text)?.[1]);
    // A loopback caller without a forwarding header may read /metrics (observability.spec.ts).
    const scrape = async () => (await t.http.get('/metrics')).text;
    const before = await scrape();
    receiver.status = () => 200;
    // Counted before the request: the purge may be sent and counted before its 204 reaches the test.
    const stats = t.app.get(CdnPurgeService).stats();
    expect((await t.http.post('/api/revalidate/all').set('token', t.ownerToken)).status).toBe(204);
    await purgeCounted(stats);
    const after = await scrape();
    const now = t.app.get(CdnPurgeService).stats();
    expect(now.requests).toBeGreaterThan(0);
    for (const name of ['cms_cdn_purge_events_total', 'cms_cdn_purge_keys_total', 'cms_cdn_purge_requests_total{outcome="sent"}']) {
      expect(Number.isFinite(sample(after, name))).toBe(true);
    }
    expect(sample(after, 'cms_cdn_purge_requests_total{outcome="sent"}')).toBe(now.requests);
    expect(sample(after, 'cms_cdn_purge_requests_total{outcome="failed"}')).toBe(now.failures);
    expect(sample(after, 'cms_cdn_purge_events_total')).toBe(now.events);
    expect(sample(after, 'cms_cdn_purge_keys_total')).toBe(now.keys);
    expect(sample(after, 'cms_cdn_purge_requests_total{outcome="sent"}')).toBeGreaterThan(sample(before, 'cms_cdn_purge_requests_total{outcome="sent"}'));
  });
});

describe('purges to Varnish (CDN_PURGE=varnish)', () => {
  let t: TestApp;
  const receiver = new PurgeReceiver();

  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({
      CDN_MAX_AGE: '60',
      CDN_PURGE: 'varnish',
      CDN_PURGE_URL: receiver.url('/'),
      CDN_PURGE_RETRY_MS: '20',
      CDN_PURGE_REPEAT_MS: '300',
    });
  });
  afterAll(async () => {
    await t?.close();
    await receiver.stop();
  });

  it('sends a PURGE naming the pages in X-Purge-Keys', async () => {
    const cm = contentModel(t);
    const news = await cm.container({ title: 'News', slug: 'news', published: true, fields: [{ label: 'Text', name: 'text', type: 'STRING' }] });
    const post = await cm.content({ containerId: news.id, title: 'First', slug: 'first', published: true, fields: { text: 'a' } });
    // The set-up's purges and their second pass are not this test's.
    await new Promise((resolve) => setTimeout(resolve, 600));
    receiver.calls.length = 0;
    expect((await cm.as().put(`/api/contents/${post.id}?locale=en`, { fields: { text: 'b' } })).status).toBe(200);
    await receiver.received(1);
    const [call] = receiver.calls;
    expect(call.method).toBe('PURGE');
    const keys = String(call.headers['x-purge-keys']).split(' ');
    // An English write shows in every locale (they fall back to it).
    for (const locale of ['en', 'fr', 'tr', 'es', 'it']) expect(keys).toContain(pageKey(locale, '/news/first'));
    // Then once more, for what the cache was fetching while the write committed.
    await receiver.received(2);
    expect(receiver.calls[1].headers['x-purge-keys']).toBe(call.headers['x-purge-keys']);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(receiver.calls).toHaveLength(2);
  });
});

describe('a purge target that is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port nothing listens on: every try is refused.
    const closed = await new PurgeReceiver().start();
    const url = closed.url('/');
    await closed.stop();
    t = await createTestApp({ CDN_MAX_AGE: '60', CDN_PURGE: 'varnish', CDN_PURGE_URL: url, CDN_PURGE_RETRY_MS: '10', CDN_PURGE_REPEAT_MS: '0' });
  });
  afterAll(() => t?.close());

  it('never fails or holds up a save: the purge is retried, then given up and logged', async () => {
    const cm = contentModel(t);
    const news = await cm.container({ title: 'News', slug: 'news', published: true, fields: [{ label: 'Text', name: 'text', type: 'STRING' }] });
    const post = await cm.content({ containerId: news.id, title: 'First', slug: 'first', published: true, fields: { text: 'a' } });
    const put = await cm.as().put(`/api/contents/${post.id}?locale=en`, { fields: { text: 'b' } });
    expect(put.status).toBe(200);
    expect((await read(t, '/news/first')).body.content.fields.text).toBe('b');
    const purges = t.app.get(CdnPurgeService);
    await until('the purge given up', () => (purges.stats().abandoned > 0 ? true : undefined), 30_000);
    expect(purges.stats()).toMatchObject({ requests: 0 });
    expect(purges.stats().abandoned).toBeGreaterThanOrEqual(1);
    expect(purges.stats().failures).toBeGreaterThanOrEqual(5);
  });
});

// Every instance hears every purge (NOTIFY); only the one that made the write sends it on (a server only: CI's second run).
onServer('purges with two instances', () => {
  const receiver = new PurgeReceiver();
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    await receiver.start();
    const env = { CDN_MAX_AGE: '60', CDN_PURGE: 'varnish', CDN_PURGE_URL: receiver.url('/'), CDN_PURGE_REPEAT_MS: '0' };
    first = await createTestApp(env);
    second = await createTestApp({ ...env, DATABASE_URL: first.config.databaseUrl! });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await receiver.stop();
  });

  it('sends each purge once, from the instance that made the write', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    receiver.calls.length = 0;
    expect((await first.http.post('/api/revalidate/all').set('token', first.ownerToken)).status).toBe(204);
    await receiver.received(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.calls.map((call) => call.headers['x-purge-keys'])).toEqual(['site']);
    expect(second.app.get(CdnPurgeService).stats().requests).toBe(0);
  });
});

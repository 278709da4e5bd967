import { securityHeaders } from '@cms/contracts';
import * as fs from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { createSiteHandler } from './site-handler';
import { createServer, type Server } from 'node:http';
import { createStandaloneServer, requestIdFetch } from './standalone-server';

function get(port: number, target: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('standalone site server', () => {
  let port: number;
  let server: ReturnType<typeof createStandaloneServer>;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-standalone-'));
    // The real handler, with an API that does not answer: pages are 503s, robots.txt needs no API.
    const handler = createSiteHandler({ clientDir, apiOrigin: 'http://127.0.0.1:9', logger: { error: () => undefined }, pageTimeoutMs: 500 });
    server = createStandaloneServer(handler, () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it.each(['/robots.txt', '/', '/fr/some/page', '/_site/missing.js'])('sends the same security headers as the in-process site on %s', async (target) => {
    const { headers } = await get(port, target);
    for (const [name, value] of Object.entries(securityHeaders('anyone'))) expect(headers[name]).toBe(value);
  });

  it('keeps public pages embeddable anywhere', async () => {
    const { headers } = await get(port, '/robots.txt');
    expect(headers['content-security-policy']).toContain('frame-ancestors *');
    expect(headers['x-frame-options']).toBeUndefined();
  });

  it.each(['/robots.txt', '/', '/_site/missing.js'])('answers X-Request-Id on %s: a new UUID, or the caller’s when well-formed', async (target) => {
    const fresh = (await get(port, target)).headers['x-request-id'];
    expect(fresh).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect((await get(port, target)).headers['x-request-id']).not.toBe(fresh);
    expect((await get(port, target, { 'X-Request-Id': 'Root=1-trace.42' })).headers['x-request-id']).not.toBe('Root=1-trace.42');
    expect((await get(port, target, { 'X-Request-Id': 'trace-42.a:b_c' })).headers['x-request-id']).toBe('trace-42.a:b_c');
  });

  it('replaces a hostile X-Request-Id instead of echoing it', async () => {
    for (const hostile of ['a b', '"quoted"', 'x'.repeat(129), '<script>']) {
      const answered = (await get(port, '/robots.txt', { 'X-Request-Id': hostile })).headers['x-request-id'];
      expect(answered).not.toBe(hostile);
      expect(answered).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('standalone site reads from the API', () => {
  let api: Server;
  let site: Server;
  let apiPort: number;
  let sitePort: number;
  let clientDir: string;
  const seen: (string | undefined)[] = [];
  const errors: { message: string; requestId: string }[] = [];

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-standalone-ids-'));
    // An API that notes the id of each read and answers none of them well: the page is an error page.
    api = createServer((req, res) => {
      seen.push(req.headers['x-request-id'] as string | undefined);
      res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"statusCode":500,"message":"down"}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    apiPort = (api.address() as AddressInfo).port;
    const handler = createSiteHandler({
      clientDir,
      apiOrigin: `http://127.0.0.1:${apiPort}`,
      apiFetch: requestIdFetch(),
      logger: { error: () => undefined },
      pageTimeoutMs: 2000,
    });
    site = createStandaloneServer(handler, (message, requestId) => errors.push({ message, requestId }));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    sitePort = (site.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => site.close(resolve));
    await new Promise((resolve) => api.close(resolve));
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('names the page’s request in every read it makes from the API', async () => {
    seen.length = 0;
    const { headers } = await get(sitePort, '/some/page', { 'X-Request-Id': 'page-request-1' });
    expect(headers['x-request-id']).toBe('page-request-1');
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['page-request-1']));
  });

  it('sends no id of its own outside a request', async () => {
    seen.length = 0;
    await requestIdFetch()(`http://127.0.0.1:${apiPort}/api/settings`);
    expect(seen).toEqual([undefined]);
  });
});

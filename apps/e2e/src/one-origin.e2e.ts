import { get } from 'node:http';
import { api, signInViaApi } from './support/api';
import { baseUrl, ownerCredentials } from './support/env';

/** The status and raw header lines of a GET (fetch would merge a header sent twice). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: [string, string][] }> {
  return new Promise((resolve, reject) => {
    get(`${baseUrl()}${path}`, { headers }, (res) => {
      const lines: [string, string][] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push([res.rawHeaders[i].toLowerCase(), res.rawHeaders[i + 1]]);
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: lines }));
    }).on('error', reject);
  });
}

/** What a new user opens first: every route group answers on the one port. */
describe('one origin', () => {
  it.each([
    '/',
    '/fr',
    '/tr',
    '/es',
    '/it',
    '/sign-in',
    '/not-found',
    '/admin',
    '/admin/users',
    '/api/docs',
    '/api/docs-json',
    '/api/health',
    '/api/theme',
    '/api/uploads/favicon.ico',
  ])('answers 200 for %s', async (path) => {
    const res = await fetch(`${baseUrl()}${path}`, { redirect: 'manual' });
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
  });

  it('serves the back office for its routes and the site for the others', async () => {
    const admin = await (await fetch(`${baseUrl()}/admin/users/roles`)).text();
    expect(admin).toContain('/admin/assets/');
    const site = await (await fetch(`${baseUrl()}/fr`)).text();
    expect(site).toMatch(/<html[^>]*lang="fr"/);
  });

  it('answers API errors as JSON, not as a page', async () => {
    const res = await fetch(`${baseUrl()}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, message: expect.any(String) });
  });

  it('answers a cached page, served before the framework, with the same headers as its first render', async () => {
    // Every cached page purged: the first GET renders it (MISS), the second is a hit. (A made-up
    // ?page= number is no fresh entry any more: past the last page it is a 404, never kept.)
    const { email, password } = ownerCredentials();
    expect((await api(await signInViaApi(email, password)).post('/revalidate/all')).status).toBe(204);
    const path = '/it';
    const first = await rawGet(path, { 'accept-encoding': 'gzip' });
    const second = await rawGet(path, { 'accept-encoding': 'gzip' });
    // Each answer has its own request id (and date); every other header is the first render's.
    const comparable = (lines: [string, string][]) =>
      lines.filter(([name]) => !['date', 'x-cache', 'x-request-id', 'connection', 'keep-alive'].includes(name)).sort();
    const requestIds = [first, second].map(({ headers }) => headers.find(([name]) => name === 'x-request-id')?.[1]);
    expect(requestIds[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIds[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIds[1]).not.toBe(requestIds[0]);
    expect(first.status).toBe(200);
    expect(first.headers).toContainEqual(['x-cache', 'MISS']);
    expect(second.headers).toContainEqual(['x-cache', 'HIT']);
    expect(comparable(second.headers)).toEqual(comparable(first.headers));
    const names = second.headers.map(([name]) => name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    // A 304 for a browser that holds the page.
    const etag = second.headers.find(([name]) => name === 'etag')?.[1] ?? '';
    expect((await rawGet(path, { 'if-none-match': etag })).status).toBe(304);
  });
});

import Fastify from 'fastify';
import { Store, storage } from 'nestjs-pino/storage';
import pino from 'pino';
import { inProcessFetch } from './in-process-fetch';

describe('inProcessFetch', () => {
  const app = Fastify();
  let slow: () => void = () => undefined;
  app.get('/api/echo', async (request, reply) => {
    reply.header('x-seen-accept', String(request.headers.accept)).header('set-cookie', ['a=1', 'b=2']);
    return { query: request.query, ip: request.ip };
  });
  app.post('/api/echo-post', async (request) => ({ body: request.body, ip: request.ip, forwardedFor: request.headers['x-forwarded-for'] ?? null }));
  app.get('/api/request-id', async (request) => ({ id: request.headers['x-request-id'] ?? null }));
  app.get('/api/missing', async (_request, reply) => reply.code(404).send({ message: 'No page' }));
  app.get('/api/slow', () => new Promise((resolve) => (slow = () => resolve({ late: true }))));
  beforeAll(() => app.ready());
  afterAll(() => app.close());
  const apiFetch = inProcessFetch(app);

  it('answers a GET with the route’s status, headers and body, from 127.0.0.1', async () => {
    const res = await apiFetch('http://127.0.0.1:1/api/echo?path=%2Fblog&locale=fr', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-seen-accept')).toBe('application/json');
    expect(res.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(await res.json()).toEqual({ query: { path: '/blog', locale: 'fr' }, ip: '127.0.0.1' });
  });

  it('sends the id of the request it is made for (the page), so that the API logs its reads under it', async () => {
    expect(await (await apiFetch('http://127.0.0.1:1/api/request-id')).json()).toEqual({ id: null });
    const store = Object.assign(new Store(pino({ level: 'silent' })), { reqId: 'page-req-1' });
    const seen = await storage.run(store, async () => (await apiFetch('http://127.0.0.1:1/api/request-id')).json());
    expect(seen).toEqual({ id: 'page-req-1' });
  });

  it('passes error statuses on as they are, and answers HEAD without a body', async () => {
    const missing = await apiFetch('http://127.0.0.1:1/api/missing');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No page' });
    const head = await apiFetch('http://127.0.0.1:1/api/echo', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('rejects when the signal aborts first, as fetch does on a timeout', async () => {
    await expect(apiFetch('http://127.0.0.1:1/api/slow', { signal: AbortSignal.timeout(20) })).rejects.toMatchObject({ name: 'TimeoutError' });
    slow();
    const aborted = new AbortController();
    aborted.abort(new Error('gone'));
    await expect(apiFetch('http://127.0.0.1:1/api/echo', { signal: aborted.signal })).rejects.toThrow('gone');
  });

  it('refuses to send anything but GET and HEAD without a visitor address', async () => {
    await expect(apiFetch('http://127.0.0.1:1/api/echo', { method: 'POST', body: '{}' })).rejects.toThrow('only sends GET, HEAD, not POST');
  });

  it('posts from the visitor’s address, dropping any X-Forwarded-For', async () => {
    const visitorFetch = inProcessFetch(app, '203.0.113.7');
    const res = await visitorFetch('http://127.0.0.1:1/api/echo-post', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '6.6.6.6' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(await res.json()).toEqual({ body: { a: 1 }, ip: '203.0.113.7', forwardedFor: null });
    await expect(visitorFetch('http://127.0.0.1:1/api/echo', { method: 'DELETE' })).rejects.toThrow('not DELETE');
  });
});

import { RightType } from '@cms/contracts';
import { createTestApp, OWNER, type TestApp } from '../support/test-app';

/**
 * Attack: a browser's or a shared proxy's cache keeps an answer made for one signed-in user (a
 * list of users, their own profile, a member's page) and hands it to whoever asks next on that
 * machine or behind that proxy. Every answer to a request that carries a session token says
 * `Cache-Control: no-store`; anonymous public reads keep their own caching headers.
 */
describe('attack: cached answers of a signed-in session', () => {
  let t: TestApp;
  let viewerToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    viewerToken = (await t.userWithRights([RightType.VIEW_MEDIA])).token;
  });
  afterAll(() => t.close());

  // Three values in every row: jest would take a third parameter without a value for a done callback.
  const SAMPLE: [method: 'get' | 'post' | 'put' | 'delete', path: string, body: object | undefined][] = [
    ['get', '/api/me', undefined],
    ['get', '/api/users', undefined],
    ['get', '/api/users/1', undefined],
    ['get', '/api/roles/choices', undefined],
    ['get', '/api/settings', undefined],
    ['get', '/api/settings/public', undefined],
    ['get', '/api/theme', undefined],
    ['get', '/api/contents', undefined],
    ['get', '/api/containers', undefined],
    ['get', '/api/medias/limits', undefined],
    ['get', '/api/messages', undefined],
    ['get', '/api/pages?path=/', undefined],
    ['get', '/api/nothing-here', undefined],
    ['get', '/api/users/999999', undefined],
    ['get', '/api/users?nonsense=1', undefined],
    ['post', '/api/roles', { name: '' }],
    ['put', '/api/users/999999', { name: 'x' }],
    ['delete', '/api/roles/nobody', undefined],
  ];

  const sendAs = (method: 'get' | 'post' | 'put' | 'delete', path: string, body: object | undefined, headers: Record<string, string>) => {
    let req = t.http[method](path);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    return body ? req.send(body) : req;
  };

  it.each(SAMPLE)('answers %s %s with no-store to the token header, the Bearer header, and a refused token', async (method, path, body) => {
    const spellings: Record<string, string>[] = [
      { token: t.ownerToken },
      { Authorization: `Bearer ${t.ownerToken}` },
      { token: viewerToken },
      { token: 'not-a-session' },
    ];
    for (const headers of spellings) {
      const res = await sendAs(method, path, body, headers);
      expect({ method, path, headers: Object.keys(headers), cacheControl: res.headers['cache-control'] }).toEqual({
        method,
        path,
        headers: Object.keys(headers),
        cacheControl: expect.stringMatching(/(^|[\s,])no-store($|[\s,])/),
      });
    }
  });

  it('keeps the page read’s own private, no-store', async () => {
    const res = await t.http.get('/api/pages?path=/').set('token', t.ownerToken);
    if (res.status === 200) expect(res.headers['cache-control']).toBe('private, no-store');
    else expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the caching headers of anonymous public reads', async () => {
    expect((await t.http.get('/api/theme')).headers['cache-control']).toBe('public, max-age=60');
    expect((await t.http.get('/api/settings/public')).headers['cache-control']).toBe('public, max-age=60');
    expect((await t.http.get('/api/health')).headers['cache-control']).toBeUndefined();
  });

  it('answers the new session token of a sign-in with no-store', async () => {
    const res = await t.http.post('/api/auth/signin').send(OWNER);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

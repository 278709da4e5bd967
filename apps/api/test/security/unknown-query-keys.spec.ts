import { RightType } from '@cms/contracts';
import { discoverRoutes } from '../support/routes';
import { useTestApp } from '../support/test-app';

/**
 * Advisory class: unknown query keys silently ignored. A misspelt or smuggled key (`filtre=`,
 * `role=`, `filter[password]=`) that the server drops answers more than the caller asked for, or
 * hides a probe; every route refuses keys it does not read, with a 400 naming them.
 */
describe('attack: unknown query keys', () => {
  const t = useTestApp();

  it('refuses an unknown key on every GET route of the app but the upload files, naming the key', async () => {
    const accepted: string[] = [];
    for (const { route } of discoverRoutes(t.app)) {
      const [method, path] = route.split(' ');
      if (method !== 'GET' || path.startsWith('/api/uploads/')) continue;
      const url = `${path.replace(':id', '1').replace(':name', 'siteName')}?${path === '/api/pages' ? 'path=/&' : ''}${path.endsWith('/export') ? 'formId=1&' : ''}smuggled=1`;
      const res = await t.http.get(url).set('token', t.ownerToken);
      if (res.status !== 400 || !String(res.body.message).includes('smuggled')) accepted.push(`${url} -> ${res.status}`);
    }
    expect(accepted).toEqual([]);
  });

  it.each([
    ['/api/users?filtre={"roleId":"super-admin"}', 'filtre'],
    ['/api/users?filter[password]=x', 'filter[password]'],
    ['/api/containers/1?locale=en&role=super-admin', 'role'],
    ['/api/layout?locale=en&debug=1', 'debug'],
    ['/api/me?as=1', 'as'],
    ['/api/health?verbose=1', 'verbose'],
  ])('answers 400 to %s', async (url, key) => {
    const res = await t.http.get(url).set('token', t.ownerToken);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(key);
  });

  it('checks the rights before the query: an anonymous caller learns nothing of a guarded route', async () => {
    expect((await t.http.get('/api/containers/1?smuggled=1')).status).toBe(401);
    const reader = await t.userWithRights([RightType.VIEW_MEDIA]);
    expect((await t.http.get('/api/containers/1?smuggled=1').set('token', reader.token)).status).toBe(403);
  });

  it('still answers the keys a route reads, and lets links to files carry tracking parameters', async () => {
    expect((await t.http.get('/api/layout?locale=fr').set('token', t.ownerToken)).status).toBe(200);
    expect((await t.http.delete('/api/containers/999999?cascade=true').set('token', t.ownerToken)).status).toBe(404);
    expect((await t.http.get('/api/uploads/favicon.ico?utm_source=x')).status).toBe(200);
  });
});

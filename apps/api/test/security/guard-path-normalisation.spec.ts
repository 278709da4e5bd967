import { RightType } from '@cms/contracts';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Advisory class: a guard keyed on the path string is bypassed by another spelling of the same
 * route (`/api/users/`, `/API/users`, `/api//users`, encoded slashes and dots). Here the guard is
 * attached to the handler, so any spelling the router maps to the handler is guarded, and any it
 * does not map answers 404 without data.
 */
describe('attack: path-normalisation bypass of a guard', () => {
  let t: TestApp;
  let viewerToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    viewerToken = (await t.userWithRights([RightType.VIEW_MEDIA])).token;
  });
  afterAll(() => t.close());

  const SPELLINGS = [
    '/api/users',
    '/api/users/',
    '/API/users',
    '/Api/Users',
    '/api//users',
    '//api/users',
    '/api/./users',
    '/api/users/.',
    '/api/x/../users',
    '/api/%75sers',
    '/api/users%2F',
    '/api%2Fusers',
    '/api/users;x=1',
    '/api/users%00',
    '/api/users%20',
    '/api/users/..%2Fusers',
    '/api/users?token=',
    '/api/users#',
    '/api/users/1',
    '/api/users//1',
    '/API/users/1',
  ];

  it.each(SPELLINGS)('never answers user data to an anonymous caller or a caller without VIEW_USER at %s', async (spelling) => {
    for (const token of [null, viewerToken]) {
      const req = t.http.get(spelling);
      const res = token ? await req.set('token', token) : await req;
      expect({ spelling, token: !!token, status: [401, 403, 404].includes(res.status) }).toEqual({ spelling, token: !!token, status: true });
      expect(JSON.stringify(res.body ?? '')).not.toContain('owner@test.local');
    }
  });

  it.each([
    ['DELETE', '/api//users/1'],
    ['DELETE', '/API/users/1'],
    ['PUT', '/api/users/1/'],
    ['POST', '/api//roles'],
    ['POST', '/api/revalidate//all'],
  ])('never runs %s %s for a caller without the right', async (method, path) => {
    const res = await t.http[method.toLowerCase() as 'post'](path).set('token', viewerToken).send({ name: 'x', rights: [] });
    expect([401, 403, 404]).toContain(res.status);
    expect((await t.http.get('/api/users/1').set('token', t.ownerToken)).status).toBe(200);
  });
});

import { baseUrl } from './support/env';

/** What a new user opens first: every route group answers on the one port. */
describe('one origin', () => {
  it.each(['/', '/fr', '/tr', '/es', '/it', '/sign-in', '/not-found', '/admin', '/admin/users', '/api/docs', '/api/docs-json', '/api/health', '/api/theme', '/api/uploads/favicon.ico'])(
    'answers 200 for %s',
    async (path) => {
      const res = await fetch(`${baseUrl()}${path}`, { redirect: 'manual' });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    },
  );

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
});

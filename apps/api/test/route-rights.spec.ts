import { createTestApp, type TestApp } from './support/test-app';
import { describeRule, discoverRoutes } from './support/routes';

/**
 * The rights of every route of the API. A new route fails this test until it is added here, so no
 * module can ship a route without deciding who may call it.
 */
const RIGHTS_TABLE: Record<string, string> = {
  'GET /api/health': 'public',
  'GET /api/theme': 'public',
  'GET /api/uploads/favicon.ico': 'public',
  'GET /api/uploads/:file': 'public',
  'POST /api/auth/signin': 'public',
  'POST /api/auth/signout': 'signed-in',
  'GET /api/me': 'signed-in',
  'POST /api/revalidate/all': 'REVALIDATION',

  'GET /api/users': 'VIEW_USER',
  'GET /api/users/:id': 'VIEW_USER',
  'POST /api/users': 'CREATE_USER',
  'PUT /api/users/:id': 'UPDATE_USER',
  'DELETE /api/users/:id': 'DELETE_USER',

  'GET /api/roles': 'VIEW_ROLE',
  'GET /api/roles/:id': 'VIEW_ROLE',
  'POST /api/roles': 'CREATE_ROLE',
  'PUT /api/roles/:id': 'UPDATE_ROLE',
  'DELETE /api/roles/:id': 'DELETE_ROLE',

  'GET /api/medias': 'VIEW_MEDIA',
  'GET /api/medias/:id': 'VIEW_MEDIA',
  'POST /api/medias': 'CREATE_MEDIA',
  'PUT /api/medias/:id': 'UPDATE_MEDIA',
  'DELETE /api/medias/:id': 'DELETE_MEDIA',

  'GET /api/media-packs': 'VIEW_MEDIAPACK',
  'GET /api/media-packs/:id': 'VIEW_MEDIAPACK',
  'POST /api/media-packs': 'CREATE_MEDIAPACK',
  'PUT /api/media-packs/:id': 'UPDATE_MEDIAPACK',
  'DELETE /api/media-packs/:id': 'DELETE_MEDIAPACK',

  'GET /api/forms': 'VIEW_FORM',
  'GET /api/forms/:id': 'VIEW_FORM',
  'GET /api/forms/:id/public': 'public',
  'POST /api/forms': 'CREATE_FORM',
  'PUT /api/forms/:id': 'UPDATE_FORM',
  'DELETE /api/forms/:id': 'DELETE_FORM',
  'POST /api/forms/:id/messages': 'public',

  'GET /api/messages': 'VIEW_MESSAGE',
  'GET /api/messages/export': 'VIEW_MESSAGE',
  'GET /api/messages/:id': 'VIEW_MESSAGE',
  'PUT /api/messages/:id': 'VIEW_MESSAGE',
  'DELETE /api/messages/:id': 'VIEW_MESSAGE+DELETE_FORM',

  'GET /api/settings': 'ACCESS_SETTINGS',
  'GET /api/settings/public': 'public',
  'GET /api/settings/option-lists': 'signed-in',
  'GET /api/settings/by-name/:name': 'ACCESS_SETTINGS',
  'PUT /api/settings/by-name/:name': 'ACCESS_SETTINGS',
  'GET /api/settings/:id': 'ACCESS_SETTINGS',
  'POST /api/settings': 'ACCESS_SETTINGS',
  'PUT /api/settings/:id': 'ACCESS_SETTINGS',
  'DELETE /api/settings/:id': 'ACCESS_SETTINGS',

  'GET /api/configurators': 'super-admin',
  'GET /api/configurators/:id': 'super-admin',
  'POST /api/configurators': 'super-admin',
  'PUT /api/configurators/:id': 'super-admin',
  'DELETE /api/configurators/:id': 'super-admin',

  'GET /api/containers': 'VIEW_CONTAINER',
  'GET /api/containers/:id': 'VIEW_CONTAINER',
  'POST /api/containers': 'CREATE_CONTAINER',
  'PUT /api/containers/:id': 'UPDATE_CONTAINER',
  'DELETE /api/containers/:id': 'DELETE_CONTAINER',

  'GET /api/contents': 'VIEW_CONTENT',
  'GET /api/contents/:id': 'VIEW_CONTENT',
  'POST /api/contents': 'CREATE_CONTENT',
  'PUT /api/contents/:id': 'UPDATE_CONTENT',
  'DELETE /api/contents/:id': 'DELETE_CONTENT',

  'GET /api/elements': 'VIEW_ELEMENT',
  'GET /api/elements/:id': 'VIEW_ELEMENT',
  'POST /api/elements': 'CREATE_ELEMENT',
  'PUT /api/elements/:id': 'UPDATE_ELEMENT',
  'DELETE /api/elements/:id': 'DELETE_ELEMENT',

  'GET /api/slugs': 'public',
  'GET /api/layout': 'public',
  'POST /api/layout': 'UPDATE_LAYOUT',
  'GET /api/pages': 'public',
};

describe('rights table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives every route of the running app the access rule the table says', () => {
    const actual = Object.fromEntries(discoverRoutes(t.app).map((r) => [r.route, describeRule(r.rule)]));
    const missing = Object.keys(actual).filter((route) => !(route in RIGHTS_TABLE));
    expect({ routesMissingFromTheTable: missing }).toEqual({ routesMissingFromTheTable: [] });
    expect(actual).toEqual(RIGHTS_TABLE);
  });

  it('refuses, by the guard, every non-public route to an anonymous caller', async () => {
    for (const { route, rule } of discoverRoutes(t.app)) {
      if (rule?.kind === 'public') continue;
      const [method, path] = route.split(' ');
      const res = await t.http[method.toLowerCase() as 'get'](path.replace(':id', '1')).send({});
      expect({ route, status: res.status }).toEqual({ route, status: route === 'GET /api/me' ? 403 : 401 });
    }
  });
});

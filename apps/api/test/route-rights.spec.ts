import { RIGHT_TYPES, type RightType } from '@cms/contracts';
import { canAccessResource, RESOURCE_ALIASES, ruleFor, satisfiesRule, type RightsRule } from '@cms/rights';
import type { AccessRule } from '../src/common/auth/access.decorators';
import { createTestApp, type TestApp } from './support/test-app';
import { describeRule, discoverRoutes } from './support/routes';

/**
 * The access rule of every route of the API: public, signed-in, super-admin, or the cell of
 * libs/rights' (resource, action) table whose rights it asks. A new route fails this test until
 * it is added here, so no module can ship a route without deciding who may call it.
 */
const RIGHTS_TABLE: Record<string, string> = {
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/theme': 'public',
  'GET /api/uploads/favicon.ico': 'public',
  'GET /api/uploads/:file': 'public',
  'POST /api/auth/signin': 'public',
  'POST /api/auth/signout': 'signed-in session-only',
  'GET /api/me': 'signed-in',
  'PUT /api/me/password': 'signed-in session-only',
  'PUT /api/me/language': 'signed-in session-only',
  'POST /api/auth/password-reset': 'public',
  'POST /api/auth/password-reset/confirm': 'public',
  'POST /api/auth/invitation': 'public',
  'POST /api/auth/invitation/accept': 'public',
  'POST /api/auth/two-factor': 'public',
  'POST /api/auth/two-factor/setup': 'public',
  'POST /api/auth/two-factor/setup/confirm': 'public',
  'GET /api/me/two-factor': 'signed-in session-only',
  'POST /api/me/two-factor/setup': 'signed-in session-only',
  'POST /api/me/two-factor/enable': 'signed-in session-only',
  'POST /api/me/two-factor/disable': 'signed-in session-only',
  'GET /api/invitations': 'users.list',
  'POST /api/invitations': 'users.create',
  'POST /api/invitations/:id/resend': 'users.create',
  'DELETE /api/invitations/:id': 'users.create',
  'POST /api/revalidate/all': 'revalidation.create',

  'GET /api/users': 'users.list',
  'GET /api/users/:id': 'users.show',
  'POST /api/users': 'users.create',
  'PUT /api/users/:id': 'users.edit',
  'DELETE /api/users/:id': 'users.delete',

  'GET /api/roles': 'roles.list',
  'GET /api/roles/choices': 'roles.choices',
  'GET /api/roles/:id': 'roles.show',
  'POST /api/roles': 'roles.create',
  'PUT /api/roles/:id': 'roles.edit',
  'DELETE /api/roles/:id': 'roles.delete',

  'GET /api/medias': 'medias.list',
  'GET /api/medias/limits': 'signed-in',
  'GET /api/medias/:id': 'medias.show',
  'POST /api/medias': 'medias.create',
  'PUT /api/medias/:id': 'medias.edit',
  'DELETE /api/medias/:id': 'medias.delete',

  'GET /api/media-packs': 'media-packs.list',
  'GET /api/media-packs/:id': 'media-packs.show',
  'POST /api/media-packs': 'media-packs.create',
  'PUT /api/media-packs/:id': 'media-packs.edit',
  'DELETE /api/media-packs/:id': 'media-packs.delete',

  'GET /api/forms': 'forms.list',
  'GET /api/forms/choices': 'forms.choices',
  'GET /api/forms/:id': 'forms.show',
  'GET /api/forms/:id/public': 'public',
  'POST /api/forms': 'forms.create',
  'PUT /api/forms/:id': 'forms.edit',
  'DELETE /api/forms/:id': 'forms.delete',
  'POST /api/forms/:id/messages': 'public',

  'GET /api/messages': 'messages.list',
  'GET /api/messages/export': 'messages.export',
  'GET /api/messages/form-choices': 'messages.list',
  'GET /api/messages/:id': 'messages.show',
  'PUT /api/messages/:id': 'messages.edit',
  'DELETE /api/messages/:id': 'messages.delete',

  'GET /api/audit': 'audit.list',
  'GET /api/audit/user-choices': 'audit.choices',
  'GET /api/audit/export': 'audit.export',
  'GET /api/tokens': 'tokens.list',
  'GET /api/tokens/:id': 'tokens.show',
  'POST /api/tokens': 'tokens.create session-only',
  'PUT /api/tokens/:id': 'tokens.edit session-only',
  'DELETE /api/tokens/:id': 'tokens.delete session-only',
  'GET /api/settings': 'settings.list',
  'GET /api/settings/public': 'public',
  'GET /api/settings/option-lists': 'signed-in',
  'GET /api/settings/by-name/:name': 'settings.show',
  'PUT /api/settings/by-name/:name': 'settings.edit',
  'GET /api/settings/:id': 'settings.show',
  'POST /api/settings': 'settings.create',
  'PUT /api/settings/:id': 'settings.edit',
  'DELETE /api/settings/:id': 'settings.delete',

  'GET /api/configurators': 'super-admin',
  'GET /api/configurators/:id': 'super-admin',
  'POST /api/configurators': 'super-admin',
  'PUT /api/configurators/:id': 'super-admin',
  'DELETE /api/configurators/:id': 'super-admin',

  'GET /api/containers': 'containers.list',
  'GET /api/containers/choices': 'containers.choices',
  'GET /api/containers/:id': 'containers.show',
  'POST /api/containers': 'containers.create',
  'PUT /api/containers/:id': 'containers.edit',
  'POST /api/containers/:id/publish': 'containers.edit',
  'POST /api/containers/:id/discard': 'containers.edit',
  'POST /api/containers/:id/preview': 'containers.edit',
  'DELETE /api/containers/:id': 'containers.delete',

  'GET /api/contents': 'contents.list',
  'GET /api/contents/:id': 'contents.show',
  'POST /api/contents': 'contents.create',
  'POST /api/contents/bulk': 'contents.import',
  'POST /api/contents/bulk-actions': 'contents.edit',
  'GET /api/contents/export': 'contents.export',
  'PUT /api/contents/:id': 'contents.edit',
  'POST /api/contents/:id/publish': 'contents.edit',
  'POST /api/contents/:id/unpublish': 'contents.edit',
  'POST /api/contents/:id/discard': 'contents.edit',
  'POST /api/contents/:id/preview': 'contents.edit',
  'DELETE /api/contents/:id': 'contents.delete',
  'GET /api/contents/:id/translations': 'contents.show',
  'GET /api/translations': 'contents.list',
  'GET /api/translations/summary': 'contents.list',

  'GET /api/redirects': 'redirects.list',
  'GET /api/redirects/:id': 'redirects.show',
  'POST /api/redirects': 'redirects.create',
  'POST /api/redirects/import': 'redirects.create',
  'PUT /api/redirects/:id': 'redirects.edit',
  'DELETE /api/redirects/:id': 'redirects.delete',

  // Webhooks (issue 28): settings of the whole site.
  'GET /api/webhooks': 'webhooks.list',
  'GET /api/webhooks/:id': 'webhooks.show',
  'GET /api/webhooks/:id/deliveries': 'webhooks.show',
  'POST /api/webhooks': 'webhooks.create',
  'POST /api/webhooks/:id/test': 'webhooks.edit',
  'POST /api/webhooks/deliveries/:id/redeliver': 'webhooks.edit',
  'PUT /api/webhooks/:id': 'webhooks.edit',
  'DELETE /api/webhooks/:id': 'webhooks.delete',

  'GET /api/elements': 'elements.list',
  'GET /api/elements/choices': 'elements.choices',
  'GET /api/elements/:id': 'elements.show',
  'POST /api/elements': 'elements.create',
  'PUT /api/elements/:id': 'elements.edit',
  'DELETE /api/elements/:id': 'elements.delete',

  'GET /api/slugs': 'public',
  // The Pages tree (issue 27): read with VIEW_CONTENT; a move asks UPDATE_CONTENT or UPDATE_CONTAINER by the page's owner, checked by the handler.
  'GET /api/slugs/tree': 'pages.list',
  'POST /api/slugs/:id/move': 'pages.edit',
  'GET /api/layout': 'public',
  'POST /api/layout': 'layout.edit',
  // Versions (issue 26): read with the record's show right, restored with its edit right.
  'GET /api/contents/:id/versions': 'contents.show',
  'GET /api/contents/:id/versions/:versionId': 'contents.show',
  'POST /api/contents/:id/versions/:versionId/restore': 'contents.edit',
  'GET /api/containers/:id/versions': 'containers.show',
  'GET /api/containers/:id/versions/:versionId': 'containers.show',
  'POST /api/containers/:id/versions/:versionId/restore': 'containers.edit',
  'GET /api/elements/:id/versions': 'elements.show',
  'GET /api/elements/:id/versions/:versionId': 'elements.show',
  'POST /api/elements/:id/versions/:versionId/restore': 'elements.edit',
  'GET /api/forms/:id/versions': 'forms.show',
  'GET /api/forms/:id/versions/:versionId': 'forms.show',
  'POST /api/forms/:id/versions/:versionId/restore': 'forms.edit',
  'GET /api/settings/:id/versions': 'settings.show',
  'GET /api/settings/:id/versions/:versionId': 'settings.show',
  'POST /api/settings/:id/versions/:versionId/restore': 'settings.edit',
  'GET /api/layout/versions': 'layout.show',
  'GET /api/layout/versions/:versionId': 'layout.show',
  'POST /api/layout/versions/:versionId/restore': 'layout.edit',
  // Who else has a record open: signed in, then the resource's show right, checked by the handler (the resource is a parameter).
  'PUT /api/presence/:resource/:id': 'signed-in',
  'DELETE /api/presence/:resource/:id': 'signed-in',
  // The command palette: signed in, then each kind's read right, checked by the service (a kind one may not read is not searched).
  'GET /api/search': 'signed-in',
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

  it('gives every rights route the rule of its cell of the shared table', () => {
    for (const { route, rule } of discoverRoutes(t.app)) {
      if (rule?.kind !== 'rights') continue;
      expect({ route, rule: rule.rule }).toEqual({ route, rule: ruleFor(rule.resource, rule.action) });
    }
  });

  it("answers the back office's canAccess exactly as the API's guard decides, for every rights route", () => {
    const subject = (rights: readonly RightType[]) => ({ role: 'staff', rights });
    // Who must pass and who must not: each minimal holder of the rule, and every other right together.
    const holders = (rule: RightsRule) => ('all' in rule ? [rule.all] : rule.any.map((right) => [right]));
    const lackers = (rule: RightsRule) =>
      'all' in rule ? rule.all.map((missing) => RIGHT_TYPES.filter((r) => r !== missing)) : [RIGHT_TYPES.filter((r) => !rule.any.includes(r))];
    const mismatches: string[] = [];
    for (const { route, rule } of discoverRoutes(t.app)) {
      if (rule?.kind !== 'rights') continue;
      const adminNames = [rule.resource, ...Object.keys(RESOURCE_ALIASES).filter((name) => RESOURCE_ALIASES[name] === rule.resource)];
      for (const name of adminNames) {
        for (const rights of [...holders(rule.rule), ...lackers(rule.rule)]) {
          const api = satisfiesRule(subject(rights), (rule as Extract<AccessRule, { kind: 'rights' }>).rule);
          const admin = canAccessResource(subject(rights), name, rule.action);
          if (api !== admin) mismatches.push(`${route} as ${name}/${rule.action} with ${rights.length} rights: API ${api}, admin ${admin}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

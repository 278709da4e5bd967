import { describeRightsRule, ruleFor, type ResourceAction, type RightsRule, type RuledResource } from '@cms/rights';
import { applyDecorators, createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ApiForbiddenResponse, ApiHeader, ApiSecurity, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { AuthContext, RequestWithAuth } from './auth-context';

export const ACCESS_RULE = 'cms:access-rule';

/** What a handler asks of its caller; every handler has exactly one (the global guard denies otherwise). */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'signed-in'; unauthenticatedStatus: 401 | 403 }
  | { kind: 'rights'; resource: RuledResource; action: ResourceAction; rule: RightsRule }
  | { kind: 'super-admin' };

const tokenDocs = (unauthenticatedStatus: 401 | 403 = 401) => [
  ApiSecurity('token'),
  ApiHeader({ name: 'token', required: false, description: 'Session token from POST /api/auth/signin (or Authorization: Bearer)' }),
  unauthenticatedStatus === 401
    ? ApiUnauthorizedResponse({ description: 'No valid session token' })
    : ApiForbiddenResponse({ description: 'No valid session token' }),
];

/** Anyone may call this handler, signed in or not. */
export const Public = () => SetMetadata(ACCESS_RULE, { kind: 'public' } satisfies AccessRule);

/** Any signed-in user. `/api/me` answers 403 rather than 401, as the spec's client expects. */
export const SignedIn = (options: { unauthenticatedStatus?: 401 | 403 } = {}) =>
  applyDecorators(
    SetMetadata(ACCESS_RULE, { kind: 'signed-in', unauthenticatedStatus: options.unauthenticatedStatus ?? 401 } satisfies AccessRule),
    ...tokenDocs(options.unauthenticatedStatus),
  );

/**
 * The caller's role must satisfy the rule of this (resource, action) in libs/rights' table, the
 * same table the back office's canAccess reads (super-admin satisfies every rule). Shown in OpenAPI.
 */
export const RequireRights = (resource: RuledResource, action: ResourceAction) => {
  const rule = ruleFor(resource, action);
  // Fails at start-up, not at request time: a route naming a cell the table lacks is a bug.
  if (!rule) throw new Error(`The rights table has no rule for ${resource} ${action}`);
  const described = 'all' in rule ? `the right${rule.all.length > 1 ? 's' : ''} ${rule.all.join(', ')}` : `one of the rights ${rule.any.join(', ')}`;
  return applyDecorators(
    SetMetadata(ACCESS_RULE, { kind: 'rights', resource, action, rule } satisfies AccessRule),
    ...tokenDocs(),
    ApiForbiddenResponse({ description: `Requires ${described} (${resource} ${action}: ${describeRightsRule(rule)})` }),
  );
};

/** Only the super-admin role. */
export const SuperAdminOnly = () =>
  applyDecorators(
    SetMetadata(ACCESS_RULE, { kind: 'super-admin' } satisfies AccessRule),
    ...tokenDocs(),
    ApiForbiddenResponse({ description: 'Requires the super-admin role' }),
  );

/** The authenticated caller (set by the global guard); undefined on public routes without a token. */
export const CurrentAuth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext | undefined => {
  return context.switchToHttp().getRequest<RequestWithAuth>().auth;
});

import { describeRightsRule, ruleFor, type ResourceAction, type RightsRule, type RuledResource } from '@cms/rights';
import { applyDecorators, createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ApiForbiddenResponse, ApiHeader, ApiSecurity, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { AuthContext, RequestWithAuth } from './auth-context';

export const ACCESS_RULE = 'cms:access-rule';

/**
 * What a handler asks of its caller; every handler has exactly one (the global guard denies otherwise).
 * `sessionOnly`: a person signed in must call it; an API token is refused (403) even with the rights.
 */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'signed-in'; unauthenticatedStatus: 401 | 403; sessionOnly?: boolean }
  | { kind: 'rights'; resource: RuledResource; action: ResourceAction; rule: RightsRule; sessionOnly?: boolean }
  | { kind: 'super-admin' };

/** Options of the rules that admit API tokens. */
export interface SessionOption {
  /** Refuse API tokens (403): signing out, changing a password, managing tokens. */
  sessionOnly?: boolean;
}

const tokenDocs = (unauthenticatedStatus: 401 | 403 = 401) => [
  ApiSecurity('token'),
  ApiHeader({
    name: 'token',
    required: false,
    description: 'Session token from POST /api/auth/signin, or an API token (cms_…) from POST /api/tokens (or Authorization: Bearer)',
  }),
  unauthenticatedStatus === 401
    ? ApiUnauthorizedResponse({ description: 'No valid session or API token (unknown, revoked or expired)' })
    : ApiForbiddenResponse({ description: 'No valid session or API token (unknown, revoked or expired)' }),
];

/** Anyone may call this handler, signed in or not. */
export const Public = () => SetMetadata(ACCESS_RULE, { kind: 'public' } satisfies AccessRule);

/** Any signed-in user. `/api/me` answers 403 rather than 401, as the spec's client expects. */
export const SignedIn = (options: { unauthenticatedStatus?: 401 | 403 } & SessionOption = {}) =>
  applyDecorators(
    SetMetadata(ACCESS_RULE, {
      kind: 'signed-in',
      unauthenticatedStatus: options.unauthenticatedStatus ?? 401,
      ...(options.sessionOnly ? { sessionOnly: true } : {}),
    } satisfies AccessRule),
    ...tokenDocs(options.unauthenticatedStatus),
    ...(options.sessionOnly ? [ApiForbiddenResponse({ description: 'Only with a session from POST /api/auth/signin: API tokens are refused' })] : []),
  );

/**
 * The caller's role must satisfy the rule of this (resource, action) in libs/rights' table, the
 * same table the back office's canAccess reads (super-admin satisfies every rule). Shown in OpenAPI.
 */
export const RequireRights = (resource: RuledResource, action: ResourceAction, options: SessionOption = {}) => {
  const rule = ruleFor(resource, action);
  // Fails at start-up, not at request time: a route naming a cell the table lacks is a bug.
  if (!rule) throw new Error(`The rights table has no rule for ${resource} ${action}`);
  const described = 'all' in rule ? `the right${rule.all.length > 1 ? 's' : ''} ${rule.all.join(', ')}` : `one of the rights ${rule.any.join(', ')}`;
  return applyDecorators(
    SetMetadata(ACCESS_RULE, { kind: 'rights', resource, action, rule, ...(options.sessionOnly ? { sessionOnly: true } : {}) } satisfies AccessRule),
    ...tokenDocs(),
    ApiForbiddenResponse({
      description: `Requires ${described} (${resource} ${action}: ${describeRightsRule(rule)})${options.sessionOnly ? ', with a session: API tokens are refused' : ''}`,
    }),
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

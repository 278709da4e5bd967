import type { RightType } from '@cms/contracts';
import { applyDecorators, createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ApiForbiddenResponse, ApiHeader, ApiSecurity, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { AuthContext, RequestWithAuth } from './auth-context';

export const ACCESS_RULE = 'cms:access-rule';

/** What a handler asks of its caller; every handler has exactly one (the global guard denies otherwise). */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'signed-in'; unauthenticatedStatus: 401 | 403 }
  | { kind: 'rights'; rights: RightType[] }
  | { kind: 'super-admin' };

const tokenDocs = [
  ApiSecurity('token'),
  ApiHeader({ name: 'token', required: false, description: 'Session token from POST /api/auth/signin (or Authorization: Bearer)' }),
  ApiUnauthorizedResponse({ description: 'No valid session token' }),
];

/** Anyone may call this handler, signed in or not. */
export const Public = () => SetMetadata(ACCESS_RULE, { kind: 'public' } satisfies AccessRule);

/** Any signed-in user. `/api/me` answers 403 rather than 401, as the spec's client expects. */
export const SignedIn = (options: { unauthenticatedStatus?: 401 | 403 } = {}) =>
  applyDecorators(SetMetadata(ACCESS_RULE, { kind: 'signed-in', unauthenticatedStatus: options.unauthenticatedStatus ?? 401 } satisfies AccessRule), ...tokenDocs);

/** The caller's role must hold every right named (super-admin holds them all). Shown in OpenAPI. */
export const RequireRights = (...rights: RightType[]) =>
  applyDecorators(
    SetMetadata(ACCESS_RULE, { kind: 'rights', rights } satisfies AccessRule),
    ...tokenDocs,
    ApiForbiddenResponse({ description: `Requires the right${rights.length > 1 ? 's' : ''} ${rights.join(', ')}` }),
  );

/** Only the super-admin role. */
export const SuperAdminOnly = () =>
  applyDecorators(SetMetadata(ACCESS_RULE, { kind: 'super-admin' } satisfies AccessRule), ...tokenDocs, ApiForbiddenResponse({ description: 'Requires the super-admin role' }));

/** The authenticated caller (set by the global guard); undefined on public routes without a token. */
export const CurrentAuth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext | undefined => {
  return context.switchToHttp().getRequest<RequestWithAuth>().auth;
});

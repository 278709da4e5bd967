import { canAccessResource, hasRight, isSuperAdmin, satisfiesRule } from '@cms/rights';
import { ForbiddenException, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { ApiTokensService } from '../../api-tokens/api-tokens.service';
import { SessionsService } from '../../auth/sessions.service';
import { ACCESS_RULE, type AccessRule } from './access.decorators';
import type { AuthContext, RequestWithAuth } from './auth-context';

/** Reads the session token from the `token` header, or from `Authorization: Bearer`. */
export function tokenFromRequest(request: { headers: IncomingHttpHeaders }): string | undefined {
  const header = request.headers['token'];
  const token = Array.isArray(header) ? header[0] : header;
  if (token) return token.trim() || undefined;
  const authorization = request.headers['authorization'];
  const match = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  return match?.[1];
}

/**
 * The one guard of the API: every handler carries an access rule (see access.decorators.ts) and
 * this guard enforces it. A handler without a rule is refused, so a forgotten decorator fails closed.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
    private readonly apiTokens: ApiTokensService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [context.getHandler(), context.getClass()]);
    if (!rule) throw new ForbiddenException('This route has no access rule');
    const request = context.switchToHttp().getRequest<FastifyRequest & RequestWithAuth>();
    const token = tokenFromRequest(request);
    let auth: AuthContext | null = null;
    let refusal = 'Your session is invalid or has expired';
    // An API token is told from a session's JWT by its prefix, without a database read.
    if (token && ApiTokensService.isApiToken(token)) {
      const resolved = await this.apiTokens.resolve(token);
      auth = resolved.auth;
      if (!resolved.auth) refusal = resolved.reason;
    } else if (token) {
      auth = await this.sessions.resolve(token);
    }
    if (auth) request.auth = auth;
    if (rule.kind === 'public') return true;
    if (!auth) {
      const message = token ? refusal : 'Sign in first: send the session token in the "token" header';
      if (rule.kind === 'signed-in' && rule.unauthenticatedStatus === 403) throw new ForbiddenException(message);
      throw new UnauthorizedException(message);
    }
    if (auth.apiToken && 'sessionOnly' in rule && rule.sessionOnly) {
      throw new ForbiddenException('API tokens cannot do this: sign in and use a session');
    }
    if (rule.kind === 'signed-in') return true;
    if (rule.kind === 'super-admin') {
      if (isSuperAdmin(auth)) return true;
      throw new ForbiddenException('Only the super-admin role may do this');
    }
    if (satisfiesRule(auth, rule.rule)) {
      if (request.method === 'PUT' && !canAccessResource(auth, rule.resource, 'show')) request.answerIdOnly = true;
      return true;
    }
    if ('any' in rule.rule) throw new ForbiddenException(`Your role needs one of the rights ${rule.rule.any.join(', ')}`);
    throw new ForbiddenException(`Your role lacks the right ${rule.rule.all.filter((r) => !hasRight(auth, r)).join(', ')}`);
  }
}

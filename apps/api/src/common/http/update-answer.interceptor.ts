import { canAccessResource } from '@cms/rights';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { ACCESS_RULE, type AccessRule } from '../auth/access.decorators';
import type { RequestWithAuth } from '../auth/auth-context';

/**
 * A PUT by someone who may update a record but not view it (UPDATE_* without VIEW_*) answers
 * `{ id }` only: the record as saved would show them what they could not read (guarded fields,
 * other locales' fallbacks, accesses). react-admin merges that answer into the record it holds.
 */
@Injectable()
export class UpdateAnswerInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest & RequestWithAuth>();
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [context.getHandler(), context.getClass()]);
    if (request.method !== 'PUT' || rule?.kind !== 'rights' || canAccessResource(request.auth, rule.resource, 'show')) return next.handle();
    return next.handle().pipe(map((answer: unknown) => ({ id: (answer as { id?: unknown } | null)?.id })));
  }
}

import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { mergeMap, type Observable } from 'rxjs';
import type { RequestWithAuth } from '../common/auth/auth-context';
import { NOT_AUDITED } from './audit.decorators';
import { AuditService } from './audit.service';
import { describeWrite, type WriteDescription } from './write-description';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Records every write through the API that succeeded: one entry, written once the handler has
 * answered and before the answer goes out (a failed write, which threw, leaves none). The audit
 * service never throws, so the log cannot make a write fail.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger(AuditInterceptor.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest & RequestWithAuth>();
    if (READS.has(request.method)) return next.handle();
    if (this.reflector.getAllAndOverride<boolean | undefined>(NOT_AUDITED, [context.getHandler(), context.getClass()])) return next.handle();
    const route = request.routeOptions?.url ?? request.url.split('?')[0];
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        let description: WriteDescription | null;
        try {
          description = describeWrite({
            method: request.method,
            route,
            params: (request.params ?? {}) as Record<string, string | undefined>,
            query: (request.query ?? {}) as Record<string, unknown>,
            body: request.body,
            answer,
          });
        } catch (error) {
          this.logger.error(`Could not describe ${request.method} ${route} for the audit log: ${(error as Error).message}`);
          return answer;
        }
        if (description === null) return answer;
        await this.audit.record({ userId: request.auth?.userId ?? null, userName: request.auth?.name ?? '', address: request.ip, ...description });
        return answer;
      }),
    );
  }
}

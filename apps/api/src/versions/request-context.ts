import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import type { AuthContext, RequestWithAuth } from '../common/auth/auth-context';

/** What a write needs to know of the request that makes it, wherever it is made (a service several calls deep). */
export interface RequestContext {
  /** Who asked (undefined: a visitor, or work no request started such as the scheduler). */
  auth?: AuthContext;
  /** The request's If-Match, until the first version it guards is written (VersionsService.record). */
  ifMatch?: string;
  /** The last version the request wrote: its answer's ETag, without reading it back. */
  recorded?: { resource: string; recordId: number; versionId: number };
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The request being served, if this code runs for one. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** The signed-in caller of the request being served, if any. */
export function currentActor(): AuthContext | undefined {
  return storage.getStore()?.auth;
}

/** Runs `work` as if for a request (tests; the scheduler runs with none). */
export function withRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/**
 * Makes each request's caller and If-Match readable by the services it calls (currentRequest), so
 * that a version or `updatedBy` names who made a write without every service taking the caller.
 */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<RequestWithAuth & { headers: Record<string, string | string[] | undefined> }>();
    const ifMatch = request.headers['if-match'];
    const store: RequestContext = { auth: request.auth, ifMatch: typeof ifMatch === 'string' && ifMatch.trim() ? ifMatch.trim() : undefined };
    return new Observable((subscriber) => storage.run(store, () => next.handle().subscribe(subscriber)));
  }
}

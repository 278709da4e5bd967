import { BadRequestException, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { declaredQuery } from './query-params';

const ANY_QUERY_KEYS = 'cms:any-query-keys';

/**
 * The handler answers the same whatever extra query keys a link carries (file URLs get tracking
 * parameters appended by the sites that share them), so unknown keys are not refused.
 */
export const IgnoresUnknownQueryKeys = () => SetMetadata(ANY_QUERY_KEYS, true);

/**
 * The query keys a handler reads (its @QueryParam keys); null when it takes the whole query as a
 * DTO (@QueryDto: the validation pipe refuses unknown keys then).
 */
function declaredQueryKeys(controller: object, handler: string): Set<string> | null {
  const declared = declaredQuery(controller, handler);
  return declared.whole ? null : new Set(declared.keys);
}

/**
 * Refuses query keys a handler does not read, as the validation pipe refuses unknown body
 * properties: a misspelt `filtre=` or a smuggled `role=` is a 400 naming the key, never silently
 * dropped (an ignored filter answers more than the caller meant to ask for). Registered after the
 * access guard, so it runs after it and an anonymous caller learns nothing about a guarded route's
 * parameters. A guard, not an interceptor: it only reads the request, and with no interceptor at
 * all Nest skips its per-request observable chain, a third of a read's CPU (docs/perf.md).
 */
@Injectable()
export class QueryKeysGuard implements CanActivate {
  private readonly known = new WeakMap<object, Set<string> | null>();

  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    if (context.getType() === 'http' && !this.reflector.getAllAndOverride<boolean>(ANY_QUERY_KEYS, [handler, context.getClass()])) {
      if (!this.known.has(handler)) this.known.set(handler, declaredQueryKeys(context.getClass(), handler.name));
      const allowed = this.known.get(handler);
      const query = (context.switchToHttp().getRequest<{ query?: Record<string, unknown> }>().query ?? {}) as Record<string, unknown>;
      const unknown = allowed ? Object.keys(query).filter((key) => !allowed.has(key)) : [];
      if (allowed && unknown.length) {
        const takes = allowed.size ? `this route takes ${[...allowed].join(', ')}` : 'this route takes no query parameter';
        throw new BadRequestException({
          message: `Unknown query parameter${unknown.length > 1 ? 's' : ''} ${unknown.map((key) => `"${key}"`).join(', ')}: ${takes}`,
          errors: Object.fromEntries(unknown.map((key) => [key, [`${key} is not a query parameter of this route`]])),
        });
      }
    }
    return true;
  }
}

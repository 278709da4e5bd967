// eslint-disable-next-line no-restricted-imports -- the one place that wraps Nest's @Query (see below)
import { Query, type PipeTransform, type Type } from '@nestjs/common';

/** Our own record of what a handler reads from the query string, for QueryKeysGuard. */
const QUERY_KEYS = 'cms:query-keys';

/** The query keys a handler's parameters read, or `whole` when one of them takes the whole query (a DTO). */
export interface DeclaredQuery {
  keys: readonly string[];
  whole: boolean;
}

type Pipe = Type<PipeTransform> | PipeTransform;

function record(target: object, method: string | symbol | undefined, add: Partial<DeclaredQuery>): void {
  if (method === undefined) throw new Error('Query parameters are read by route handlers, not constructors');
  const known = declaredQuery(target.constructor, method);
  // Parameter decorators run from the last parameter to the first: the keys end up in the handler's order.
  const next: DeclaredQuery = { keys: [...(add.keys ?? []), ...known.keys], whole: known.whole || !!add.whole };
  Reflect.defineMetadata(QUERY_KEYS, next, target.constructor, method);
}

/**
 * One query parameter, `@QueryParam('locale', LocalePipe)`: Nest's `@Query(key, ...pipes)`, and
 * the key recorded so that QueryKeysGuard lets it through (any key no parameter names is a 400).
 * Use it instead of `@Query` from '@nestjs/common' (an ESLint rule says so), whose record of route
 * arguments is Nest's private business.
 */
export function QueryParam(key: string, ...pipes: Pipe[]): ParameterDecorator {
  const query = Query(key, ...pipes);
  return (target, method, index) => {
    query(target, method, index);
    record(target, method, { keys: [key] });
  };
}

/**
 * The whole query as a DTO, `@QueryDto() query: ListQueryDto`: Nest's `@Query(...pipes)`, recorded
 * as taking the whole query, so that QueryKeysGuard leaves unknown keys to the validation pipe
 * (which refuses the properties the DTO does not declare).
 */
export function QueryDto(...pipes: Pipe[]): ParameterDecorator {
  const query = Query(...pipes);
  return (target, method, index) => {
    query(target, method, index);
    record(target, method, { whole: true });
  };
}

/** What `controller`'s handler `method` reads from the query string (nothing when it has neither decorator). */
export function declaredQuery(controller: object, method: string | symbol): DeclaredQuery {
  return (Reflect.getMetadata(QUERY_KEYS, controller, method) as DeclaredQuery | undefined) ?? { keys: [], whole: false };
}

import { requestIdFrom } from '@cms/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
// The store PinoLogger reads (not re-exported by the package's index).
import { Store, storage } from 'nestjs-pino/storage';
import type { IncomingMessage } from 'node:http';

/** The header that names a request, read from the caller (when well-formed) and answered on every reply. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The caller's id when it is well-formed, otherwise a new one (requestIdFrom). */
export function requestIdOf(req: IncomingMessage): string {
  return requestIdFrom(req.headers[REQUEST_ID_HEADER]);
}

/**
 * Makes the id of a request answered before the framework (the site's cached pages) and leaves it
 * on the request, so that the framework, should it answer after all, keeps the same id.
 */
export function assignRequestId(req: IncomingMessage): string {
  const id = requestIdOf(req);
  req.headers[REQUEST_ID_HEADER] = id;
  return id;
}

/**
 * The logger store of one request: every log line written while it is handled (Nest's `Logger`
 * in any service goes through nestjs-pino's PinoLogger, which reads this store) carries `reqId`.
 * The child logger is made on the first line only: most requests log nothing but their summary.
 */
type RequestStore = Store & { readonly reqId: string };

function requestStore(reqId: string): RequestStore {
  let logger: Store['logger'] | undefined;
  const store = Object.create(Store.prototype) as RequestStore;
  Object.defineProperty(store, 'reqId', { value: reqId });
  Object.defineProperty(store, 'logger', {
    get: () => (logger ??= PinoLogger.root.child({ reqId })),
    set: (value: Store['logger']) => {
      logger = value;
    },
  });
  return store;
}

/** The id of the request being handled here (undefined outside one). */
export function currentRequestId(): string | undefined {
  return (storage.getStore() as Partial<RequestStore> | undefined)?.reqId;
}

const STORE = Symbol('request log store');
type WithStore = FastifyRequest & { [STORE]?: Store };

/**
 * Answers `X-Request-Id` on every reply (errors and the site's pages included: the header is set
 * before anything answers) and runs the request's hooks and handler inside its logger store.
 * Fastify's `genReqId` (see bootstrap.ts) has already chosen the id.
 */
export function answerRequestIds(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    const store = requestStore(request.id);
    (request as WithStore)[STORE] = store;
    storage.run(store, done);
  });
  // The body is read between onRequest and here, outside any store (the socket's events): the
  // handler runs in the store again.
  fastify.addHook('preHandler', (request, _reply, done) => {
    const store = (request as WithStore)[STORE];
    if (store) storage.run(store, done);
    else done();
  });
}

import { requestIdFrom, securityHeaders } from '@cms/contracts';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

type Handler = ((req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void) & {
  serveCached?(req: IncomingMessage, res: ServerResponse): boolean;
};

/** The values the API process sends in front of the in-process site (one table, in @cms/contracts). */
export const STANDALONE_HEADERS = securityHeaders('anyone');
const HEADERS = Object.entries(STANDALONE_HEADERS);

/** The id of the request being answered, for the log lines and the API reads made meanwhile. */
const requestIds = new AsyncLocalStorage<string>();

/** The id of the request being answered here (undefined outside one). */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/**
 * A fetch for the site's reads from the API that names the page's request in `X-Request-Id`, which
 * the API keeps: its log lines for those reads carry the page's id, as in the single process.
 */
export function requestIdFetch(fetchImpl: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const id = requestIds.getStore();
    if (!id) return fetchImpl(input, init);
    const headers = new Headers(init?.headers);
    headers.set('X-Request-Id', id);
    return fetchImpl(input, { ...init, headers });
  };
}

/**
 * The HTTP server of a standalone site process: every answer carries the security headers the
 * in-process site gets from the API's hook (public pages stay embeddable) and `X-Request-Id` (the
 * caller's when well-formed, as the API does); what the handler leaves unanswered is a plain 404,
 * a failure a plain 500, logged with the request's id.
 */
export function createStandaloneServer(handler: Handler, onError: (message: string, requestId: string) => void, health?: () => object): Server {
  const server = createServer((req, res) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    req.headers['x-request-id'] = requestId;
    // Before anything answers: a cached page's prepared heads are merged with it.
    res.setHeader('X-Request-Id', requestId);
    requestIds.run(requestId, () => {
      // A cached page carries the same headers in its prepared heads (the handler is given them).
      if (handler.serveCached?.(req, res)) return;
      for (const [name, value] of HEADERS) res.setHeader(name, value);
      // For the container's health check and the proxy: this process answers, whatever the API does.
      if (health && req.url === '/_site/health' && (req.method === 'GET' || req.method === 'HEAD')) {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(health()));
        return;
      }
      handler(req, res, (err) => {
        if (err) onError(`Request failed: ${err instanceof Error ? err.message : String(err)}`, requestId);
        if (res.headersSent) return void res.destroy();
        res.writeHead(err ? 500 : 404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(err ? 'Internal server error' : 'Not found');
      });
    });
  });
  server.keepAliveTimeout = 65_000;
  return server;
}

import { securityHeaders } from '@cms/contracts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

type Handler = ((req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void) & {
  serveCached?(req: IncomingMessage, res: ServerResponse): boolean;
};

/** The values the API process sends in front of the in-process site (one table, in @cms/contracts). */
export const STANDALONE_HEADERS = securityHeaders('anyone');
const HEADERS = Object.entries(STANDALONE_HEADERS);

/**
 * The HTTP server of a standalone site process: every answer carries the security headers the
 * in-process site gets from the API's hook (public pages stay embeddable); what the handler
 * leaves unanswered is a plain 404, a failure a plain 500.
 */
export function createStandaloneServer(handler: Handler, onError: (message: string) => void, health?: () => object): Server {
  const server = createServer((req, res) => {
    // A cached page carries the same headers in its prepared heads (the handler is given them).
    if (handler.serveCached?.(req, res)) return;
    for (const [name, value] of HEADERS) res.setHeader(name, value);
    // For the container's health check and the proxy: this process answers, whatever the API does.
    if (health && req.url === '/_site/health' && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(health()));
      return;
    }
    handler(req, res, (err) => {
      if (err) onError(`Request failed: ${err instanceof Error ? err.message : String(err)}`);
      if (res.headersSent) return void res.destroy();
      res.writeHead(err ? 500 : 404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(err ? 'Internal server error' : 'Not found');
    });
  });
  server.keepAliveTimeout = 65_000;
  return server;
}

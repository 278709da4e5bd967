import fastifyStatic from '@fastify/static';
import type { LoggerService } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RevalidationService, type RevalidationEvent } from '../revalidation/revalidation.service';
import { inProcessFetch } from './in-process-fetch';
import { assignRequestId } from '../observability/request-id';

type SiteHandler = ((req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void) & {
  revalidate?(event: RevalidationEvent): void;
  serveCached?(req: IncomingMessage, res: ServerResponse): boolean;
};
interface SiteModule {
  createSiteHandler(options: {
    clientDir: string;
    apiOrigin: string;
    apiFetch?: typeof fetch;
    visitorFetch?: (req: IncomingMessage) => typeof fetch;
    publicUrl?: string;
    allowedHosts?: readonly string[];
    trustForwardedProto?: (req: IncomingMessage) => boolean;
    logger?: { error(obj: unknown, msg?: string): void };
    fixedHeaders?: Readonly<Record<string, string>>;
  }): SiteHandler;
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Paths the back-office bundle answers; everything else outside /api is the public site. */
function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/') || pathname === '/sign-in' || pathname === '/not-found';
}

/** The route patterns the back-office bundle is served under (mountFrontends registers them). */
const ADMIN_ROUTES: readonly string[] = ['/admin', '/admin/*', '/sign-in', '/not-found'];

/**
 * The path of a request target as any router on the way could read it: percent-escapes decoded
 * (find-my-way decodes `/%61dmin` to `/admin`), `\` as `/`, slashes collapsed, dot segments
 * resolved, lower case. Decisions that must hold for every spelling of a back-office route (its
 * framing headers, whether the site's cache may answer first) read this rather than the raw URL:
 * reading more paths as the back office's than the router does only makes their answers stricter.
 */
function normalisedPathname(url: string): string {
  const pathname = pathnameOf(url);
  if (!/[%\\A-Z]|\/\/|\/\./.test(pathname)) return pathname;
  let decoded = pathname;
  // Twice: `%2561` is `%61` to a decoder that runs again; a bad escape is kept as written.
  for (let round = 0; round < 2 && decoded.includes('%'); round += 1)
    decoded = decoded.replace(/%[0-9a-fA-F]{2}/g, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  return path.posix.normalize(decoded.replace(/\\/g, '/').toLowerCase());
}

/** Whether an answer to this request target comes from, or stands in for, the back office. */
export function isAdminRequest(url: string, routePattern?: string): boolean {
  return (routePattern !== undefined && (ADMIN_ROUTES.includes(routePattern) || routePattern.startsWith('/admin/'))) || isAdminPath(normalisedPathname(url));
}

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

function pathnameOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Cached public pages are answered before Fastify sees the request: its routing, hooks and reply
 * cost about as much as the hit itself, and the site's cache keeps each page's full heads (the
 * security headers the onRequest hook would add included), so the answer is the same bytes. The
 * API, the back office and cross-origin requests (CORS answers them) always take the framework's
 * path, as does every page the cache does not hold.
 */
function serveCachedFirst(
  server: Server,
  site: SiteHandler,
  answered: (req: IncomingMessage, requestId: string, statusCode: number, startedAt: number) => void,
): void {
  const framework = server.listeners('request') as RequestListener[];
  if (!site.serveCached || framework.length !== 1) return;
  const [handle] = framework;
  const serveCached = site.serveCached;
  server.removeListener('request', handle);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const startedAt = performance.now();
    if (url.startsWith('/api') || req.headers.origin !== undefined || isAdminRequest(url)) return handle.call(server, req, res);
    // The same id the framework would give (and keeps, should the cache not hold the page).
    const requestId = assignRequestId(req);
    res.setHeader('X-Request-Id', requestId);
    if (!serveCached(req, res)) return handle.call(server, req, res);
    answered(req, requestId, res.statusCode, startedAt);
  });
}

/**
 * Serves the react-admin bundle and the public site's renderer from the API's process, so that the
 * single-machine install answers every route group on one port (one origin: one token storage).
 * Their routes are Fastify's own; the API's routes are more specific and win, and a path under
 * /api that no route matches goes on to the API's JSON 404.
 */
export async function mountFrontends(
  app: NestFastifyApplication,
  options: {
    adminDir: string;
    siteDir?: string;
    apiOrigin: string;
    /** The visitor's address as TRUST_PROXY makes it (what request.ip is): no-JS form posts are counted under it. */
    clientAddressOf: (req: IncomingMessage) => string | undefined;
    publicUrl?: string;
    /** Without publicUrl, the Host values whose pages and sitemap link absolutely to themselves (ALLOWED_HOSTS). */
    allowedHosts: readonly string[];
    /** Whether the socket's peer is a proxy TRUST_PROXY believes (its X-Forwarded-Proto then names the scheme). */
    trustForwardedProto: (req: IncomingMessage) => boolean;
    logger: LoggerService;
    /** Headers the framework gives every public page (security, CORS): cached pages keep them, for serveCachedFirst. */
    fixedHeaders: Readonly<Record<string, string>>;
    /** Counts and logs a request answered before the framework, as its onResponse hook does. */
    answered: (req: IncomingMessage, requestId: string, statusCode: number, startedAt: number) => void;
  },
): Promise<void> {
  const { adminDir, siteDir, logger } = options;
  const fastify = app.getHttpAdapter().getInstance();
  const adminIndex = path.join(adminDir, 'index.html');
  const adminBuilt = fs.existsSync(adminIndex);
  if (!adminBuilt) logger.warn?.(`The admin app is not built (${adminIndex} is missing): run npm run build`, 'Frontends');

  // Without siteDir (SERVE=back-office) the public site runs in its own processes behind the proxy.
  let site: SiteHandler | undefined;
  if (siteDir) {
    const siteEntry = path.join(siteDir, 'server', 'entry.mjs');
    if (fs.existsSync(siteEntry)) {
      const module = (await import(pathToFileURL(siteEntry).href)) as SiteModule;
      site = module.createSiteHandler({
        clientDir: path.join(siteDir, 'client'),
        apiOrigin: options.apiOrigin,
        apiFetch: inProcessFetch(fastify),
        visitorFetch: (req) => inProcessFetch(fastify, options.clientAddressOf(req) ?? '127.0.0.1'),
        publicUrl: options.publicUrl,
        allowedHosts: options.allowedHosts,
        trustForwardedProto: options.trustForwardedProto,
        logger: { error: (obj, msg) => logger.error(msg ?? 'Site error', obj instanceof Error ? obj.stack : JSON.stringify(obj), 'Site') },
        fixedHeaders: options.fixedHeaders,
      });
      // Writes that change a public page emit here once committed: the site's page cache drops those pages.
      const handler = site;
      app.get(RevalidationService).subscribe((event) => handler.revalidate?.(event));
      serveCachedFirst(fastify.server, handler, options.answered);
    } else {
      logger.warn?.(`The public site is not built (${siteEntry} is missing): run npm run build`, 'Frontends');
    }
  }

  const notBuilt = (reply: FastifyReply, what: string) =>
    reply.code(503).type('text/plain; charset=utf-8').send(`The ${what} is not built yet. Run "npm run build" (npm start does it for you).`);

  if (adminBuilt) {
    // Vite builds the admin with base /admin/, so /admin/assets/x.js is <adminDir>/assets/x.js (hashed: kept a year).
    // The build writes x.js.br and x.js.gz beside it (apps/admin/precompress.mjs): sent as they are to a
    // client that accepts them (Content-Encoding, Vary: Accept-Encoding), the file itself to others.
    await app.register(fastifyStatic, {
      root: path.join(adminDir, 'assets'),
      prefix: '/admin/assets/',
      preCompressed: true,
      immutable: true,
      maxAge: '1y',
      index: false,
      redirect: false,
    });
  }

  const admin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!adminBuilt) return notBuilt(reply, 'back office');
    const pathname = normalisedPathname(request.url);
    // Every admin path without a file extension is a client-side route of the bundle.
    if (pathname.startsWith('/admin/') && path.extname(pathname)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(adminIndex));
  };
  for (const url of ADMIN_ROUTES) {
    fastify.route({ method: ['GET', 'HEAD'], url, exposeHeadRoute: false, handler: admin });
    fastify.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE'],
      url,
      handler: (_request, reply) => reply.code(405).header('Allow', 'GET, HEAD').send(),
    });
  }

  // The public site: everything no other route matched (OPTIONS '*' is CORS's preflight route). Its renderer writes to the raw response,
  // so the headers set so far (security headers, CORS) are handed over first.
  fastify.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    exposeHeadRoute: false,
    handler: (request, reply) => {
      const pathname = pathnameOf(request.url);
      if (isApiPath(pathname) || isAdminPath(pathname) || !siteDir) return reply.callNotFound();
      if (!site) return notBuilt(reply, 'public site');
      const handler = site;
      reply.hijack();
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      handler(request.raw, reply.raw, (error?: unknown) => {
        if (error) logger.error('Site error', error instanceof Error ? error.stack : String(error), 'Site');
        if (reply.raw.headersSent) {
          reply.raw.end();
          return;
        }
        reply.raw.writeHead(error ? 500 : 404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(error ? 'Internal server error' : 'Not found');
      });
    },
  });
}

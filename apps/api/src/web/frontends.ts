import type { INestApplication, LoggerService } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import * as fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RevalidationService, type RevalidationEvent } from '../revalidation/revalidation.service';

type SiteHandler = ((req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void) & { revalidate?(event: RevalidationEvent): void };
interface SiteModule {
  createSiteHandler(options: { clientDir: string; apiOrigin: string; logger?: { error(obj: unknown, msg?: string): void } }): SiteHandler;
}

/** Paths the back-office bundle answers; everything else outside /api is the public site. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/') || pathname === '/sign-in' || pathname === '/not-found';
}

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * Serves the react-admin bundle and the public site's renderer from the API's process, so that the
 * single-machine install answers every route group on one port (one origin: one token storage).
 * Registered before Nest's routes; /api/* passes straight through.
 */
export async function mountFrontends(
  app: INestApplication,
  options: { adminDir: string; siteDir?: string; apiOrigin: string; logger: LoggerService },
): Promise<void> {
  const { adminDir, siteDir, logger } = options;
  const adminIndex = path.join(adminDir, 'index.html');
  const adminBuilt = fs.existsSync(adminIndex);
  if (!adminBuilt) logger.warn?.(`The admin app is not built (${adminIndex} is missing): run npm run build`, 'Frontends');
  const adminAssets = express.static(adminDir, { index: false, redirect: false, immutable: true, maxAge: '1y', fallthrough: true });

  // Without siteDir (SERVE=back-office) the public site runs in its own processes behind the proxy.
  let site: SiteHandler | undefined;
  if (siteDir) {
    const siteEntry = path.join(siteDir, 'server', 'entry.mjs');
    if (fs.existsSync(siteEntry)) {
      const module = (await import(pathToFileURL(siteEntry).href)) as SiteModule;
      site = module.createSiteHandler({
        clientDir: path.join(siteDir, 'client'),
        apiOrigin: options.apiOrigin,
        logger: { error: (obj, msg) => logger.error(msg ?? 'Site error', obj instanceof Error ? obj.stack : JSON.stringify(obj), 'Site') },
      });
      // Writes that change a public page emit here once committed: the site's page cache drops those pages.
      const handler = site;
      app.get(RevalidationService).subscribe((event) => handler.revalidate?.(event));
    } else {
      logger.warn?.(`The public site is not built (${siteEntry} is missing): run npm run build`, 'Frontends');
    }
  }

  const notBuilt = (res: Response, what: string) =>
    res.status(503).type('text/plain').send(`The ${what} is not built yet. Run "npm run build" (npm start does it for you).`);

  // Vite builds the admin with base /admin/, so /admin/assets/x.js is <adminDir>/assets/x.js.
  if (adminBuilt) app.use('/admin', adminAssets);
  app.use((req: Request, res: Response, next: NextFunction) => {
    const pathname = req.path;
    if (isApiPath(pathname)) return next();
    if (isAdminPath(pathname)) {
      if (!adminBuilt) return notBuilt(res, 'back office');
      const serveIndex = () => {
        res.setHeader('Cache-Control', 'no-cache');
        res.sendFile(adminIndex);
      };
      // Hashed assets under /admin/assets are files; every other admin path is a client-side route.
      if (pathname.startsWith('/admin/') && path.extname(pathname)) return res.status(404).type('text/plain').send('Not found');
      if (req.method !== 'GET' && req.method !== 'HEAD') return res.status(405).setHeader('Allow', 'GET, HEAD').end();
      return serveIndex();
    }
    if (!siteDir) return next();
    if (!site) return notBuilt(res, 'public site');
    return site(req, res, next);
  });
}

/**
 * The server entry of the public site (built to dist/apps/site/server/entry.mjs). The API
 * process imports it once at start-up, hands it every request outside /api, /admin, /sign-in
 * and /not-found, and calls `revalidate(event)` for each event of its RevalidationService so that
 * the page cache drops what a write changed.
 */
export { createSiteHandler, type RevalidationEvent, type SiteHandlerOptions, type SiteRequestHandler } from './site-handler';

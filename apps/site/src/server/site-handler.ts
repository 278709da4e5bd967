import { KeptValues } from '@cms/cache';
import { DEFAULT_LANG, type Lang, localePath, withoutPreviewToken } from '@cms/contracts';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { FORM_ID_FIELD, FORM_SECTION_FIELD } from '../shared/dom-contract';
import { createPageCache, type PageCacheOptions, type PageCacheStats, type RevalidationEvent } from './cache/page-cache';
import { CLIENT_BASE, NO_CLIENT_ASSETS, readClientAssets, type ClientAssets } from './client-assets';
import { createFormForwarder, forwardedFor, readFormBody, submittedValues } from './forms/form-post';
import { publicOriginOf, requestOrigin, trustLoopbackProxy, type ForwardedProtoTrust } from './http/request-origin';
import {
  isReadMethod,
  prepareHeads,
  prepareHtml,
  preparedSize,
  sendMethodNotAllowed,
  sendPrepared,
  sendRedirect,
  sendSeeOther,
  sendText,
  sendWithHeads,
  type PreparedHeads,
  type PreparedHtml,
} from './http/respond';
import { createStaticAssets } from './http/static-assets';
import { messagesFor } from './i18n/messages';
import { guardedPage } from './pages/guarded-page';
import { notFoundPage } from './pages/not-found-page';
import type { PageModel, SectionModel } from './pages/page-model';
import { movedCacheControl, withVisitorQuery } from './pages/moved';
import { createApiPageSource, parsePageNumber, type PageLookup, type PageSource, type PreviewLookup, type SharedCacheHeaders } from './pages/page-source';
import { previewRefusedPage } from './pages/preview-refused-page';
import { renderErrorPage } from './render/error-page';
import { FAVICON_URL } from './render/favicon';
import { renderPage } from './render/render-page';
import type { FormState } from './render/sections';
import { readForm, type FormModel } from './render/sections/FormSection';
import { resolveRoute } from './routing/locale-route';
import { childSitemapNumber, createSlugClient, renderRobots, renderSitemaps } from './seo/sitemap';
import { consoleLogger, type SiteLogger } from './site-logger';
import { createSettingsClient } from './settings/settings-client';
import { createThemeClient } from './theme/theme-client';

export type { RevalidationEvent } from './cache/page-cache';

export interface SiteHandlerOptions {
  /** The client build (dist/apps/site/client), served under /_site/. */
  clientDir: string;
  /** Where the API answers over HTTP, e.g. http://127.0.0.1:3000. */
  apiOrigin: string;
  /**
   * How the site's readers (pages, settings, theme, slugs) send their GETs to apiOrigin: the global
   * fetch by default; the API's process passes one that answers them in process, without a socket.
   * Form posts go over HTTP with the visitor's address in X-Forwarded-For, unless visitorFetch is given.
   */
  apiFetch?: typeof fetch;
  /**
   * How a form posted without JavaScript reaches the API for this visitor: the API's process passes
   * one that posts in process from the address its TRUST_PROXY made of the visitor's request (over
   * a socket to HOST, every visitor would be the site's own address when HOST is not loopback).
   */
  visitorFetch?: (req: IncomingMessage) => typeof fetch;
  /**
   * PUBLIC_URL: the address visitors use (https://www.example.com). Canonical, hreflang and Open
   * Graph links, the sitemap and robots.txt name it, whatever Host a request claims.
   */
  publicUrl?: string;
  /**
   * Without publicUrl, the Host values (ALLOWED_HOSTS: `host` or `host:port`) whose requests get
   * those absolute links from their own Host (pages, sitemap and robots.txt kept per origin); a
   * request naming any other Host gets pages without them, and no sitemap. None by default.
   */
  allowedHosts?: readonly string[];
  /** Whether a request's X-Forwarded-Proto is believed (it came through a trusted proxy); by default, from loopback only. */
  trustForwardedProto?: ForwardedProtoTrust;
  logger?: SiteLogger;
  /** Bounds of the page cache (1,000 pages, 50 MB, 5 minutes by default). */
  cache?: PageCacheOptions;
  /** How long a page read may take before the site answers 503 (default 2.5 s). */
  pageTimeoutMs?: number;
  /**
   * Headers the host process gives every answer (the security headers). A cached page keeps them
   * in its prepared heads, so that a hit served by `serveCached`, before the host's own request
   * handling, answers exactly what the full path answers.
   */
  fixedHeaders?: Readonly<Record<string, string>>;
}

export interface SiteRequestHandler {
  (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void;
  /**
   * Answers a GET or HEAD of a page the cache holds, at once and synchronously, and says whether it
   * did; the host calls it before its framework's routing and hooks (a hit then costs little more
   * than a static file), and hands every other request to the handler.
   */
  serveCached(req: IncomingMessage, res: ServerResponse): boolean;
  /** Purges cached pages: the host process calls it for each event of the API's RevalidationService. */
  revalidate(event: RevalidationEvent): void;
  cacheStats(): PageCacheStats;
}

/** A rendered answer; `cacheable` ones are kept for the next anonymous reader. */
interface Rendered {
  status: number;
  html: PreparedHtml;
  headers: OutgoingHttpHeaders;
  cacheable: boolean;
  /** A kept page's heads as a hit sends them, prepared when it is stored. */
  hitHeads?: PreparedHeads;
  /** A moved page's new address (status 301 or 302), to which the visitor's query string is added. */
  location?: string;
  /** How shared caches may keep it (the API's answer said so: CDN_MAX_AGE); sent to anonymous requests only. */
  shared?: SharedCacheHeaders;
}

/**
 * Whether a request carries the API's credentials (`token`, `Authorization`): its answer is for
 * that reader, never for a shared cache, even where the page itself is public.
 */
function hasCredentials(req: IncomingMessage): boolean {
  return req.headers.token !== undefined || req.headers.authorization !== undefined;
}

const NO_BODY = prepareHtml('');

/** What the site answers when the API cannot give a page: ask again soon, keep nothing. */
const UNAVAILABLE_RETRY_SECONDS = 30;
const PRIVATE = { 'Cache-Control': 'private, no-store' };
/**
 * Every answer to a preview link: for its reader alone, out of indexes, and its URL (which holds the
 * token) never sent on as a Referer by what the page loads or links to.
 */
const PREVIEW_HEADERS = { ...PRIVATE, 'X-Robots-Tag': 'noindex', 'Referrer-Policy': 'no-referrer' };

/** A request's URL as logs may hold it: a preview link's token, a credential for an hour, left out. */
export function loggableUrl(url: string | undefined): string {
  return withoutPreviewToken(url ?? '');
}

function loadClientAssets(clientDir: string, logger: SiteLogger): ClientAssets {
  try {
    return readClientAssets(clientDir);
  } catch (error) {
    logger.error(error, `The site's client build is missing from ${clientDir}: pages render without script and styles`);
    return NO_CLIENT_ASSETS;
  }
}

function allSections(page: PageModel): SectionModel[] {
  const layout = page.layout;
  return [...(layout?.header ?? []), ...(layout?.topBody ?? []), ...page.sections, ...(layout?.bottomBody ?? []), ...(layout?.footer ?? [])];
}

/** The form shown by the section `sectionId` of the page, if that section is a form block. */
function formOfSection(page: PageModel, sectionId: string | null): FormModel | null {
  if (!sectionId) return null;
  const section = allSections(page).find((candidate) => candidate.id === sectionId && candidate.block === 'form');
  const content = section?.content;
  return content && typeof content === 'object' ? readForm((content as { form?: unknown }).form) : null;
}

/**
 * The public site as a node:http handler: client assets under /_site/, /sitemap.xml and
 * /robots.txt, and every other path rendered to HTML in its locale from GET /api/pages, through a
 * page cache that the API purges with `revalidate`. Forms of a page post back to the page itself
 * when JavaScript is off. The host process mounts it behind /api, /admin, /sign-in and
 * /not-found; standalone.ts runs it alone.
 */
export function createSiteHandler(options: SiteHandlerOptions): SiteRequestHandler {
  const logger = options.logger ?? consoleLogger;
  const assets = loadClientAssets(options.clientDir, logger);
  const staticAssets = createStaticAssets(options.clientDir, CLIENT_BASE);
  const { apiOrigin, apiFetch } = options;
  const themes = createThemeClient({ apiOrigin, logger, fetch: apiFetch });
  const settings = createSettingsClient({ apiOrigin, logger, fetch: apiFetch });
  const pages: PageSource = createApiPageSource({ apiOrigin, logger, timeoutMs: options.pageTimeoutMs, fetch: apiFetch });
  const forms = createFormForwarder({ apiOrigin, logger });
  const slugs = createSlugClient({ apiOrigin, logger, fetch: apiFetch });
  const cache = createPageCache<Rendered>(options.cache);
  // One origin for every page, so a Host header can neither choose the links a cached page holds
  // nor multiply the copies kept (a flood of made-up hosts would evict the real pages).
  const publicOrigin = options.publicUrl ? publicOriginOf(options.publicUrl) : null;
  // Without it, the origin a request names, when its Host is one of the few allowed: pages are kept
  // per origin, and a made-up Host gets the page without absolute links (kept once, under '').
  const allowedHosts = new Set((options.allowedHosts ?? []).map((host) => host.toLowerCase()));
  const trustForwardedProto = options.trustForwardedProto ?? trustLoopbackProxy;
  const originOf = (req: IncomingMessage): string | null => publicOrigin ?? requestOrigin(req, allowedHosts, trustForwardedProto);
  const inFlight = new Map<string, { epoch: number; rendering: Promise<Rendered> }>();
  // One sitemap per host, and hosts are few; still, a flood of Host values must not grow this forever.
  const sitemaps = new KeptValues<{ epoch: number; rendering: Promise<{ main: PreparedHtml; children: PreparedHtml[] } | null> }>({
    name: 'site_sitemaps',
    max: 100,
    ttlMs: options.cache?.ttlMs ?? 5 * 60 * 1000,
  });

  const render = async (lookup: PageLookup, locale: Lang, path: string, origin: string | null, form?: FormState): Promise<Rendered> => {
    const headers = { 'Content-Language': locale };
    const siteSettings = await settings.current();
    switch (lookup.kind) {
      case 'page': {
        const theme = lookup.page.theme ?? (await themes.current());
        const html = prepareHtml(renderPage({ page: lookup.page, theme, assets, origin, form, settings: siteSettings }));
        return { status: 200, html, headers, cacheable: !form, ...(lookup.shared && !form ? { shared: lookup.shared } : {}) };
      }
      case 'not-found': {
        const html = prepareHtml(renderPage({ page: notFoundPage(locale, path), theme: await themes.current(), assets, origin, settings: siteSettings }));
        return { status: 404, html, headers, cacheable: false };
      }
      case 'guarded': {
        // Nothing of the page: the client script asks the API for it with the visitor's token. A 200,
        // like the back office's shell: a member's browser would otherwise log an error on each visit.
        const html = prepareHtml(renderPage({ page: guardedPage(locale, path), theme: await themes.current(), assets, origin, settings: siteSettings }));
        return { status: 200, html, headers: { ...headers, ...PRIVATE, 'X-Robots-Tag': 'noindex' }, cacheable: false };
      }
      case 'moved':
        // Not kept: the API counts each use of a redirect (hits), and keeps the answer in its own cache.
        return {
          status: lookup.status,
          html: NO_BODY,
          headers: { Location: lookup.location, 'Cache-Control': movedCacheControl(lookup.status) },
          cacheable: false,
          location: lookup.location,
        };
      case 'unavailable':
        return {
          status: 503,
          html: prepareHtml(renderErrorPage(locale, assets)),
          headers: { ...headers, 'Cache-Control': 'no-store', 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) },
          cacheable: false,
        };
    }
  };

  /** A page as anyone sees it: from the cache, or rendered once however many ask for it at the same time. */
  const cachedPage = async (origin: string | null, locale: Lang, path: string, pageNumber: number): Promise<{ rendered: Rendered; hit: boolean }> => {
    const key = { origin: origin ?? '', locale, path, page: pageNumber };
    const hit = cache.get(key);
    if (hit) return { rendered: hit, hit: true };
    const flightKey = `${key.origin}\n${locale}\n${path}\n${pageNumber}`;
    const joined = inFlight.get(flightKey);
    // A render begun before a purge may hold what the purge removed: later readers start their own.
    if (joined && joined.epoch === cache.epoch) return { rendered: await joined.rendering, hit: false };
    const epoch = cache.epoch;
    const rendering = (async () => {
      const found = await pages.find(locale, path, pageNumber);
      // Past the last page of its listings a page number names nothing: a 404, not a cache entry of its own.
      const lookup: PageLookup = found.kind === 'page' && pageNumber > (found.page.lastPage ?? 1) ? { kind: 'not-found' } : found;
      const rendered = await render(lookup, locale, path, origin);
      if (rendered.cacheable) {
        rendered.hitHeads = prepareHeads(rendered.html, { ...options.fixedHeaders, ...rendered.headers, ...rendered.shared, 'X-Cache': 'HIT' });
        cache.set(key, rendered, preparedSize(rendered.html), epoch);
      }
      return rendered;
    })();
    inFlight.set(flightKey, { epoch, rendering });
    try {
      return { rendered: await rendering, hit: false };
    } finally {
      if (inFlight.get(flightKey)?.rendering === rendering) inFlight.delete(flightKey);
    }
  };

  /**
   * A page's working draft through a preview link (`?preview=token`), with the preview band: read
   * and rendered for this request alone, never from the cache, never into it, and never shared
   * with a live render in flight. A token the API refuses answers 403, and nothing of the draft.
   */
  const renderPreview = async (req: IncomingMessage, res: ServerResponse, locale: Lang, path: string, token: string, page: string | null): Promise<void> => {
    const origin = originOf(req);
    const pageNumber = parsePageNumber(page);
    const found: PreviewLookup = pageNumber === null ? { kind: 'not-found' } : await pages.preview(locale, path, token, pageNumber);
    const lookup = found.kind === 'page' && pageNumber !== null && pageNumber > (found.page.lastPage ?? 1) ? { kind: 'not-found' as const } : found;
    let rendered: Pick<Rendered, 'status' | 'html' | 'headers'>;
    if (lookup.kind === 'page') {
      const siteSettings = await settings.current();
      const theme = lookup.page.theme ?? (await themes.current());
      const html = prepareHtml(renderPage({ page: lookup.page, theme, assets, origin, settings: siteSettings, preview: true }));
      rendered = { status: 200, html, headers: { 'Content-Language': locale } };
    } else if (lookup.kind === 'refused') {
      const siteSettings = await settings.current();
      const html = prepareHtml(renderPage({ page: previewRefusedPage(locale, path), theme: await themes.current(), assets, origin, settings: siteSettings }));
      rendered = { status: 403, html, headers: { 'Content-Language': locale } };
    } else {
      rendered = await render(lookup, locale, path, origin);
    }
    sendPrepared(req, res, rendered.status, rendered.html, { ...rendered.headers, ...PREVIEW_HEADERS });
  };

  const seoVary = publicOrigin ? {} : { Vary: 'Host, Accept-Encoding' };

  /** /sitemap.xml (`child` null): the sitemap, or the index of /sitemap-N.xml past SITEMAP_MAX_URLS addresses; /sitemap-N.xml: the N-th. */
  const serveSitemap = async (req: IncomingMessage, res: ServerResponse, child: number | null): Promise<void> => {
    const origin = originOf(req);
    if (!origin) return sendText(req, res, 404, 'Not found: this site answers its sitemap at its own address (PUBLIC_URL or ALLOWED_HOSTS)', seoVary);
    let entry = sitemaps.get(origin);
    if (!entry || entry.epoch !== cache.epoch) {
      const rendering = Promise.all([slugs.list(), settings.current()]).then(([list, site]) => {
        if (!list) return null;
        const rendered = renderSitemaps(origin, list, site.defaultLocale);
        return { main: prepareHtml(rendered.xml), children: rendered.kind === 'index' ? rendered.files.map(prepareHtml) : [] };
      });
      const kept = (entry = { epoch: cache.epoch, rendering });
      sitemaps.set(origin, kept, sitemaps.generation);
      // A failed render is not kept: the next request tries again.
      void rendering.then((body) => body === null && sitemaps.get(origin) === kept && sitemaps.forget(origin));
    }
    const body = await entry.rendering;
    if (!body) return sendText(req, res, 503, 'The sitemap is unavailable: try again shortly', { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) });
    const file = child === null ? body.main : body.children[child - 1];
    if (!file) return sendText(req, res, 404, 'Not found: no sitemap of that number', seoVary);
    sendPrepared(req, res, 200, file, { 'Content-Type': 'application/xml; charset=utf-8', ...seoVary });
  };

  const renderRoute = async (req: IncomingMessage, res: ServerResponse, target: string): Promise<void> => {
    const route = resolveRoute(target);
    if (route.kind === 'bad-request') return sendText(req, res, 400, 'Bad request');
    if (route.kind === 'redirect') return sendRedirect(res, 301, route.location);
    const origin = originOf(req);
    const query = new URLSearchParams(target.includes('?') ? target.slice(target.indexOf('?') + 1) : '');

    // A preview link: the draft, for this reader alone. The same path without it is the live page.
    const preview = query.get('preview');
    if (preview !== null) return renderPreview(req, res, route.locale, route.path, preview, query.get('page'));

    // After a form sent without JavaScript (POST, then 303 here): the page with that form's thanks.
    const sent = query.get('sent');
    if (sent !== null) {
      const lookup = await pages.find(route.locale, route.path);
      const form = lookup.kind === 'page' ? formOfSection(lookup.page, sent) : null;
      const state: FormState | undefined = form
        ? { sectionId: sent, values: {}, errors: {}, message: { kind: 'success', text: form.successMessage ?? messagesFor(route.locale).forms.success } }
        : undefined;
      const rendered = await render(lookup, route.locale, route.path, origin, state);
      return sendPrepared(req, res, rendered.status, rendered.html, { ...rendered.headers, ...PRIVATE });
    }

    const pageNumber = parsePageNumber(query.get('page'));
    if (pageNumber === null) {
      const rendered = await render({ kind: 'not-found' }, route.locale, route.path, origin);
      return sendPrepared(req, res, rendered.status, rendered.html, rendered.headers);
    }
    const { rendered, hit } = await cachedPage(origin, route.locale, route.path, pageNumber);
    if (rendered.location !== undefined) {
      const visitorQuery = target.includes('?') ? target.slice(target.indexOf('?') + 1) : '';
      return sendPrepared(req, res, rendered.status, rendered.html, { ...rendered.headers, Location: withVisitorQuery(rendered.location, visitorQuery) });
    }
    // A signed-in reader's copy of a page shared caches may keep: for that reader alone.
    if (rendered.shared && hasCredentials(req)) return sendPrepared(req, res, rendered.status, rendered.html, { ...rendered.headers, ...PRIVATE });
    if (hit && rendered.hitHeads) return sendWithHeads(req, res, rendered.status, rendered.html, rendered.hitHeads);
    sendPrepared(req, res, rendered.status, rendered.html, { ...rendered.headers, ...rendered.shared, ...(rendered.cacheable ? { 'X-Cache': 'MISS' } : {}) });
  };

  const serveCached = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!isReadMethod(req.method)) return false;
    const target = req.url ?? '/';
    // Client assets, the sitemap, robots.txt and the favicon are never pages.
    if (
      target.startsWith('/_') ||
      target.startsWith('/sitemap.xml') ||
      /^\/sitemap-\d/.test(target) ||
      target.startsWith('/robots.txt') ||
      target.startsWith('/favicon.ico')
    )
      return false;
    const queryStart = target.indexOf('?');
    let pageNumber: number | null = 1;
    if (queryStart !== -1) {
      const query = new URLSearchParams(target.slice(queryStart + 1));
      // The thanks after a form sent without JavaScript, and a preview link's draft, are rendered for their reader alone.
      if (query.has('sent') || query.has('preview')) return false;
      pageNumber = parsePageNumber(query.get('page'));
      if (pageNumber === null) return false;
    }
    const route = resolveRoute(target);
    if (route.kind !== 'page') return false;
    const rendered = cache.get({ origin: originOf(req) ?? '', locale: route.locale, path: route.path, page: pageNumber }, false);
    if (!rendered?.hitHeads || (rendered.shared && hasCredentials(req))) return false;
    sendWithHeads(req, res, rendered.status, rendered.html, rendered.hitHeads);
    return true;
  };

  /** A form of a page posted without JavaScript: sent on to the API, then thanks (303) or the page again with the refusals. */
  const postForm = async (req: IncomingMessage, res: ServerResponse, target: string): Promise<void> => {
    const route = resolveRoute(target);
    if (route.kind !== 'page') return sendText(req, res, route.kind === 'bad-request' ? 400 : 404, route.kind === 'bad-request' ? 'Bad request' : 'Not found');
    const body = await readFormBody(req);
    if (body.kind === 'unsupported') return sendText(req, res, 415, 'Forms of this site are sent as application/x-www-form-urlencoded');
    if (body.kind === 'too-large') return sendText(req, res, 413, 'The form is too large', { Connection: 'close' });

    const { locale, path } = route;
    const origin = originOf(req);
    const m = messagesFor(locale);
    const lookup = await pages.find(locale, path);
    const sectionId = body.fields.get(FORM_SECTION_FIELD);
    const form = lookup.kind === 'page' ? formOfSection(lookup.page, sectionId) : null;
    if (lookup.kind !== 'page' || !form || !sectionId || String(form.id) !== body.fields.get(FORM_ID_FIELD)) {
      const rendered = await render(lookup, locale, path, origin);
      return sendPrepared(req, res, rendered.status === 200 ? 409 : rendered.status, rendered.html, { ...rendered.headers, ...PRIVATE });
    }

    const values = submittedValues(form, body.fields);
    const result = await forms.submit({
      formId: form.id,
      locale,
      values,
      honeypot: body.fields.get('_hp') ?? '',
      ...(options.visitorFetch ? { via: options.visitorFetch(req) } : { forwardedFor: forwardedFor(req) }),
    });
    if (result.kind === 'sent') return sendSeeOther(res, `${localePath(locale, path)}?sent=${encodeURIComponent(sectionId)}#${encodeURIComponent(sectionId)}`);

    const failure: Record<Exclude<typeof result.kind, 'sent'>, { status: number; text: string }> = {
      refused: { status: 400, text: form.errorMessage ?? m.forms.error },
      'too-many': { status: 429, text: m.forms.tooMany.replace('{seconds}', String(result.kind === 'too-many' ? result.retryAfterSeconds : 60)) },
      closed: { status: 409, text: m.forms.unavailable },
      unavailable: { status: 502, text: m.forms.unavailable },
    };
    const { status, text } = failure[result.kind];
    const state: FormState = { sectionId, values, errors: result.kind === 'refused' ? result.errors : {}, message: { kind: 'error', text } };
    const rendered = await render(lookup, locale, path, origin, state);
    const retry = result.kind === 'too-many' ? { 'Retry-After': String(result.retryAfterSeconds) } : {};
    sendPrepared(req, res, status, rendered.html, { ...rendered.headers, ...PRIVATE, ...retry });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const target = req.url ?? '/';
    const pathname = target.split('?', 1)[0];
    if (pathname.startsWith(CLIENT_BASE)) return staticAssets.serve(req, res, pathname);
    const childSitemap = childSitemapNumber(pathname);
    if (req.method === 'POST' && !pathname.startsWith('/_') && pathname !== '/sitemap.xml' && childSitemap === null && pathname !== '/robots.txt')
      return postForm(req, res, target);
    if (!isReadMethod(req.method)) return sendMethodNotAllowed(req, res);
    // Browsers and crawlers ask for /favicon.ico whatever the page links to.
    if (pathname === '/favicon.ico') return sendRedirect(res, 301, FAVICON_URL);
    if (pathname === '/sitemap.xml' || childSitemap !== null) return serveSitemap(req, res, childSitemap);
    if (pathname === '/robots.txt')
      return sendText(req, res, 200, renderRobots(originOf(req)), { 'Cache-Control': 'public, max-age=3600', ...(publicOrigin ? {} : { Vary: 'Host' }) });
    return renderRoute(req, res, target);
  };

  const handler = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
    handle(req, res).catch((error: unknown) => {
      logger.error(error, `The site could not answer ${req.method} ${loggableUrl(req.url)}`);
      if (res.headersSent) return next(error);
      const route = resolveRoute(req.url ?? '/');
      const locale: Lang = route.kind === 'page' ? route.locale : DEFAULT_LANG;
      sendPrepared(req, res, 500, prepareHtml(renderErrorPage(locale, assets)), { 'Cache-Control': 'no-store', 'Content-Language': locale });
    });
  };

  return Object.assign(handler, {
    serveCached,
    revalidate(event: RevalidationEvent) {
      cache.revalidate(event);
      // Settings changes purge every page (scope all); path purges never concern them.
      if (!event || event.scope !== 'paths') settings.forget();
      // Any change may add, move or remove a page.
      sitemaps.clear();
    },
    cacheStats: () => cache.stats(),
  });
}

import { PAGE_NUMBER_MAX, SLUG_SEGMENT_PATTERN, type Lang, type PageResponse } from '@cms/contracts';
import { createApiClient, type ApiClientOptions } from '../http/api-client';
import { homePage } from './home-page';
import { apiPath, mapPageResponse } from './map-page';
import { movedLocation, type Moved } from './moved';
import type { PageModel } from './page-model';

export type PageLookup =
  /** `builtIn`: the site's own welcome page, shown while the CMS has no home page. */
  | { kind: 'page'; page: PageModel; builtIn?: boolean; shared?: SharedCacheHeaders }
  | { kind: 'not-found' }
  /** Only some roles may read the page: 401 asks for a token, 403 refused the one sent. */
  | { kind: 'guarded'; status: 401 | 403 }
  /** The page is at another address now (a redirect): the visitor is sent there. */
  | ({ kind: 'moved' } & Moved)
  /** The API did not answer usefully (down, slow, 5xx, nonsense). */
  | { kind: 'unavailable' };

/**
 * The API's word on how shared caches (a CDN, Varnish) may keep a public page: its answer's
 * `Cache-Control` when it says `public` with an `s-maxage` (CDN_MAX_AGE is set), with the keys
 * purges name. The page's HTML carries the same, so the API's configuration is the one home of it.
 */
export interface SharedCacheHeaders {
  'Cache-Control': string;
  'Surrogate-Key': string;
  'Cache-Tag': string;
}

/** The shared-cache headers of an API answer, or undefined when it is not for shared caches. */
export function sharedCacheHeadersOf(headers: Headers): SharedCacheHeaders | undefined {
  const cacheControl = headers.get('cache-control');
  if (!cacheControl || !/(^|,)\s*public\s*(,|$)/i.test(cacheControl) || !/s-maxage=\d+/i.test(cacheControl)) return undefined;
  return { 'Cache-Control': cacheControl, 'Surrogate-Key': headers.get('surrogate-key') ?? '', 'Cache-Tag': headers.get('cache-tag') ?? '' };
}

/** What a preview link shows: the page's working draft, or why not. */
export type PreviewLookup =
  | { kind: 'page'; page: PageModel }
  | { kind: 'not-found' }
  /** The API refused the token: tampered, expired, or made for another page or locale. */
  | { kind: 'refused' }
  | { kind: 'unavailable' };

/** Where pages come from. */
export interface PageSource {
  /** `pageNumber`: the page of paginating `contents` blocks (`?page=`), 1 by default. */
  find(locale: Lang, path: string, pageNumber?: number): Promise<PageLookup>;
  /**
   * The page as the draft of a preview link shows it (`?preview=token`): the API checks the token,
   * made for one page and locale, and answers the draft. What it gives is for that reader alone.
   */
  preview(locale: Lang, path: string, token: string, pageNumber?: number): Promise<PreviewLookup>;
}

/**
 * Longest `?preview=` token the site sends on: the API's are about 400 characters; anything far
 * longer is refused without asking (a page's URL is no place for kilobytes).
 */
export const PREVIEW_TOKEN_MAX_LENGTH = 2048;

/** Whether `?preview=` holds something worth asking the API about. */
export function isPreviewToken(token: string): boolean {
  return token.length > 0 && token.length <= PREVIEW_TOKEN_MAX_LENGTH;
}

/** `?page=` as the site accepts it: 1 to PAGE_NUMBER_MAX without sign or leading zero; absent is 1; anything else is null (404). */
export function parsePageNumber(value: string | null): number | null {
  if (value === null) return 1;
  if (!/^[1-9][0-9]{0,4}$/.test(value)) return null;
  const page = Number(value);
  return page <= PAGE_NUMBER_MAX ? page : null;
}

/** Longest page path the API accepts (slug-rules MAX_FULL_LENGTH). */
const MAX_PATH_LENGTH = 1000;

/** Paths that cannot be a slug are no page: the API is asked about them only for a redirect (see OtherAddressBudget). */
export function isPagePath(path: string): boolean {
  return path === '' || (path.length <= MAX_PATH_LENGTH && path.split('/').every((segment) => SLUG_SEGMENT_PATTERN.test(segment)));
}

/** Longest address a redirect leaves from (the API's REDIRECT_FROM_MAX_LENGTH): longer ones are 404 without asking. */
const MAX_REDIRECT_PATH_LENGTH = 1100;

/**
 * How many addresses that cannot be a page (`/Old-Page.html`, an old site's URL) the site asks the
 * API about per second, for the redirects imported from an old CMS. A flood of made-up addresses
 * costs the API at most this many look-ups a second; past it they are 404 without asking (and a
 * 404 is never kept in the page cache, so the flood cannot evict pages either).
 */
export interface OtherAddressBudget {
  perSecond: number;
  now?: () => number;
}

const DEFAULT_OTHER_ADDRESS_BUDGET = 50;

/** A token bucket of `perSecond` look-ups, as many in a burst. */
function createBudget({ perSecond, now = Date.now }: OtherAddressBudget): () => boolean {
  let tokens = perSecond;
  let last = now();
  return () => {
    const at = now();
    tokens = Math.min(perSecond, tokens + ((at - last) / 1000) * perSecond);
    last = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

type ApiPageSourceOptions = ApiClientOptions & { otherAddresses?: OtherAddressBudget };

function isPageResponse(value: unknown): value is PageResponse {
  if (!value || typeof value !== 'object') return false;
  const page = value as Partial<PageResponse>;
  return typeof page.path === 'string' && Array.isArray(page.sections) && Array.isArray(page.layout);
}

/** What `GET /api/pages` answered, before the live read and the preview read make their lookup of it. */
type ApiPageAnswer =
  | { kind: 'page'; body: PageResponse; shared?: SharedCacheHeaders }
  | { kind: 'status'; status: number }
  | ({ kind: 'moved' } & Moved)
  | { kind: 'unavailable' };

/**
 * Reads pages from `GET /api/pages?path=&locale=` over HTTP, anonymously: the site forwards no
 * header of the visitor's, so what it renders (and caches) is what anyone may read. A preview read
 * adds `&preview=token`, the one credential the site sends on, and its page is never cached.
 */
export function createApiPageSource(options: ApiPageSourceOptions): PageSource {
  // The API's redirects are passed on to the visitor, never followed here (see api-client's get).
  const api = createApiClient(options, 2500);
  const withinBudget = createBudget(options.otherAddresses ?? { perSecond: DEFAULT_OTHER_ADDRESS_BUDGET });
  const report = (error: unknown, url: string) => api.report(error, `Pages unavailable: ${url} failed`);

  const read = async (url: string, logged: string): Promise<ApiPageAnswer> => {
    let response: Response;
    try {
      response = await api.get(url);
    } catch (error) {
      report(error, logged);
      return { kind: 'unavailable' };
    }
    if (response.status === 301 || response.status === 302) {
      const location = movedLocation(response.headers.get('location'));
      await response.body?.cancel().catch(() => undefined);
      if (location === null) {
        report(new Error(`answered ${response.status} without a Location the site can send a visitor to`), logged);
        return { kind: 'unavailable' };
      }
      return { kind: 'moved', status: response.status, location };
    }
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: 'status', status: response.status };
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      report(error, logged);
      return { kind: 'unavailable' };
    }
    if (!isPageResponse(body)) {
      report(new Error('answered something that is not a page'), logged);
      return { kind: 'unavailable' };
    }
    return { kind: 'page', body, shared: sharedCacheHeadersOf(response.headers) };
  };

  const pageUrl = (locale: Lang, path: string, pageNumber: number) =>
    `${options.apiOrigin}/api/pages?path=${encodeURIComponent(apiPath(path))}&locale=${encodeURIComponent(locale)}${pageNumber > 1 ? `&page=${pageNumber}` : ''}`;

  return {
    async find(locale, path, pageNumber = 1) {
      // An address no page can have is asked about only for a redirect, within the budget.
      if (!isPagePath(path) && (path.length > MAX_REDIRECT_PATH_LENGTH || !withinBudget())) return { kind: 'not-found' };
      const url = pageUrl(locale, path, pageNumber);
      const answer = await read(url, url);
      if (answer.kind === 'unavailable' || answer.kind === 'moved') return answer;
      if (answer.kind === 'status') {
        if (answer.status === 404) return path === '' ? { kind: 'page', page: homePage(locale), builtIn: true } : { kind: 'not-found' };
        if (answer.status === 401 || answer.status === 403) return { kind: 'guarded', status: answer.status };
        report(new Error(`answered ${answer.status}`), url);
        return { kind: 'unavailable' };
      }
      // An anonymous read never gets a guarded page; should it ever, it is treated as one.
      if (Array.isArray(answer.body.accesses) && answer.body.accesses.length > 0) return { kind: 'guarded', status: 401 };
      return { kind: 'page', page: mapPageResponse(answer.body), ...(answer.shared ? { shared: answer.shared } : {}) };
    },

    async preview(locale, path, token, pageNumber = 1) {
      if (!isPagePath(path)) return { kind: 'not-found' };
      if (!isPreviewToken(token)) return { kind: 'refused' };
      const page = pageUrl(locale, path, pageNumber);
      // The token is a credential for an hour: logs name the page, never the token.
      const logged = `${page}&preview=…`;
      const answer = await read(`${page}&preview=${encodeURIComponent(token)}`, logged);
      if (answer.kind === 'unavailable') return answer;
      // A draft is read at the page's own address: one that moved has nothing to preview here.
      if (answer.kind === 'moved') return { kind: 'not-found' };
      if (answer.kind === 'status') {
        // No welcome page here: a preview of a page the API does not have shows that it is missing.
        if (answer.status === 404) return { kind: 'not-found' };
        // 403 is the API's refusal of the token; 400 and 401 (a token it cannot read) say the same to the editor.
        if (answer.status === 400 || answer.status === 401 || answer.status === 403) return { kind: 'refused' };
        report(new Error(`answered ${answer.status}`), logged);
        return { kind: 'unavailable' };
      }
      // A members-only page's draft too: the API gave it to the holder of a token staff asked for,
      // and this answer is for that reader alone (never cached). Visitors without it get the stand-in.
      return { kind: 'page', page: mapPageResponse(answer.body) };
    },
  };
}

import { PAGE_NUMBER_MAX, SLUG_SEGMENT_PATTERN, type Lang, type PageResponse } from '@cms/contracts';
import { createApiClient, type ApiClientOptions } from '../http/api-client';
import { homePage } from './home-page';
import { apiPath, mapPageResponse } from './map-page';
import type { PageModel } from './page-model';

export type PageLookup =
  /** `builtIn`: the site's own welcome page, shown while the CMS has no home page. */
  | { kind: 'page'; page: PageModel; builtIn?: boolean }
  | { kind: 'not-found' }
  /** Only some roles may read the page: 401 asks for a token, 403 refused the one sent. */
  | { kind: 'guarded'; status: 401 | 403 }
  /** The API did not answer usefully (down, slow, 5xx, nonsense). */
  | { kind: 'unavailable' };

/** Where pages come from. */
export interface PageSource {
  /** `pageNumber`: the page of paginating `contents` blocks (`?page=`), 1 by default. */
  find(locale: Lang, path: string, pageNumber?: number): Promise<PageLookup>;
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

/** Paths that cannot be a slug are answered 404 without asking the API. */
export function isPagePath(path: string): boolean {
  return path === '' || (path.length <= MAX_PATH_LENGTH && path.split('/').every((segment) => SLUG_SEGMENT_PATTERN.test(segment)));
}

type ApiPageSourceOptions = ApiClientOptions;

function isPageResponse(value: unknown): value is PageResponse {
  if (!value || typeof value !== 'object') return false;
  const page = value as Partial<PageResponse>;
  return typeof page.path === 'string' && Array.isArray(page.sections) && Array.isArray(page.layout);
}

/**
 * Reads pages from `GET /api/pages?path=&locale=` over HTTP, anonymously: the site forwards no
 * header of the visitor's, so what it renders (and caches) is what anyone may read.
 */
export function createApiPageSource(options: ApiPageSourceOptions): PageSource {
  const api = createApiClient(options, 2500);
  const report = (error: unknown, url: string) => api.report(error, `Pages unavailable: ${url} failed`);

  return {
    async find(locale, path, pageNumber = 1) {
      if (!isPagePath(path)) return { kind: 'not-found' };
      const url = `${options.apiOrigin}/api/pages?path=${encodeURIComponent(apiPath(path))}&locale=${encodeURIComponent(locale)}${pageNumber > 1 ? `&page=${pageNumber}` : ''}`;
      let response: Response;
      try {
        response = await api.get(url);
      } catch (error) {
        report(error, url);
        return { kind: 'unavailable' };
      }
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => undefined);
        if (response.status === 404) return path === '' ? { kind: 'page', page: homePage(locale), builtIn: true } : { kind: 'not-found' };
        if (response.status === 401 || response.status === 403) return { kind: 'guarded', status: response.status };
        report(new Error(`answered ${response.status}`), url);
        return { kind: 'unavailable' };
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        report(error, url);
        return { kind: 'unavailable' };
      }
      if (!isPageResponse(body)) {
        report(new Error('answered something that is not a page'), url);
        return { kind: 'unavailable' };
      }
      // An anonymous read never gets a guarded page; should it ever, it is treated as one.
      if (Array.isArray(body.accesses) && body.accesses.length > 0) return { kind: 'guarded', status: 401 };
      return { kind: 'page', page: mapPageResponse(body) };
    },
  };
}

import type { PageResponse, PageSection } from '@cms/contracts';

/**
 * The keys a shared cache files a public page under (`Surrogate-Key`, space-separated, and
 * `Cache-Tag`, comma-separated), short and stable:
 * - `site`: every page (a purge of everything purges it);
 * - `layout`: every page (all show the layout);
 * - `p-<locale>-<hash of the path>`: the page at this path in this locale, whatever `?page=`
 *   (the key every revalidation event names, so one publish purges exactly the pages
 *   AffectedPagesService found showing the change);
 * - `k<id>`: the page's container, and each container a `contents` block lists;
 * - `c<id>`: the page's content, each listed content and each content a field refers to;
 * - `e<id>`: each placed element; `f<id>`: each form.
 */
export const SITE_KEY = 'site';
export const LAYOUT_KEY = 'layout';

/** Beyond this many keys a header is cut to its first ones (the page's own come first): purges name pages, never only records. */
export const MAX_KEYS_PER_PAGE = 200;

/** cyrb53: a 53-bit string hash, deterministic everywhere; a collision purges one page more, never one less. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The page at `path` (a revalidation event's path: no locale prefix, `/` for the home page) in `locale`. */
export function pageKey(locale: string, path: string): string {
  return `p-${locale}-${hash53(path)}`;
}

/** The keys of one page's answer, its own first. */
export function surrogateKeysOf(page: PageResponse, locale: string, path: string): string[] {
  const keys = new Set<string>([pageKey(locale, path), SITE_KEY, LAYOUT_KEY, `k${page.container.id}`]);
  if (page.content) keys.add(`c${page.content.id}`);
  const section = (s: PageSection) => {
    if (s.elementId !== null) keys.add(`e${s.elementId}`);
    if (s.formId !== null) keys.add(`f${s.formId}`);
    if (s.element?.formId) keys.add(`f${s.element.formId}`);
    if (s.containerContentId !== null) keys.add(`k${s.containerContentId}`);
    for (const item of s.items ?? []) keys.add(`c${item.id}`);
  };
  page.sections.forEach(section);
  page.layout.forEach(section);
  for (const id of Object.keys(page.forms)) keys.add(`f${id}`);
  for (const id of Object.keys(page.contents)) keys.add(`c${id}`);
  return [...keys].slice(0, MAX_KEYS_PER_PAGE);
}

/** The headers that carry them: `Surrogate-Key` (Varnish, Fastly) and `Cache-Tag` (Cloudflare). */
export function surrogateHeaders(keys: readonly string[]): { 'Surrogate-Key': string; 'Cache-Tag': string } {
  return { 'Surrogate-Key': keys.join(' '), 'Cache-Tag': keys.join(',') };
}

/** `Cache-Control` of an anonymous public answer when CDN_MAX_AGE is set. */
export function sharedCacheControl(maxAge: number, stale: number): string {
  return `public, max-age=0, s-maxage=${maxAge}, stale-while-revalidate=${stale}`;
}

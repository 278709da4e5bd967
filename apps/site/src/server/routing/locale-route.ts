import { DEFAULT_LANG, isLang, type Lang, LANGS, localePath } from '@cms/contracts';

/**
 * How the site maps URLs to (locale, page path): the default locale has no prefix, every other
 * locale is the first path segment (`/fr/...`). `/en/...` redirects to the unprefixed address,
 * so each page has one URL per locale.
 */
type RouteResult = { kind: 'page'; locale: Lang; path: string } | { kind: 'redirect'; location: string } | { kind: 'bad-request' };

/**
 * Resolves a request target (`req.url`). `path` is the page path without the locale prefix and
 * without leading or trailing slashes, decoded segment by segment: '' is the home page.
 */
export function resolveRoute(requestTarget: string): RouteResult {
  const queryStart = requestTarget.indexOf('?');
  const rawPath = queryStart < 0 ? requestTarget : requestTarget.slice(0, queryStart);
  const query = queryStart < 0 ? '' : requestTarget.slice(queryStart);
  // Browsers send `\` as `/`; a raw one comes from another client, and a redirect answering
  // `/\evil.test` would be read by a browser as `//evil.test`.
  if (!rawPath.startsWith('/') || rawPath.includes('\\')) return { kind: 'bad-request' };

  // Collapsing empty segments also keeps a redirect from ever answering `//other.host`.
  const rawSegments = rawPath.split('/').filter((segment) => segment !== '');
  let segments: string[];
  try {
    segments = rawSegments.map((segment) => decodeURIComponent(segment));
  } catch {
    return { kind: 'bad-request' };
  }
  if (segments.some((segment) => /[\u0000-\u001f\u007f]/.test(segment))) return { kind: 'bad-request' };

  if (segments[0] === DEFAULT_LANG) return { kind: 'redirect', location: `/${rawSegments.slice(1).join('/')}${query}` };
  const canonical = `/${rawSegments.join('/')}`;
  if (canonical !== rawPath) return { kind: 'redirect', location: `${canonical}${query}` };

  const [first, ...rest] = segments;
  if (isLang(first)) return { kind: 'page', locale: first, path: rest.join('/') };
  return { kind: 'page', locale: DEFAULT_LANG, path: segments.join('/') };
}

export interface Alternate {
  hreflang: Lang | 'x-default';
  href: string;
}

/** hreflang alternates of a page that exists in `locales`, plus x-default (the default locale's address). */
export function alternatesOf(path: string, locales: readonly Lang[] = LANGS): Alternate[] {
  const alternates: Alternate[] = locales.map((locale) => ({ hreflang: locale, href: localePath(locale, path) }));
  if (locales.includes(DEFAULT_LANG)) alternates.push({ hreflang: 'x-default', href: localePath(DEFAULT_LANG, path) });
  return alternates;
}

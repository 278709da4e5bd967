import { DEFAULT_LANG, type Lang } from './enums';

/**
 * The locale URL scheme, used by the API's page paths (alternates), the site's router and links,
 * and the back office's link picker: the default locale (en) has no prefix, every other locale
 * is the first segment. `localePath('fr', '')` is `/fr`, `localePath('en', 'a/b')` and
 * `localePath('en', '/a/b')` are `/a/b`; each segment is URL-encoded.
 */
export function localePath(locale: Lang, path: string): string {
  const encoded = path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => encodeURIComponent(segment));
  const segments = locale === DEFAULT_LANG ? encoded : [locale, ...encoded];
  return `/${segments.join('/')}`;
}

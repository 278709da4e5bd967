import { DEFAULT_LANG, type Lang, LANGS, localePath, type SlugDto } from '@cms/contracts';
import { sitePath } from '../pages/map-page';
import { isPagePath } from '../pages/page-source';
import { escapeHtml } from '../render/escape-html';

import type { SiteLogger } from '../site-logger';

/** What the sitemap needs of a slug of GET /api/slugs (`paths`: each locale's own path; without it, en's in every locale). */
type SitemapPage = Pick<SlugDto, 'path' | 'updatedAt' | 'published' | 'guarded'> & { paths?: Partial<Record<Lang, string>> };

/** GET /api/slugs answers at most this many slugs per call; five locales each stay within the 50,000 URLs a sitemap may list. */
const SITEMAP_MAX_SLUGS = 10_000;

/**
 * The sitemap of every published, public page in every locale at the locale's own address (GET
 * /api/slugs `paths`: `/fr/blog/bonjour`), each with its hreflang
 * alternates (and x-default: the page in the default locale setting). The home page is listed even before the CMS has one: the site
 * shows its welcome page there.
 */
export function renderSitemap(origin: string, slugs: readonly SitemapPage[], defaultLocale: Lang = DEFAULT_LANG): string {
  // Each page by en's path, with its site path in every locale (its own segments there).
  const pages = new Map<string, { updatedAt: string | undefined; paths: Record<Lang, string> }>();
  for (const slug of slugs) {
    if (!slug.published || slug.guarded || typeof slug.path !== 'string') continue;
    const path = sitePath(slug.path);
    if (!isPagePath(path)) continue;
    const paths = Object.fromEntries(
      LANGS.map((locale) => {
        const own = slug.paths?.[locale];
        const local = typeof own === 'string' ? sitePath(own) : path;
        return [locale, isPagePath(local) ? local : path];
      }),
    ) as Record<Lang, string>;
    pages.set(path, { updatedAt: slug.updatedAt, paths });
  }
  if (!pages.has('')) pages.set('', { updatedAt: undefined, paths: Object.fromEntries(LANGS.map((locale) => [locale, ''])) as Record<Lang, string> });

  const url = (href: string) => escapeHtml(origin + href);
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const [, { updatedAt, paths }] of [...pages].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const alternates = [
      ...LANGS.map((locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${url(localePath(locale, paths[locale]))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${url(localePath(defaultLocale, paths[defaultLocale]))}"/>`,
    ].join('');
    const lastmod = updatedAt && !Number.isNaN(Date.parse(updatedAt)) ? `<lastmod>${new Date(updatedAt).toISOString()}</lastmod>` : '';
    for (const locale of LANGS) out.push(`<url><loc>${url(localePath(locale, paths[locale]))}</loc>${lastmod}${alternates}</url>`);
  }
  out.push('</urlset>');
  return `${out.join('\n')}\n`;
}

/** Crawlers may read the pages and the uploads they show; the API, the back office and the sign-in flow are not pages. */
export function renderRobots(origin: string | null): string {
  const lines = [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/uploads/',
    'Disallow: /api/',
    'Disallow: /admin$',
    'Disallow: /admin/',
    'Disallow: /sign-in$',
    'Disallow: /not-found$',
  ];
  if (origin) lines.push('', `Sitemap: ${origin}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}

/** Reads the published slugs from GET /api/slugs (anonymously: published ones only). */
export function createSlugClient(options: { apiOrigin: string; logger: SiteLogger; timeoutMs?: number; fetch?: typeof fetch }) {
  const { apiOrigin, logger, timeoutMs = 5000 } = options;
  const fetchImpl = options.fetch ?? fetch;
  const query = `filter=${encodeURIComponent(JSON.stringify({ published: true }))}&range=${encodeURIComponent(JSON.stringify([0, SITEMAP_MAX_SLUGS - 1]))}`;
  const url = `${apiOrigin}/api/slugs?${query}`;
  return {
    async list(): Promise<SitemapPage[] | null> {
      try {
        const response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
        if (!response.ok) throw new Error(`answered ${response.status}`);
        const body: unknown = await response.json();
        if (!Array.isArray(body)) throw new Error('answered something that is not a list');
        return body as SitemapPage[];
      } catch (error) {
        logger.error(error, `The sitemap could not be built: ${url} failed`);
        return null;
      }
    },
  };
}

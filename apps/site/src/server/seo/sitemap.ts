import { DEFAULT_LANG, type Lang, LANGS, localePath, type SlugDto } from '@cms/contracts';
import { sitePath } from '../pages/map-page';
import { isPagePath } from '../pages/page-source';
import { escapeHtml } from '../render/escape-html';

import type { SiteLogger } from '../site-logger';

/** What the sitemap needs of a slug of GET /api/slugs (`paths`: each locale's own path; without it, en's in every locale). */
type SitemapPage = Pick<SlugDto, 'path' | 'updatedAt' | 'published' | 'guarded'> & { paths?: Partial<Record<Lang, string>> };

/** GET /api/slugs answers at most this many slugs per call: the sitemap reads them page by page. */
const SLUGS_PER_CALL = 10_000;
/** A site with more pages than this (a million addresses in five locales) is not read further. */
const MAX_SLUG_CALLS = 20;
/**
 * Addresses one sitemap file lists: past this, /sitemap.xml is a sitemap index naming
 * /sitemap-1.xml, /sitemap-2.xml... of this many each (the protocol allows 50,000 and 50 MB; each
 * address here carries six alternates, so 10,000 keep a file near 10 MB).
 */
export const SITEMAP_MAX_URLS = 10_000;

/** What /sitemap.xml answers: one sitemap, or an index and its numbered children (files[0] is /sitemap-1.xml). */
export type Sitemaps = { kind: 'single'; xml: string } | { kind: 'index'; xml: string; files: string[] };

const URLSET_OPEN = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
];

/**
 * The sitemap of every published, public page in every locale at the locale's own address (GET
 * /api/slugs `paths`: `/fr/blog/bonjour`), each with its hreflang
 * alternates (and x-default: the page in the default locale setting). The home page is listed even before the CMS has one: the site
 * shows its welcome page there. Past `maxUrls` addresses, a sitemap index and numbered sitemaps.
 */
export function renderSitemaps(origin: string, slugs: readonly SitemapPage[], defaultLocale: Lang = DEFAULT_LANG, maxUrls = SITEMAP_MAX_URLS): Sitemaps {
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
  const entries: { line: string; updatedAt: number }[] = [];
  for (const [, { updatedAt, paths }] of [...pages].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const alternates = [
      ...LANGS.map((locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${url(localePath(locale, paths[locale]))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${url(localePath(defaultLocale, paths[defaultLocale]))}"/>`,
    ].join('');
    const time = updatedAt ? Date.parse(updatedAt) : NaN;
    const lastmod = Number.isNaN(time) ? '' : `<lastmod>${new Date(time).toISOString()}</lastmod>`;
    for (const locale of LANGS)
      entries.push({ line: `<url><loc>${url(localePath(locale, paths[locale]))}</loc>${lastmod}${alternates}</url>`, updatedAt: time });
  }
  const urlset = (lines: readonly string[]) => `${[...URLSET_OPEN, ...lines, '</urlset>'].join('\n')}\n`;
  if (entries.length <= maxUrls) return { kind: 'single', xml: urlset(entries.map((entry) => entry.line)) };

  const files: string[] = [];
  const index = ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (let start = 0; start < entries.length; start += maxUrls) {
    const chunk = entries.slice(start, start + maxUrls);
    files.push(urlset(chunk.map((entry) => entry.line)));
    const newest = Math.max(...chunk.map((entry) => (Number.isNaN(entry.updatedAt) ? -Infinity : entry.updatedAt)));
    const lastmod = Number.isFinite(newest) ? `<lastmod>${new Date(newest).toISOString()}</lastmod>` : '';
    index.push(`<sitemap><loc>${url(`/sitemap-${files.length}.xml`)}</loc>${lastmod}</sitemap>`);
  }
  index.push('</sitemapindex>');
  return { kind: 'index', xml: `${index.join('\n')}\n`, files };
}

/** The number N of a child sitemap's path `/sitemap-N.xml`, or null for any other path. */
export function childSitemapNumber(pathname: string): number | null {
  const match = /^\/sitemap-([1-9]\d{0,5})\.xml$/.exec(pathname);
  return match ? Number(match[1]) : null;
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

/** Reads the published slugs from GET /api/slugs (anonymously: published ones only), SLUGS_PER_CALL at a time. */
export function createSlugClient(options: { apiOrigin: string; logger: SiteLogger; timeoutMs?: number; fetch?: typeof fetch }) {
  const { apiOrigin, logger, timeoutMs = 5000 } = options;
  const fetchImpl = options.fetch ?? fetch;
  // By id: a stable order, so that pages read one after another neither skip nor repeat a slug.
  const urlOf = (start: number) =>
    `${apiOrigin}/api/slugs?filter=${encodeURIComponent(JSON.stringify({ published: true }))}&sort=${encodeURIComponent(JSON.stringify(['id', 'ASC']))}&range=${encodeURIComponent(JSON.stringify([start, start + SLUGS_PER_CALL - 1]))}`;
  return {
    async list(): Promise<SitemapPage[] | null> {
      const all: SitemapPage[] = [];
      for (let call = 0; call < MAX_SLUG_CALLS; call += 1) {
        const url = urlOf(call * SLUGS_PER_CALL);
        try {
          const response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
          if (!response.ok) throw new Error(`answered ${response.status}`);
          const body: unknown = await response.json();
          if (!Array.isArray(body)) throw new Error('answered something that is not a list');
          all.push(...(body as SitemapPage[]));
          if (body.length < SLUGS_PER_CALL) return all;
        } catch (error) {
          logger.error(error, `The sitemap could not be built: ${url} failed`);
          return null;
        }
      }
      logger.error(new Error(`more than ${MAX_SLUG_CALLS * SLUGS_PER_CALL} slugs`), 'The sitemap lists only the first slugs');
      return all;
    },
  };
}

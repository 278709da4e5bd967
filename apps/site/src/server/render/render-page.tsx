import { DEFAULT_LANG, type Lang, localePath, type ThemeResponse } from '@cms/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { EDIT_TARGET_ATTR, FIRST_SECTION_ATTR, GUARDED_PATH_ATTR, SECTION_THEME_ATTR } from '../../shared/dom-contract';
import { initialScrollState } from '../../shared/section-theme';
import type { ClientAssets } from './assets';
import { messagesFor } from '../i18n/messages';
import type { MetaTag, PageModel, SectionModel } from '../pages/page-model';
import { alternatesOf, type Alternate } from '../routing/locale-route';
import { themeCss } from '../theme/site-theme';
import { CookieBannerTemplate } from './CookieBannerTemplate';
import { FAVICON_URL } from './favicon';
import { blockFor, type FormState, type PreparedSection, type RenderContext } from './sections';
import { headingIdOf } from './sections/block';
import { navigationOf } from './navigation';
import { SiteFooter } from './SiteFooter';
import { DEFAULT_SETTINGS, textIn, type SiteSettings } from '../settings/site-settings';
import { SiteHeader } from './SiteHeader';
import { StaffBarTemplate } from './StaffBarTemplate';
import { SiteLayout } from './SiteLayout';

interface RenderInput {
  page: PageModel;
  theme: ThemeResponse;
  assets: ClientAssets;
  /** `https://host` for absolute canonical and hreflang URLs; null writes them root-relative. */
  origin: string | null;
  /** What a form of the page shows after a submission without JavaScript. */
  form?: FormState;
  /** The Settings screen's site name, cookie text, default locale and logo; the site's own defaults without. */
  settings?: SiteSettings;
  /**
   * A draft shown through a preview link: a band over the page says it is not live, and the page
   * is kept out of search indexes.
   */
  preview?: boolean;
}

/** Sections whose block is unknown or whose content is unusable are left out. */
function prepare(sections: readonly SectionModel[] | undefined): PreparedSection[] {
  return (sections ?? []).flatMap((section) => blockFor(section.block)?.prepare(section) ?? []);
}

/**
 * The page's hreflang alternates: those the CMS gave, else one per locale it exists in. `x-default`,
 * where visitors whose language the page lacks are sent, is the page in the default locale setting.
 */
function alternatesFor(page: PageModel, defaultLocale: Lang = DEFAULT_LANG): readonly Alternate[] {
  const alternates = page.alternates ?? (page.locales.includes(page.locale) ? alternatesOf(page.path, page.locales) : []);
  const preferred = alternates.find((alternate) => alternate.hreflang === defaultLocale);
  if (!preferred) return alternates;
  return alternates.map((alternate) => (alternate.hreflang === 'x-default' ? { hreflang: 'x-default', href: preferred.href } : alternate));
}

/** Open Graph's locale names (language_TERRITORY). */
const OG_LOCALES: Record<Lang, string> = { en: 'en_US', fr: 'fr_FR', tr: 'tr_TR', es: 'es_ES', it: 'it_IT' };

/** `<meta>` names the document writes itself. */
const OWN_META = new Set(['description', 'viewport', 'robots', 'theme-color', 'charset']);

function Document({ page, theme, assets, origin, form, settings = DEFAULT_SETTINGS, preview = false }: RenderInput) {
  const m = messagesFor(page.locale);
  const named = textIn(settings.siteName, page.locale);
  const siteName = named?.text ?? m.siteName;
  const layout = page.layout;
  // Menus of the layout go in the header bar and the footer; the other layout sections stay sections.
  const notMenu = (sections: readonly SectionModel[] | undefined) => (sections ?? []).filter((section) => section.block !== 'navigation');
  const header = prepare(notMenu(layout?.header));
  const topBody = prepare(layout?.topBody);
  const own = prepare(page.sections);
  const bottomBody = prepare(layout?.bottomBody);
  const footer = page.hideFooter ? [] : prepare(notMenu(layout?.footer));
  const pageHref = localePath(page.locale, page.path);
  const ordered = [...header, ...topBody, ...own, ...bottomBody, ...footer];
  const initial = initialScrollState(ordered.map(({ section }) => section.theme));
  // The page's own first titled section carries its h1; layout sections, shared by every page, never do.
  const h1 = own.find((prepared) => prepared.titled);
  // Images load at once down to the page's first own section (what shows first); the others when they come near.
  const lastEager = own.length > 0 ? ordered.indexOf(own[0]) : 1;
  const context: RenderContext = { locale: page.locale, pageHref, form };
  // Search engines take only absolute canonical and hreflang links: without a known origin, none.
  const absolute = (href: string) => `${origin ?? ''}${href}`;
  const title = page.path === '' ? `${siteName} · ${page.title}` : `${page.title} · ${siteName}`;
  const alternates = alternatesFor(page, settings.defaultLocale);
  const canonical = alternates.find((alternate) => alternate.hreflang === page.locale);
  const robots = page.noIndex || preview ? 'noindex' : page.meta?.find((tag) => tag.key === 'robots')?.content;

  const sectionsOf = (prepared: PreparedSection[], layoutSection: boolean) =>
    prepared.map((item) => {
      const { section } = item;
      const index = ordered.indexOf(item);
      return (
        <section
          key={section.id}
          id={section.id}
          className={`section section--${section.block}${layoutSection ? ' section--layout' : ''}`}
          aria-labelledby={item.titled ? headingIdOf(section) : undefined}
          {...{ [SECTION_THEME_ATTR]: section.theme }}
        >
          {item.render({ Heading: item === h1 ? 'h1' : 'h2', context, eager: index <= lastEager })}
        </section>
      );
    });

  const seen = new Set<string>();
  // Open Graph, unless the page's metadata says otherwise.
  const openGraph: MetaTag[] = [
    { attribute: 'property', key: 'og:site_name', content: siteName },
    { attribute: 'property', key: 'og:title', content: page.title },
    { attribute: 'property', key: 'og:type', content: page.kind === 'content' ? 'article' : 'website' },
    { attribute: 'property', key: 'og:locale', content: OG_LOCALES[page.locale] },
    ...(page.description ? [{ attribute: 'property' as const, key: 'og:description', content: page.description }] : []),
    ...(canonical && origin ? [{ attribute: 'property' as const, key: 'og:url', content: absolute(canonical.href) }] : []),
  ];
  const meta = [...(page.meta ?? []), ...openGraph].filter((tag) => {
    const key = `${tag.attribute}:${tag.key.toLowerCase()}`;
    if (OWN_META.has(tag.key.toLowerCase()) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  return (
    <html lang={page.locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {page.description && <meta name="description" content={page.description} />}
        {robots && <meta name="robots" content={robots} />}
        {meta.map((tag) => (
          <meta key={`${tag.attribute}:${tag.key}`} {...{ [tag.attribute]: tag.key }} content={tag.content} />
        ))}
        <meta name="theme-color" content={theme.primaryColor} />
        <link rel="icon" href={FAVICON_URL} />
        {canonical && origin && <link rel="canonical" href={absolute(canonical.href)} />}
        {canonical &&
          origin &&
          alternates.map((alternate) => <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={absolute(alternate.href)} />)}
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <style>{themeCss(theme)}</style>
        {assets.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </head>
      <body
        className={initial.themeClass ?? undefined}
        {...{ [FIRST_SECTION_ATTR]: String(initial.firstSection) }}
        {...(page.guardedPath ? { [GUARDED_PATH_ATTR]: page.guardedPath } : {})}
        {...(page.editId !== undefined ? { [EDIT_TARGET_ATTR]: `${page.kind === 'content' ? 'contents' : 'containers'}/${page.editId}` } : {})}
      >
        {preview && (
          <div className="preview-band" role="status">
            {m.preview.band}
          </div>
        )}
        <SiteLayout
          skipLabel={m.skipToContent}
          header={
            <>
              <SiteHeader
                page={page}
                alternates={alternates}
                navigation={navigationOf(layout?.header)}
                siteName={siteName}
                siteNameLang={named?.lang}
                logo={settings.logo}
              />
              {header.length > 0 && <div className="layout-header">{sectionsOf(header, true)}</div>}
            </>
          }
          footer={
            page.hideFooter ? undefined : (
              <>
                {footer.length > 0 && <div className="layout-footer">{sectionsOf(footer, true)}</div>}
                <SiteFooter locale={page.locale} navigation={navigationOf(layout?.footer)} current={pageHref} />
              </>
            )
          }
        >
          {!h1 && <h1 className="visually-hidden">{page.title}</h1>}
          {sectionsOf(topBody, true)}
          {sectionsOf(own, false)}
          {sectionsOf(bottomBody, true)}
        </SiteLayout>
        {/* A preview is the editor's own look at a draft (often in the back office's side panel): no consent to ask, no bar back to the back office. */}
        {!preview && <CookieBannerTemplate locale={page.locale} text={textIn(settings.cookieConsentText, page.locale)} />}
        {!preview && <StaffBarTemplate locale={page.locale} />}
      </body>
    </html>
  );
}

/** The whole HTML document of a page. Pure: the same input gives the same output, so a cache can wrap it. */
export function renderPage(input: RenderInput): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<Document {...input} />)}`;
}

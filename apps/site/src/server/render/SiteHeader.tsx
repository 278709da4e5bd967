import { type Lang, LANGS, localePath } from '@cms/contracts';
import { messagesFor } from '../i18n/messages';
import type { PageModel } from '../pages/page-model';
import { type Alternate } from '../routing/locale-route';
import type { SiteSettings } from '../settings/site-settings';
import { imageSrc } from './media';
import { HeaderNav, type NavItem } from './navigation';

/** Where the switcher sends a reader of `page` who picks `locale`: the same page if it exists there, else that locale's home. */
function switchTarget(alternates: readonly Alternate[], locale: Lang): string {
  return alternates.find((alternate) => alternate.hreflang === locale)?.href ?? localePath(locale, '');
}

interface SiteHeaderProps {
  page: PageModel;
  alternates: readonly Alternate[];
  navigation: readonly NavItem[];
  siteName: string;
  /** `en` when the name is en's on a page of another locale. */
  siteNameLang?: Lang;
  logo: SiteSettings['logo'];
}

export function SiteHeader({ page, alternates, navigation, siteName, siteNameLang, logo }: SiteHeaderProps) {
  const m = messagesFor(page.locale);
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a className="brand" href={localePath(page.locale, '')}>
          {logo ? (
            // The name beside it says what the logo would: the image is decorative.
            <img
              className="brand__logo"
              src={imageSrc({ ...logo, alt: '' })}
              width={logo.width ?? undefined}
              height={logo.height ?? undefined}
              alt=""
              fetchPriority="high"
            />
          ) : (
            <span className="brand__mark" aria-hidden="true">
              {siteName.charAt(0)}
            </span>
          )}
          <span className="brand__name" lang={siteNameLang}>
            {siteName}
          </span>
        </a>
        <HeaderNav items={navigation} current={localePath(page.locale, page.path)} label={m.navigation.main} menuLabel={m.navigation.menu} />
        <nav aria-label={m.languages} className="site-header__languages">
          <ul className="language-switcher">
            {LANGS.map((locale) => (
              <li key={locale}>
                <a
                  href={switchTarget(alternates, locale)}
                  hrefLang={locale}
                  lang={locale}
                  title={messagesFor(locale).languageName}
                  aria-current={locale === page.locale ? 'page' : undefined}
                >
                  <span aria-hidden="true">{locale.toUpperCase()}</span>
                  <span className="visually-hidden">{messagesFor(locale).languageName}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

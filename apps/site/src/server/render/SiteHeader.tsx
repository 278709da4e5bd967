import { LANGS, type Lang } from '@cms/contracts';
import { messagesFor } from '../i18n/messages';
import type { PageModel } from '../pages/page-model';
import { localePath, type Alternate } from '../routing/locale-route';
import { HeaderNav, type NavItem } from './navigation';

/** Where the switcher sends a reader of `page` who picks `locale`: the same page if it exists there, else that locale's home. */
function switchTarget(alternates: readonly Alternate[], locale: Lang): string {
  return alternates.find((alternate) => alternate.hreflang === locale)?.href ?? localePath(locale, '');
}

export function SiteHeader({ page, alternates, navigation }: { page: PageModel; alternates: readonly Alternate[]; navigation: readonly NavItem[] }) {
  const m = messagesFor(page.locale);
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a className="brand" href={localePath(page.locale, '')}>
          <span className="brand__mark" aria-hidden="true">
            {m.siteName.charAt(0)}
          </span>
          <span className="brand__name">{m.siteName}</span>
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

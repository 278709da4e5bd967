import { SIGN_IN_PATH, type Lang } from '@cms/contracts';
import { COOKIE_SETTINGS_ATTR } from '../../shared/dom-contract';
import { messagesFor } from '../i18n/messages';
import { FooterNav, type NavItem } from './navigation';

export function SiteFooter({ locale, navigation, current }: { locale: Lang; navigation: readonly NavItem[]; current: string }) {
  const m = messagesFor(locale);
  return (
    <footer className="site-footer">
      {navigation.length > 0 && (
        <div className="container">
          <FooterNav items={navigation} current={current} label={m.navigation.footer} />
        </div>
      )}
      <div className="container site-footer__inner">
        <p className="site-footer__brand">{m.poweredBy}</p>
        <ul className="site-footer__links">
          <li>
            <a href={SIGN_IN_PATH}>{m.backOffice}</a>
          </li>
          <li>
            {/* Shown by the client script: without JavaScript there is no cookie choice to change. */}
            <button type="button" className="link-button" hidden {...{ [COOKIE_SETTINGS_ATTR]: '' }}>
              {m.cookies.settings}
            </button>
          </li>
        </ul>
      </div>
    </footer>
  );
}

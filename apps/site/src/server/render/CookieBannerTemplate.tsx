import type { Lang } from '@cms/contracts';
import { CONSENT_CHOICE_ATTR, COOKIE_BANNER_TEMPLATE_ID } from '../../shared/dom-contract';
import { messagesFor } from '../i18n/messages';

/**
 * The banner's localized markup, inert until the client script clones it. `text`: the Settings
 * screen's cookie text in the locale (or en's), else the site's own.
 */
export function CookieBannerTemplate({ locale, text }: { locale: Lang; text?: { text: string; lang?: Lang } }) {
  const m = messagesFor(locale);
  return (
    <template id={COOKIE_BANNER_TEMPLATE_ID}>
      <div className="cookie-banner" role="region" aria-label={m.cookies.label}>
        <p className="cookie-banner__text" lang={text?.lang}>
          {text?.text ?? m.cookies.text}
        </p>
        <div className="cookie-banner__actions">
          <button type="button" className="button button--ghost" {...{ [CONSENT_CHOICE_ATTR]: 'declined' }}>
            {m.cookies.decline}
          </button>
          <button type="button" className="button" {...{ [CONSENT_CHOICE_ATTR]: 'accepted' }}>
            {m.cookies.accept}
          </button>
        </div>
      </div>
    </template>
  );
}

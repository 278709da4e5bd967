import { CONSENT_CHOICE_ATTR, COOKIE_BANNER_TEMPLATE_ID, COOKIE_SETTINGS_ATTR } from '../shared/dom-contract';
import { isConsentChoice, localStorageOf, readConsent, writeConsent, type ConsentChoice } from './consent-storage';
import { runCookieScript, withdrawCookieScript } from './cookie-script';

/**
 * The cookie-consent banner. Its localized markup comes from the server in a <template>, so
 * this bundle carries no translations; without JavaScript there is nothing to consent to.
 */
export function startCookieConsent(win: Window, doc: Document): void {
  const template = doc.getElementById(COOKIE_BANNER_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  const storage = localStorageOf(win);
  let banner: HTMLElement | null = null;

  const choose = (choice: ConsentChoice) => {
    writeConsent(storage, choice);
    banner?.remove();
    banner = null;
    if (choice === 'accepted') runCookieScript(win, doc);
    else withdrawCookieScript(doc);
  };

  const showBanner = () => {
    if (banner) return;
    const content = template.content.firstElementChild?.cloneNode(true);
    if (!(content instanceof HTMLElement)) return;
    content.addEventListener('click', (event) => {
      const button = (event.target as Element | null)?.closest(`[${CONSENT_CHOICE_ATTR}]`);
      const choice = button?.getAttribute(CONSENT_CHOICE_ATTR);
      if (isConsentChoice(choice)) choose(choice);
    });
    banner = content;
    doc.body.appendChild(content);
  };

  const choice = readConsent(storage);
  if (choice === 'accepted') runCookieScript(win, doc);
  if (choice === null) showBanner();

  for (const button of Array.from(doc.querySelectorAll<HTMLElement>(`[${COOKIE_SETTINGS_ATTR}]`))) {
    button.hidden = false;
    button.addEventListener('click', showBanner);
  }
}

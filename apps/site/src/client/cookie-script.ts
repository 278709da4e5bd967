/** First-party cookie that records consent, for the server and for scripts loaded after consent. */
const CONSENT_COOKIE = 'cms_consent';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Event fired on window once consent is given: analytics loaders listen here rather than in this bundle. */
const CONSENT_EVENT = 'cms:cookie-consent';

export function consentCookie(options: { secure: boolean }): string {
  return `${CONSENT_COOKIE}=accepted; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

export function clearedConsentCookie(): string {
  return `${CONSENT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** The cookie script: runs only after the visitor accepted cookies. */
export function runCookieScript(win: Window, doc: Document): void {
  doc.cookie = consentCookie({ secure: win.location.protocol === 'https:' });
  win.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: { choice: 'accepted' } }));
}

/** After a decline, nothing set on an earlier acceptance stays behind. */
export function withdrawCookieScript(doc: Document): void {
  doc.cookie = clearedConsentCookie();
}

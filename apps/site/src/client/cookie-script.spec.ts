import { clearedConsentCookie, consentCookie } from './cookie-script';

describe('consent cookie', () => {
  it('is first-party, site-wide and lax', () => {
    expect(consentCookie({ secure: false })).toBe('cms_consent=accepted; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('is secure on https', () => {
    expect(consentCookie({ secure: true })).toMatch(/; Secure$/);
  });

  it('expires at once when cleared', () => {
    expect(clearedConsentCookie()).toContain('Max-Age=0');
  });
});

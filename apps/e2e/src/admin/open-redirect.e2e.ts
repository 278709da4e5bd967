import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchChromium, newPage, owner, signInThroughForm } from './admin-session';

jest.setTimeout(60_000);

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Where the browser went after the sign-in form: it must be somewhere other than /sign-in. */
async function landingAfterSignIn(page: Page): Promise<URL> {
  await signInThroughForm(page, owner().email, owner().password);
  await page.waitForURL((url) => url.origin !== baseUrl() || url.pathname !== '/sign-in');
  return new URL(page.url());
}

describe('open redirect after sign-in', () => {
  // As the query arrives: the sign-in screen decodes it once; browsers then drop tabs and line
  // breaks inside a URL and read a backslash as a slash, so several of these name another host.
  it.each([
    '/%09/evil.example',
    '/%0D%0A/evil.example',
    '//evil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%5C%5Cevil.example',
    'javascript:alert(document.domain)',
    'https://evil.example/',
  ])('stays on the site after signing in from /sign-in?redirect=%s', async (redirect) => {
    const { context, page } = await newPage(browser);
    let leftTheSite = false;
    // The closed network would make a visit there fail slowly; answering it makes the test exact.
    await context.route(
      (url) => url.hostname === 'evil.example',
      (route) => {
        leftTheSite = true;
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>evil</title>' });
      },
    );
    await page.goto(`${baseUrl()}/sign-in?redirect=${redirect}`);
    const landing = await landingAfterSignIn(page);
    expect(landing.origin).toBe(baseUrl());
    expect(landing.pathname).toBe('/');
    expect(leftTheSite).toBe(false);
    await context.close();
  });

  it('still returns to a page of the site named in ?redirect=', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/sign-in?redirect=${encodeURIComponent('/admin/users')}`);
    const landing = await landingAfterSignIn(page);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${baseUrl()}/admin/users`);
    await context.close();
  });

  it('forgets the remembered page once the visitor goes to a public page instead of signing in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/admin/users`);
    await page.waitForURL('**/sign-in');
    expect(await page.evaluate(() => window.sessionStorage.getItem('signInRedirect'))).toBe('/admin/users');

    // A trip through the public site, then back to the sign-in screen by its own link.
    await page.goto(`${baseUrl()}/`);
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => window.sessionStorage.getItem('signInRedirect'))).toBeNull();
    await page.goto(`${baseUrl()}/sign-in`);
    const landing = await landingAfterSignIn(page);
    expect(landing.pathname).toBe('/');
    await context.close();
  });
});

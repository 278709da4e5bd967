import type { Browser } from 'playwright-core';
import { api, baseUrl, launchBrowser, ownerCredentials, signInViaApi, visitorPage } from '../support';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Spec: a profile answer of 403 clears the token, signs the user out and stops the retries. The
 * public site's staff bar asks /api/me on every page of someone holding a token: a token the API
 * no longer honours (signed out in another tab, expired, user removed) must not stay in local
 * storage to be sent again on each page.
 */
describe('staff bar with a dead session token', () => {
  it('clears a token /api/me refuses with 403 and stops asking on the next pages', async () => {
    const { email, password } = ownerCredentials();
    const token = await signInViaApi(email, password);
    expect((await api(token).post('/auth/signout')).status).toBeLessThan(300);
    expect((await api(token).get('/me')).status).toBe(403);

    const visitor = await visitorPage(browser);
    const { page } = visitor;
    const meCalls: number[] = [];
    page.on('response', (response) => response.url().endsWith('/api/me') && meCalls.push(response.status()));
    try {
      await page.goto(`${baseUrl()}/`);
      await page.evaluate((dead) => window.localStorage.setItem('token', dead), token);
      const refused = page.waitForResponse((response) => response.url().endsWith('/api/me'));
      await page.reload();
      expect((await refused).status()).toBe(403);
      await page.waitForFunction(() => window.localStorage.getItem('token') === null);
      expect(await page.locator('.staff-bar').count()).toBe(0);

      // Signed out: the next pages make no request for the profile.
      await page.goto(`${baseUrl()}/fr`);
      await page.locator('[data-cookie-settings]').waitFor({ state: 'visible' });
      await page.goto(`${baseUrl()}/`);
      await page.locator('[data-cookie-settings]').waitFor({ state: 'visible' });
      expect(meCalls).toEqual([403]);
      expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    } finally {
      await visitor.close();
    }
  });
});

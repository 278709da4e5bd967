import type { Browser } from 'playwright-core';
import { screenshot } from '../support/screenshot';
import { api, apiSignIn, baseUrl, launchChromium, newPage, owner, signInThroughForm, storeToken, unique } from './admin-session';

jest.setTimeout(120_000);

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('a session that expires mid-work', () => {
  it('sends the editor to sign in, then back to the same screen with what they typed', async () => {
    const { email, password } = owner();
    // A session of its own, so that ending it touches no other test.
    const token = await apiSignIn(email, password);
    const created = await api<{ id: number }>('/containers', { method: 'POST', token, body: { title: unique('Before expiry') } });
    expect(created.status).toBe(201);
    const id = created.body.id;

    const { context, page } = await newPage(browser);
    page.setDefaultTimeout(15_000);
    try {
      await storeToken(page, token);
      await page.goto(`${baseUrl()}/admin/containers/${id}`);
      const typed = unique('Typed before expiry');
      await page.locator('input[name="title"]').fill(typed);

      expect((await api('/auth/signout', { method: 'POST', token })).status).toBeLessThan(300);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/sign-in');
      await signInThroughForm(page, email, password);
      await page.waitForURL(`**/admin/containers/${id}`);
      const title = page.locator('input[name="title"]');
      await page.waitForFunction((value) => (document.querySelector('input[name="title"]') as HTMLInputElement | null)?.value === value, typed);
      await screenshot(page, 'admin-session-expiry-draft-restored');
      // Still a draft: nothing was saved by the failed attempt.
      const before = await api<{ title: string }>(`/containers/${id}`, { token: await apiSignIn(email, password) });
      expect(before.body.title).not.toBe(typed);

      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().includes(`/api/containers/${id}`) && r.request().method() === 'PUT'),
        page.getByRole('button', { name: 'Save' }).click(),
      ]);
      expect(response.status()).toBe(200);
      expect(await title.inputValue()).toBe(typed);
      expect(await page.evaluate(() => Object.keys(window.sessionStorage).filter((key) => key.startsWith('cms.draft:')))).toEqual([]);
    } catch (error) {
      await screenshot(page, 'admin-session-expiry-failure');
      throw error;
    } finally {
      await context.close();
    }
  });
});

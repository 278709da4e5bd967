import { screenshot } from '../support/screenshot';
import { api, baseUrl, ownerSession, storeToken, unique } from './admin-session';

jest.setTimeout(120_000);

const session = ownerSession();

describe('the back office on a 390 px wide window', () => {
  it('collapses the top bar into one menu holding every entry and its shortcuts, and keeps lists and edit screens usable', async () => {
    const context = await session.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeToken(page, session.token);
      await page.goto(`${baseUrl()}/admin`);
      await page.getByRole('button', { name: 'Open the menu' }).click();
      const menu = page.getByRole('menu');
      for (const label of ['Home', 'Containers', 'Contents', 'Elements', 'Users', 'Forms', 'Medias', 'Layout', 'Roles', 'Create a user']) {
        await menu.getByRole('menuitem', { name: label, exact: true }).waitFor();
      }
      await screenshot(page, 'admin-narrow-menu', { fullPage: false });
      await menu.getByRole('menuitem', { name: 'Forms', exact: true }).click();
      await page.waitForURL('**/admin/forms');

      // A list and an edit screen fit the width: nothing scrolls sideways, Save is reachable.
      const form = await api<{ id: number }>('/forms', { method: 'POST', token: session.token, body: { title: unique('Narrow form') } });
      await page.goto(`${baseUrl()}/admin/forms/${form.body.id}`);
      await page.locator('input[name="title"]').fill(unique('Narrowed'));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 8)
          .map((el) => `${el.tagName}.${String(el.className).slice(0, 80)} ${Math.round(el.getBoundingClientRect().right)}`),
      );
      expect(wide).toEqual([]);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, 'admin-narrow-edit', { fullPage: false });
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().includes(`/api/forms/${form.body.id}`) && r.request().method() === 'PUT'),
        page.getByRole('button', { name: 'Save' }).click(),
      ]);
      expect(response.status()).toBe(200);
    } finally {
      await context.close();
    }
  });
});

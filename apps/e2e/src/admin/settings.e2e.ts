import { screenshot } from '../support/screenshot';
import { api, baseUrl, newPage, ownerSession, storeToken } from './admin-session';

jest.setTimeout(90_000);

const session = ownerSession();

describe('settings screen', () => {
  it('saves the site name per locale and the primary colour', async () => {
    const { context, page } = await newPage(session.browser);
    page.setDefaultTimeout(15_000);
    await storeToken(page, session.token);
    // Other test files read the theme and site name: put back what was there.
    const before = await api<{ name: string }[]>(`/settings?range=${encodeURIComponent('[0,499]')}`, { token: session.token });
    const existed = new Set(before.body.map((setting) => setting.name));
    try {
      await page.goto(`${baseUrl()}/admin`);
      await page.getByRole('heading', { name: 'Site settings', level: 2 }).waitFor();
      await page.locator('input[name="siteName.en"]').fill('My site');
      await page.getByRole('button', { name: 'Locale fr' }).click();
      await page.locator('input[name="siteName.fr"]').fill('Mon site');
      await page.locator('input[name="primaryColor"]').fill('#123456');
      await screenshot(page, 'admin-settings');
      await page.getByRole('button', { name: 'Save the settings' }).click();
      await page.getByText('Settings saved').waitFor();
      const { body } = await api<{ siteName: Record<string, string>; primaryColor: string }>('/settings/public');
      expect(body.siteName).toMatchObject({ en: 'My site', fr: 'Mon site' });
      expect(body.primaryColor.toLowerCase()).toBe('#123456');
    } catch (error) {
      await screenshot(page, 'admin-settings-failure');
      throw error;
    } finally {
      await context.close();
      const after = await api<{ id: number; name: string }[]>(`/settings?range=${encodeURIComponent('[0,499]')}`, { token: session.token });
      for (const setting of after.body) {
        if (['siteName', 'primaryColor'].includes(setting.name) && !existed.has(setting.name)) {
          await api(`/settings/${setting.id}`, { method: 'DELETE', token: session.token });
        }
      }
    }
  });
});

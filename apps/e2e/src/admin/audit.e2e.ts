import { screenshot } from '../support/screenshot';
import { api, baseUrl, newPage, ownerSession, storeToken } from './admin-session';

jest.setTimeout(90_000);

const session = ownerSession();

describe('audit log screen', () => {
  it('lists what was done, filters it, and names a failed sign-in without its password', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    expect((await api('/auth/signin', { method: 'POST', body: { email, password: 'not-the-password-1' } })).status).toBe(401);
    const { context, page } = await newPage(session.browser);
    page.setDefaultTimeout(15_000);
    await storeToken(page, session.token);
    try {
      // Reached from the settings screen, as an editor would.
      await page.goto(`${baseUrl()}/admin`);
      await page.getByText('Open the audit log').click();
      await page.getByRole('heading', { name: 'Audit log' }).first().waitFor();
      await page.getByText('Failed sign-in').first().waitFor();
      // Only the failed sign-ins, then only the one with this address: its summary names the e-mail tried.
      await page.goto(`${baseUrl()}/admin/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'sign-in-failed', q: email }))}`);
      const row = page.locator('tbody tr').filter({ hasText: email });
      await row.first().waitFor();
      expect(await page.locator('tbody tr').count()).toBe(1);
      expect(await row.first().innerText()).not.toContain('not-the-password-1');
      await screenshot(page, 'admin-audit-log');
    } catch (error) {
      await screenshot(page, 'admin-audit-log-failure');
      throw error;
    } finally {
      await context.close();
    }
  });
});

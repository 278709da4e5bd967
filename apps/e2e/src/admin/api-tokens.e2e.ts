import { screenshot } from '../support/screenshot';
import { baseUrl, chooseOption, ownerSession, unique } from './admin-session';

jest.setTimeout(120_000);

const session = ownerSession();

/** GET /api/contents with an API token in Authorization: Bearer; answers the status. */
async function contentsWith(secret: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/contents`, { headers: { Authorization: `Bearer ${secret}`, Accept: 'application/json' } });
  await response.arrayBuffer();
  return response.status;
}

describe('API tokens screen', () => {
  it('makes a token that shows its secret once, lists it, and revokes it after a confirmation', async () => {
    const role = await session.create<{ id: string; name: string }>('/roles', { id: unique('e2e-readers'), name: 'Content readers', rights: ['VIEW_CONTENT'] });
    const name = unique('Static build');
    const { page, close } = await session.open('/admin', { timeout: 15_000 });
    try {
      // Reached from the settings screen.
      await page.getByTestId('open-api-tokens').click();
      await page.waitForURL('**/admin/tokens');
      await page.getByRole('heading', { name: 'API tokens' }).first().waitFor();

      await page.getByTestId('new-token').first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'New API token' }).waitFor();
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByRole('combobox', { name: 'Role' }).click();
      await chooseOption(page.getByRole('option', { name: role.name }));
      const nextYear = new Date().getFullYear() + 1;
      await dialog.getByLabel('Expires').fill(`${nextYear}-06-30`);
      await screenshot(page, 'admin-api-tokens-create', { fullPage: false });
      await dialog.getByRole('button', { name: 'Create the token' }).click();

      // The secret, once, with the warning and a copy button.
      await dialog.getByRole('heading', { name: 'Token created' }).waitFor();
      const secret = await dialog.getByTestId('token-secret').inputValue();
      expect(secret).toMatch(/^cms_[A-Za-z0-9_-]{43}$/);
      expect(await dialog.getByTestId('token-secret-warning').innerText()).toContain('will not be shown again');
      await dialog.getByTestId('copy-token-secret').waitFor();
      await screenshot(page, 'admin-api-tokens-secret', { fullPage: false });
      await dialog.getByTestId('token-secret-done').click();
      await dialog.waitFor({ state: 'detached' });

      // The token works, and its row shows who made it, its role and when it expires; the secret is nowhere on the page.
      expect(await contentsWith(secret)).toBe(200);
      await page.reload();
      const row = page.locator('tbody tr').filter({ hasText: name });
      await row.waitFor();
      const text = await row.innerText();
      expect(text).toContain('Content readers');
      expect(text).toContain(String(nextYear));
      expect(text).toContain(secret.slice(0, 8));
      expect(await page.content()).not.toContain(secret);
      await screenshot(page, 'admin-api-tokens-list');

      // Revoked after a confirmation that names it: refused at once.
      await row.getByRole('button', { name: 'Revoke' }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText(`Revoke the token "${name}"?`).waitFor();
      await screenshot(page, 'admin-api-tokens-revoke', { fullPage: false });
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await row.waitFor({ state: 'detached' });
      expect(await contentsWith(secret)).toBe(401);
    } catch (error) {
      await screenshot(page, 'admin-api-tokens-failure');
      throw error;
    } finally {
      await close();
    }
  });
});

import type { Browser } from 'playwright-core';
import { api, apiSignIn, baseUrl, createUserWithRights, launchChromium, newPage, owner, storeToken } from './admin-session';

jest.setTimeout(90_000);

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('changing one’s own password in the user screen', () => {
  it('asks for the current password, and the new one then signs in while the other sessions end', async () => {
    const manager = await createUserWithRights(await apiSignIn(owner().email, owner().password), ['VIEW_USER', 'UPDATE_USER']);
    const elsewhere = await apiSignIn(manager.email, manager.password);
    const { context, page } = await newPage(browser);
    await storeToken(page, await apiSignIn(manager.email, manager.password));
    await page.goto(`${baseUrl()}/admin/users/${manager.userId}`);

    await page.locator('input[name="password"]').fill('a-new-password-123');
    await page.locator('input[name="currentPassword"]').fill('not-my-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('is wrong').first().waitFor();
    expect((await api('/me', { token: elsewhere })).status).toBe(200);

    await page.locator('input[name="currentPassword"]').fill(manager.password);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/users');
    expect(await apiSignIn(manager.email, 'a-new-password-123')).toEqual(expect.any(String));
    expect((await api('/me', { token: elsewhere })).status).toBe(403);
    await context.close();
  });

  it('shows no current-password field on someone else’s account', async () => {
    const ownerToken = await apiSignIn(owner().email, owner().password);
    const other = await createUserWithRights(ownerToken, []);
    const { context, page } = await newPage(browser);
    await storeToken(page, ownerToken);
    await page.goto(`${baseUrl()}/admin/users/${other.userId}`);
    await page.locator('input[name="password"]').waitFor();
    expect(await page.locator('input[name="currentPassword"]').count()).toBe(0);
    await context.close();
  });
});

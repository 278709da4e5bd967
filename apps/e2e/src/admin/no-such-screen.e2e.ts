import { baseUrl, ownerSession } from './admin-session';

jest.setTimeout(90_000);

const session = ownerSession();

/** A mistyped back-office address says that no such screen exists (not that one is coming) and leads home. */
describe('back office: an address that matches no screen', () => {
  it('says there is no screen there and leads to the dashboard', async () => {
    const { page, close } = await session.open('/admin/nothing-here');
    try {
      await page.getByRole('heading', { name: 'There is no screen at this address' }).waitFor();
      expect(await page.getByText(/not available yet/i).count()).toBe(0);
      await page.getByRole('link', { name: 'Go to the dashboard' }).click();
      await page.waitForURL(`${baseUrl()}/admin`);
      expect(await page.getByRole('heading', { name: 'There is no screen at this address' }).count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('says it in the language of the back office', async () => {
    const { page, close } = await session.open('/admin');
    try {
      await page.evaluate(() => window.localStorage.setItem('RaStore.locale', '"fr"'));
      await page.goto(`${baseUrl()}/admin/rien-ici`);
      await page.getByRole('heading', { name: "Aucun écran n'existe à cette adresse" }).waitFor();
      await page.getByRole('link', { name: 'Aller au tableau de bord' }).waitFor();
    } finally {
      await close();
    }
  });
});

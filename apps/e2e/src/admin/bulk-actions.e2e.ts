import { screenshot } from '../support/screenshot';
import { api, ownerSession, unique } from './admin-session';

jest.setTimeout(120_000);

const session = ownerSession();

describe('contents list bulk actions', () => {
  it('publishes the selected contents after a confirmation that says what will change, then undoes it', async () => {
    const container = await session.create<{ id: number }>('/containers', { title: unique('Bulk desk') });
    const ids: number[] = [];
    for (const n of [1, 2, 3]) ids.push((await session.create<{ id: number }>('/contents', { title: unique(`Bulk item ${n}`), containerId: container.id })).id);
    const published = async () =>
      Promise.all(ids.map(async (id) => (await api<{ published: boolean }>(`/contents/${id}`, { token: session.token })).body.published));
    const { page, close } = await session.open(`/admin/contents?container=${container.id}`, { timeout: 20_000 });
    try {
      await page.locator('tbody tr').nth(2).waitFor();
      await page.locator('thead input[type="checkbox"]').check();
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Publish 3 contents?' });
      await dialog.waitFor();
      await dialog.getByText('You can undo it for a few seconds.').waitFor();
      await screenshot(page, 'issue30-bulk-confirm', { fullPage: false });
      await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByText('3 contents published').waitFor();
      expect(await published()).toEqual([true, true, true]);
      await screenshot(page, 'issue30-bulk-undo', { fullPage: false });

      await page.getByRole('button', { name: 'Undo' }).click();
      await page.getByText('Undone: 3 contents put back').waitFor();
      expect(await published()).toEqual([false, false, false]);
    } finally {
      await close();
    }
  });
});

import type { Page } from 'playwright-core';
import { screenshot } from '../support/screenshot';
import { api, baseUrl, ownerSession, unique } from './admin-session';

/** A page of the tree by its title (a tree item is named by all its row shows, and its open children). */
const treeItem = (title: string) => `[role="treeitem"][data-title="${title}"]`;

jest.setTimeout(300_000);

const session = ownerSession();

/** Fills the container create form (published, live) and saves it: the new container's id. */
async function createContainer(page: Page, title: string, slug: string, parentTitle?: string): Promise<number> {
  await page.goto(`${baseUrl()}/admin/containers/create`);
  await page.locator('input[name="title"]').fill(title);
  if (parentTitle) {
    // The parent picker: type part of the title, pick the page by keyboard.
    const picker = page.getByRole('combobox', { name: 'Parent page' });
    await picker.click();
    await picker.fill(parentTitle.slice(0, 12));
    const option = page.getByRole('option', { name: new RegExp(parentTitle) });
    await option.waitFor();
    // "None (top level)" is always offered first.
    await page.getByRole('option', { name: /None \(top level\)/ }).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'issue27-pages-picker', { fullPage: false });
    await option.click();
  }
  await page.locator('input[name="slug"]').fill(slug);
  if (parentTitle) {
    // The address the page will have shows under the slug.
    await page.getByTestId('page-address').getByText(`/${parentTitle.toLowerCase()}/${slug}`).waitFor();
    await screenshot(page, 'issue27-pages-address', { fullPage: false });
  }
  await page.locator('input[name="published"]').check();
  await page.locator('input[name="drafts"]').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/admin\/containers\/\d+$/);
  return Number(page.url().split('/').pop());
}

describe('the page tree, as an editor', () => {
  it('nests a page under another with the picker, sees it on the site, and moves it back to the top on the Pages screen', async () => {
    const parentTitle = unique('Company');
    const childTitle = unique('About');
    const parentSlug = parentTitle.toLowerCase();
    const childSlug = childTitle.toLowerCase();
    const { page, close } = await session.open('/admin/containers/create');
    page.setDefaultTimeout(20_000);
    try {
      await createContainer(page, parentTitle, parentSlug);
      const childId = await createContainer(page, childTitle, childSlug, parentTitle);
      // The edit screen shows the page's address under the slug and its parent in the picker.
      await page.getByTestId('page-address').getByText(`/${parentSlug}/${childSlug}`).waitFor();
      expect(await page.getByRole('combobox', { name: 'Parent page' }).inputValue()).toBe(parentTitle);

      // The public site answers the nested address.
      const visit = await page.goto(`${baseUrl()}/${parentSlug}/${childSlug}`);
      expect(visit?.status()).toBe(200);
      expect(await page.title()).toContain(childTitle);

      // A journal whose posts show each state a page may be in.
      const journalTitle = unique('Journal');
      const journal = await session.create<{ id: number }>('/containers', { title: journalTitle, slug: journalTitle.toLowerCase(), published: true });
      const post = (title: string, slug: string, extra: Record<string, unknown>) =>
        session.create<{ id: number }>('/contents', { containerId: journal.id, title, slug, ...extra });
      await post('A published post', 'published-post', { published: true });
      await post('A draft post', 'draft-post', { published: false });
      await post('A post for members', 'members-post', { published: true, accesses: [{ roleId: 'super-admin' }] });
      const later = await post('A post for tomorrow', 'tomorrow-post', { published: false });
      const schedule = await api(`/contents/${later.id}`, {
        method: 'PUT',
        token: session.token,
        body: { publishAt: new Date(Date.now() + 86_400_000).toISOString() },
      });
      expect(schedule.status).toBe(200);

      // The Pages screen: the parent, opened, holds the child.
      await page.goto(`${baseUrl()}/admin/pages`);
      const tree = page.getByRole('tree', { name: 'Pages' });
      const parentRow = tree.locator(treeItem(parentTitle));
      await parentRow.getByRole('button', { name: `Open ${parentTitle} (1 pages under it)` }).click();
      const nested = parentRow.locator(treeItem(childTitle));
      await nested.getByText(`/${parentSlug}/${childSlug}`).waitFor();
      await nested.getByText('Published').first().waitFor();
      const journalRow = tree.locator(treeItem(journalTitle));
      await journalRow.getByRole('button', { name: `Open ${journalTitle} (4 pages under it)` }).click();
      for (const [title, state] of [
        ['A draft post', 'Draft'],
        ['A post for members', 'Members only'],
        ['A post for tomorrow', 'Scheduled'],
        ['A published post', 'Published'],
      ]) {
        await journalRow.locator(treeItem(title)).getByText(state, { exact: true }).waitFor();
      }
      await screenshot(page, 'issue27-pages-tree', { fullPage: false });

      // "Move to…" by keyboard: the picker, "None (top level)", Enter, then Move.
      await nested.getByRole('button', { name: `Move “${childTitle}” to…` }).click();
      const dialog = page.getByRole('dialog', { name: `Move “${childTitle}”` });
      const target = dialog.getByRole('combobox', { name: 'New parent page' });
      await target.focus();
      await page.keyboard.press('ArrowDown');
      await dialog
        .page()
        .getByRole('option', { name: /None \(top level\)/ })
        .waitFor();
      // The page itself and those under it are never offered.
      expect(await page.getByRole('option', { name: new RegExp(childTitle) }).count()).toBe(0);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      expect(await target.inputValue()).toBe('None (top level)');
      await page.waitForTimeout(300);
      await screenshot(page, 'issue27-pages-move-dialog', { fullPage: false });
      await dialog.getByRole('button', { name: 'Move', exact: true }).click();
      await page.getByText(`“${childTitle}” moved to /${childSlug}`).waitFor();

      // The tree shows it at the top level, no longer under the parent.
      const topRow = tree.locator(treeItem(childTitle)).filter({ has: page.getByText(`/${childSlug}`, { exact: true }) });
      await topRow.first().waitFor();
      await page.waitForFunction((title) => !document.querySelector(`[role="treeitem"] [role="treeitem"][data-title="${title}"]`), childTitle);
      expect(await tree.locator(treeItem(parentTitle)).getAttribute('aria-expanded')).toBeNull();
      await screenshot(page, 'issue27-pages-after-move', { fullPage: false });

      const { body: child } = await api<{ path: string; parentSlugId: number | null }>(`/containers/${childId}`, { token: session.token });
      expect(child).toMatchObject({ path: `/${childSlug}`, parentSlugId: null });

      // Drag and drop: the page dropped onto the parent's row goes under it again.
      await topRow
        .first()
        .getByTestId('page-row')
        .dragTo(tree.locator(treeItem(parentTitle)).getByTestId('page-row').first());
      await page.getByText(`“${childTitle}” moved to /${parentSlug}/${childSlug}`).waitFor();
      await tree.locator(treeItem(parentTitle)).locator(treeItem(childTitle)).getByText(`/${parentSlug}/${childSlug}`).waitFor();
      expect((await page.goto(`${baseUrl()}/${parentSlug}/${childSlug}`))?.status()).toBe(200);
    } catch (error) {
      await screenshot(page, 'issue27-page-tree-failure');
      throw error;
    } finally {
      await close();
    }
  });
});

import { screenshot } from '../support/screenshot';
import { ownerSession, unique } from './admin-session';

jest.setTimeout(120_000);

const session = ownerSession();

describe('command palette', () => {
  it('finds a content by its title and a screen, and opens each, by keyboard alone', async () => {
    const title = unique('Harbour lights');
    const container = await session.create<{ id: number }>('/containers', { title: unique('Quays') });
    const content = await session.create<{ id: number }>('/contents', { title, containerId: container.id });
    const { page, close } = await session.open('/admin/contents', { timeout: 20_000 });
    try {
      await page.getByRole('heading', { name: 'Contents' }).first().waitFor();
      const input = page.getByRole('combobox', { name: 'Find screens and records' });
      /** Ctrl+K, then the palette's input has the focus (what is typed goes there). */
      const openPalette = async () => {
        await page.keyboard.press('Control+k');
        await input.waitFor();
        await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
      };

      // The top bar's button opens it, Esc closes it and focus goes back to the button.
      const button = page.getByRole('button', { name: 'Search' });
      await button.focus();
      await page.keyboard.press('Enter');
      await input.waitFor();
      await page.keyboard.press('Escape');
      await input.waitFor({ state: 'detached' });
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

      // Ctrl+K, a content's title: its line comes first (no screen is called so), Enter opens its edit screen.
      await openPalette();
      await page.keyboard.type(title.toLowerCase());
      const found = page.getByRole('option', { name: new RegExp(title) });
      await found.waitFor();
      expect(await found.getAttribute('aria-selected')).toBe('true');
      await screenshot(page, 'issue30-palette-content', { fullPage: false });
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`/admin/contents/${content.id}$`));
      await page.getByRole('textbox', { name: 'Title' }).first().waitFor();
      expect(await page.getByRole('textbox', { name: 'Title' }).first().inputValue()).toBe(title);

      // A screen: "create a" lists Create a container first; ↓ moves to the next, ↑ back, Enter opens it.
      await openPalette();
      await page.keyboard.type('create a');
      const options = page.getByRole('option');
      await options.first().waitFor();
      expect(await options.first().innerText()).toContain('Create a container');
      await page.keyboard.press('ArrowDown');
      expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
      expect(await input.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
      await page.keyboard.press('ArrowUp');
      expect(await options.first().getAttribute('aria-selected')).toBe('true');
      await screenshot(page, 'issue30-palette-screens', { fullPage: false });
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/admin\/containers\/create$/);
      await page.getByRole('textbox', { name: 'Title' }).first().waitFor();

      // Nothing found says so.
      await openPalette();
      await page.keyboard.type('zzqqxx-nothing');
      await page.getByText('Nothing found for “zzqqxx-nothing”').waitFor();
      await page.keyboard.press('Escape');
      await input.waitFor({ state: 'detached' });
    } finally {
      await close();
    }
  });
});

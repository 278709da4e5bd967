import { screenshot } from '../support/screenshot';
import { api, baseUrl, chooseOption, newPage, ownerSession, storeToken, unique } from './admin-session';

jest.setTimeout(120_000);

const session = ownerSession();

describe('elements and layout screens', () => {
  it('creates a rich text element, then places it in the fr footer of the layout', async () => {
    const { context, page, logs } = await newPage(session.browser);
    page.setDefaultTimeout(15_000);
    await storeToken(page, session.token);
    try {
      await page.goto(`${baseUrl()}/admin/elements`);
      await page.getByRole('link', { name: 'Create an element' }).click();
      await page.waitForURL('**/admin/elements/create');
      const title = unique('Notice');
      await page.locator('input[name="title"]').fill(title);
      await page.getByRole('combobox', { name: /Block/ }).click();
      await chooseOption(page.getByRole('option', { name: 'Rich text (richtext)' }));
      await page.locator('.ProseMirror').click();
      await page.keyboard.type('Open every day');
      await screenshot(page, 'admin-element-create');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/admin/elements');
      await page.getByRole('cell', { name: title }).waitFor();
      await page.getByText('Element created').waitFor();

      await page.goto(`${baseUrl()}/admin/layout`);
      await page.getByRole('button', { name: 'Locale fr' }).click();
      const footer = page.getByRole('region', { name: 'Footer' });
      await footer.waitFor();
      // Other tests may have given en a footer, shown here as fr's fallback: add after it.
      await footer.getByRole('button', { name: 'Add a section' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Reusable element' }).click();
      const row = footer.getByRole('region', { name: /: Reusable element$/ }).last();
      await row.getByRole('combobox', { name: 'Element', exact: true }).fill(title.slice(0, 8));
      await chooseOption(page.getByRole('option', { name: title }));
      await screenshot(page, 'admin-layout');
      await page.getByRole('button', { name: 'Save the layout' }).click();
      await page.getByText('Layout saved').waitFor();

      const { body } = await api<{ sections: { type: string; block: string; lang: string }[]; fallbackTypes: string[] }>('/layout?locale=fr');
      const footerSections = body.sections.filter((section) => section.type === 'FOOTER');
      expect(footerSections.map((section) => section.lang)).toEqual(footerSections.map(() => 'fr'));
      expect(footerSections[footerSections.length - 1].block).toBe('element');
      expect(body.sections.filter((section) => section.type === 'HEADER' && section.lang === 'fr')).toEqual([]);
    } catch (error) {
      await screenshot(page, 'admin-layout-failure');
      console.log(logs.join('\n'));
      throw error;
    } finally {
      await context.close();
      // The site tests read the fr layout: leave fr without a layout of its own again.
      await api('/layout?locale=fr', { method: 'POST', token: session.token, body: { sections: [] } });
    }
  });
});

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { screenshot } from '../support/screenshot';
import { api, baseUrl, chooseOption, ownerSession, unique } from './admin-session';

jest.setTimeout(120_000);

const session = ownerSession();

/** A CSV file on disk for the file input, removed with the folder after the test. */
function csvFile(dir: string, name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

describe('redirects screen', () => {
  it('creates a redirect, imports a CSV (a bad line shown, then a good file), and sends a visitor on with the query string, counting the hit', async () => {
    const slug = unique('contact');
    await session.create('/containers', { title: 'Contact us', slug, published: true });
    const from = `/${unique('old-contact')}`;
    const imported = unique('old-page');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redirects-e2e-'));
    const { page, close } = await session.open('/admin/contents', { timeout: 20_000 });
    try {
      // Reached from the Contents entry of the top bar, as an editor would.
      await page.getByRole('button', { name: 'Contents shortcuts' }).click();
      await page.getByRole('menuitem', { name: 'Redirects' }).click();
      await page.getByRole('heading', { name: 'Redirects' }).first().waitFor();

      // Create: the API's rule shows under the input, then the redirect is saved.
      await page.getByRole('link', { name: 'Create a redirect' }).first().click();
      await page.getByRole('textbox', { name: 'From', exact: true }).fill(from);
      await page.getByRole('textbox', { name: 'To', exact: true }).fill('http://example.org/contact');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('needs https:// for an address off the site').first().waitFor();
      await page.getByRole('textbox', { name: 'To', exact: true }).fill(`/${slug}`);
      await page.getByRole('button', { name: 'Save' }).click();
      const row = page.locator('tbody tr').filter({ hasText: from });
      await row.first().waitFor();
      expect(await row.first().innerText()).toContain('Manual');

      // Import: a file with a bad line is refused line by line, nothing written; a good one is counted.
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .locator('input[type="file"]')
        .setInputFiles(csvFile(dir, 'bad.csv', `from,to,status\n/${imported}.html,/${slug},301\n/${imported}-2,http://partner.example/,302\n`));
      await dialog.getByRole('button', { name: 'Import' }).click();
      await dialog.getByText('line 3: to: needs https:// for an address off the site').waitFor();
      await screenshot(page, 'issue27-redirects-import-errors', { fullPage: false });
      expect((await api<unknown[]>(`/redirects?filter=${encodeURIComponent(JSON.stringify({ q: imported }))}`, { token: session.token })).body).toEqual([]);
      await dialog
        .locator('input[type="file"]')
        .setInputFiles(csvFile(dir, 'good.csv', `from,to,status\n/${imported}.html,/${slug},301\n/${imported}-2,https://partner.example/offer,302\n`));
      await dialog.getByRole('button', { name: 'Import' }).click();
      await dialog.getByText('2 created, 0 updated').waitFor();
      await screenshot(page, 'issue27-redirects-import-done', { fullPage: false });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page
        .locator('tbody tr')
        .filter({ hasText: `/${imported}-2` })
        .first()
        .getByText('external')
        .waitFor();

      // A visitor on the old address lands on the page, the query string kept.
      const visitor = await page.context().newPage();
      await visitor.goto(`${baseUrl()}${from}?ref=mail`);
      expect(new URL(visitor.url()).pathname + new URL(visitor.url()).search).toBe(`/${slug}?ref=mail`);
      await visitor.getByText('Contact us').first().waitFor();
      const raw = await fetch(`${baseUrl()}${from}?ref=mail`, { redirect: 'manual' });
      expect(raw.status).toBe(301);
      expect(raw.headers.get('location')).toBe(`/${slug}?ref=mail`);
      await visitor.close();

      // The hits are written every 5 s: the list shows the two uses once they are.
      const search = page.getByPlaceholder('Search in from and to');
      await search.fill(from.slice(1));
      await page.locator('tbody tr').filter({ hasText: from }).first().waitFor();
      const deadline = Date.now() + 30_000;
      for (;;) {
        await page.getByRole('button', { name: 'Refresh' }).first().click();
        const text = await page.locator('tbody tr').filter({ hasText: from }).first().innerText();
        if (/\t2\t/.test(text.replace(/\n/g, '\t')) && !text.includes('Never')) break;
        if (Date.now() > deadline) throw new Error(`The hits never showed: ${text}`);
        await page.waitForTimeout(1000);
      }
      await search.fill('');
      await page
        .locator('tbody tr')
        .filter({ hasText: `/${imported}.html` })
        .first()
        .waitFor();
      await screenshot(page, 'issue27-redirects-list', { fullPage: false });

      // The filter by kind keeps what staff made.
      await page.getByRole('combobox', { name: 'Made' }).click();
      await chooseOption(page.getByRole('option', { name: 'Manual' }));
      await page.locator('tbody tr').filter({ hasText: from }).first().waitFor();
    } catch (error) {
      await screenshot(page, 'issue27-redirects-failure');
      throw error;
    } finally {
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

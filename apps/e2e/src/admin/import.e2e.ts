import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/screenshot';
import { api, chooseOption, ownerSession, unique } from './admin-session';

jest.setTimeout(240_000);

const session = ownerSession();
const ROWS = 1100;

/** The CSV an editor brings from another system: `Cost` matches no field by name; row `badRow` (1 is the first) has a price below the minimum. */
function booksCsv(badRow: number | null): string {
  const lines = ['Title,Name,Cost,tags:fr'];
  for (let row = 1; row <= ROWS; row++) {
    const price = row === badRow ? '-1' : String(row / 4);
    lines.push(`Book ${row},"Name of book ${row}",${price},"[""livre"",""n${row}""]"`);
  }
  return `${lines.join('\n')}\n`;
}

/** The whole screen from its top, once the progress bar's transition has ended (a full-page shot of a scrolled page draws the sticky top bar mid-page). */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(600);
  await screenshot(page, name);
}

describe('import screen', () => {
  it('maps the columns of a CSV file, shows the first rows’ problems, imports in batches, stops at a refused batch and resumes after it, and exports', async () => {
    const container = await session.create<{ id: number }>('/containers', {
      title: 'Books',
      slug: unique('books'),
      fields: [
        { label: 'Name', name: 'name', type: 'STRING', required: true },
        { label: 'Price', name: 'price', type: 'NUMBER', required: true, min: 0 },
        { label: 'Tags', name: 'tags', type: 'STRING', multiple: true },
      ],
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-e2e-'));
    const file = path.join(dir, 'books.csv');
    const { page, close } = await session.open(`/admin/contents?container=${container.id}`, { timeout: 30_000 });
    try {
      // From the container's contents list, beside Create and the exports.
      await page.getByRole('button', { name: 'Export CSV' }).waitFor();
      await page.getByRole('link', { name: 'Import' }).click();
      await page.getByText('Bring contents in from a CSV or JSON file').waitFor();

      fs.writeFileSync(file, booksCsv(800));
      await page.getByTestId('import-file-input').setInputFiles(file);
      await page.getByText(`books.csv: ${ROWS} rows, 4 columns`).waitFor();
      // Title, Name and tags:fr are matched by name; Cost is not, so every row lacks its required price.
      const mapping = page.getByTestId('import-mapping');
      await mapping.getByText('Tags (FR)').waitFor();
      await page.getByText('10 rows of the first ones would be refused').waitFor();
      await page.getByTestId('import-preview').getByText('fields.price').first().waitFor();
      await shot(page, 'issue28-import-preview-error');

      await page.getByTestId('import-map-Cost').getByRole('combobox').click();
      await chooseOption(page.getByRole('option', { name: 'Price (EN)' }));
      await page.getByText('The first 10 rows pass every check.').waitFor();
      await shot(page, 'issue28-import-mapping');

      // Batch 2 holds row 800, whose price is refused: batch 1 is in, nothing of batch 2.
      await page.getByTestId('import-start').click();
      const failure = page.getByTestId('import-failure');
      await failure.getByText('Batch 2 of 3 (rows 501 to 1000) was refused').waitFor();
      await failure.getByText('Row 800: fields.price: must be at least 0').waitFor();
      await page.getByText(`500 of ${ROWS} imported`).waitFor();
      await shot(page, 'issue28-import-failed');
      // Every content of the container, in the order they were made (the JSON export).
      const contents = async () =>
        (await api<{ title: string; fields: { price: number } }[]>(`/contents/export?containerId=${container.id}&format=json`, { token: session.token })).body;
      expect(await contents()).toHaveLength(500);

      // The file corrected and dropped again: Resume goes on from row 501, and never sends the first 500 again.
      fs.writeFileSync(file, booksCsv(null));
      await page.getByTestId('import-file-input').setInputFiles(file);
      await page.getByRole('button', { name: 'Resume from row 501' }).click();
      const summary = page.getByTestId('import-summary');
      await summary.getByText('600 contents imported.').waitFor();
      await page.getByText(`${ROWS} of ${ROWS} imported`).waitFor();
      await shot(page, 'issue28-import-summary');
      const all = await contents();
      expect(all).toHaveLength(ROWS);
      expect(new Set(all.map((c) => c.title)).size).toBe(ROWS);
      expect(all[799]).toMatchObject({ title: 'Book 800', fields: { price: 200 } });

      // The mapping is remembered for the container.
      await page.reload();
      await page.getByTestId('import-file-input').setInputFiles(file);
      await page.getByTestId('import-mapping').getByText('Price (EN)').waitFor();

      // Export: the list's button downloads every content of the container.
      await page.goto(`${new URL(page.url()).origin}/admin/contents?container=${container.id}`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      const saved = path.join(dir, download.suggestedFilename());
      await download.saveAs(saved);
      const lines = fs
        .readFileSync(saved, 'utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines[0]).toBe(
        'id,title,slug,published,status,fields.name,fields.price,fields.tags,locales.fr.fields.name,locales.fr.fields.price,locales.fr.fields.tags',
      );
      expect(lines).toHaveLength(ROWS + 1);
    } finally {
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { screenshot } from '../support/screenshot';
import { baseUrl, newPage, ownerSession, storeToken, unique } from './admin-session';

jest.setTimeout(120_000);

const session = ownerSession();

describe('field filters and field sorts on the contents list', () => {
  it('filters a container’s contents on a field value with an operator picker and sorts by a field column', async () => {
    const container = await session.create<{ id: number }>('/containers', {
      title: unique('Products'),
      fields: [
        { label: 'Price', name: 'price', type: 'NUMBER' },
        { label: 'Size', name: 'size', type: 'OPTION', options: ['S', 'M', 'L'] },
      ],
    });
    for (const [title, price, size] of [
      ['Oak chair', 10, 'S'],
      ['Pine table', 25, 'M'],
      ['Steel lamp', 99, 'L'],
      ['Glass vase', 40, 'M'],
    ] as const) {
      await session.create('/contents?locale=en', { title, containerId: container.id, fields: { price, size } });
    }
    const { context, page } = await newPage(session.browser);
    page.setDefaultTimeout(15_000);
    await storeToken(page, session.token);
    const titles = async () => (await page.locator('tbody tr td.column-title').allInnerTexts()).map((text) => text.trim());
    try {
      await page.goto(`${baseUrl()}/admin/contents?container=${container.id}`);
      await page.locator('tbody tr').filter({ hasText: 'Steel lamp' }).waitFor();

      // Price ≥ 25: picked, not typed as JSON.
      await page.getByTestId('field-filter-field').locator('..').click();
      await page.getByRole('option', { name: 'Price' }).click();
      await page.getByTestId('field-filter-operator').locator('..').click();
      await page.getByRole('option', { name: '≥' }).click();
      await page.getByTestId('field-filter-value').fill('25');
      await page.getByTestId('field-filter-add').click();
      await page.getByTestId('field-filter-chip').filter({ hasText: 'Price ≥ 25' }).waitFor();
      await page.locator('tbody tr').filter({ hasText: 'Oak chair' }).waitFor({ state: 'detached' });
      expect((await titles()).sort()).toEqual(['Glass vase', 'Pine table', 'Steel lamp']);

      // Sorted by the Price column, highest first.
      await page.getByRole('columnheader', { name: 'Price' }).getByRole('button').click();
      await page.waitForURL(/sort=fields\.price/);
      await page.getByRole('columnheader', { name: 'Price' }).getByRole('button').click();
      await page.waitForURL(/order=DESC/);
      await page.waitForFunction(() => document.querySelector('tbody tr td.column-title')?.textContent?.includes('Steel lamp'));
      expect(await titles()).toEqual(['Steel lamp', 'Glass vase', 'Pine table']);
      await screenshot(page, 'issue28-queries-field-filter');

      // Size = M as well; removing the price chip keeps it.
      await page.getByTestId('field-filter-field').locator('..').click();
      await page.getByRole('option', { name: 'Size' }).click();
      await page.getByTestId('field-filter-operator').locator('..').click();
      await page.getByRole('option', { name: '=' }).click();
      await page.getByTestId('field-filter-value').locator('..').click();
      await page.getByRole('option', { name: 'M' }).click();
      await page.getByTestId('field-filter-add').click();
      await page.locator('tbody tr').filter({ hasText: 'Steel lamp' }).waitFor({ state: 'detached' });
      expect(await titles()).toEqual(['Glass vase', 'Pine table']);
      await page.getByTestId('field-filter-chip').filter({ hasText: 'Price ≥ 25' }).locator('svg').click();
      await page.getByTestId('field-filter-chip').filter({ hasText: 'Price' }).waitFor({ state: 'detached' });
      expect(await titles()).toEqual(['Glass vase', 'Pine table']);
      await screenshot(page, 'issue28-queries-two-filters');
    } finally {
      await context.close();
    }
  });
});

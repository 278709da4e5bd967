import type { Browser, Page } from 'playwright-core';
import { screenshot } from '../support/screenshot';
import { api, apiSignIn, baseUrl, launchChromium, newPage, owner, storeToken, unique } from './admin-session';

jest.setTimeout(120_000);

// An 8×8 red PNG.
const RED_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);

let browser: Browser;
let ownerToken: string;

beforeAll(async () => {
  browser = await launchChromium();
  ownerToken = await apiSignIn(owner().email, owner().password);
});

afterAll(async () => {
  await browser?.close();
});

async function run(path: string, steps: (page: Page) => Promise<void>, failureShot: string) {
  const { context, page } = await newPage(browser);
  page.setDefaultTimeout(15_000);
  await storeToken(page, ownerToken);
  await page.goto(`${baseUrl()}${path}`);
  try {
    await steps(page);
  } catch (error) {
    await screenshot(page, failureShot);
    throw error;
  } finally {
    await context.close();
  }
}

describe('medias screens', () => {
  it('creates a pack, uploads an image into it, shows its thumbnail, renames it and deletes it', async () => {
    await run(
      '/admin/medias/packs/create',
      async (page) => {
        const packName = unique('Banners');
        await page.locator('input[name="name"]').fill(packName);
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL('**/admin/medias/packs');
        await page.getByRole('cell', { name: packName }).waitFor();

        await page.goto(`${baseUrl()}/admin/medias`);
        await page.getByRole('link', { name: 'Upload a media' }).click();
        await page.waitForURL('**/admin/medias/create');
        await page.locator('input[type="file"]').setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: RED_PNG });
        const mediaName = unique('Red square');
        await page.locator('input[name="name"]').fill(mediaName);
        await page.locator('input[name="alt.en"]').fill('A red square');
        await page.locator('input[name="alt.fr"]').fill('Un carré rouge');
        await page.getByRole('combobox', { name: 'Pack' }).click();
        await page.getByRole('option', { name: packName }).click();
        await screenshot(page, 'admin-media-upload');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL('**/admin/medias');

        const card = page.getByRole('list', { name: 'Medias' }).getByRole('link', { name: new RegExp(mediaName) });
        await card.waitFor();
        const thumbnail = card.locator('img');
        await page.waitForFunction((img) => !!img && (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await thumbnail.elementHandle());
        expect(await thumbnail.getAttribute('src')).toMatch(/^\/api\/uploads\/.+\?w=320&format=webp$/);
        await screenshot(page, 'admin-medias-grid');

        const { body: medias } = await api<{ id: number; name: string; alt: Record<string, string>; packId: number | null }[]>(
          `/medias?filter=${encodeURIComponent(JSON.stringify({ q: mediaName }))}`,
          { token: ownerToken },
        );
        expect(medias).toHaveLength(1);
        expect(medias[0].alt).toEqual({ en: 'A red square', fr: 'Un carré rouge' });
        expect(medias[0].packId).not.toBeNull();

        // The pack list counts it.
        await page.goto(`${baseUrl()}/admin/medias/packs`);
        await page.getByRole('row', { name: new RegExp(packName) }).getByRole('cell', { name: '1', exact: true }).waitFor();

        await page.goto(`${baseUrl()}/admin/medias`);
        await card.click();
        await page.waitForURL(/\/admin\/medias\/\d+$/);
        await page.locator('input[name="name"]').fill(`${mediaName} renamed`);
        await screenshot(page, 'admin-media-edit');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL('**/admin/medias');
        await page.getByText(`${mediaName} renamed`).waitFor();

        await page.getByRole('link', { name: new RegExp(`${mediaName} renamed`) }).click();
        await page.getByRole('button', { name: 'Delete' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
        await page.waitForURL('**/admin/medias');
        await page.getByText('Media deleted').waitFor();
        expect(await page.getByText(`${mediaName} renamed`).count()).toBe(0);
      },
      'admin-medias-failure',
    );
  });
});

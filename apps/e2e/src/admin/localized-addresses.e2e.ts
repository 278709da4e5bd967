import type { Page } from 'playwright-core';
import { screenshot } from '../support/screenshot';
import { baseUrl, ownerSession, unique } from './admin-session';

jest.setTimeout(300_000);

const session = ownerSession();

/** Saves the form and waits for the API to take it. */
async function saved(page: Page): Promise<void> {
  const put = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/api\/contents\/\d+/.test(response.url()));
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await put).status()).toBe(200);
}

describe('a page in every language, as an editor and a visitor', () => {
  it('gives a post a French address, switches language on the site, and follows an old link after a rename', async () => {
    const blog = unique('blog').toLowerCase();
    const hello = unique('hello').toLowerCase();
    const bonjour = unique('bonjour').toLowerCase();
    const container = await session.create<{ id: number }>('/containers', { title: 'Blog', slug: blog, published: true });
    const post = await session.create<{ id: number }>('/contents', { containerId: container.id, title: 'Hello', slug: hello, published: true });
    const { page, close } = await session.open(`/admin/contents/${post.id}?locale=fr`);
    page.setDefaultTimeout(20_000);
    try {
      // The French form: the slug input is French's own, en's segment as its placeholder.
      const slug = page.getByLabel('Slug in FR');
      await slug.waitFor();
      expect(await slug.inputValue()).toBe('');
      expect(await slug.getAttribute('placeholder')).toBe(hello);
      await page.getByTestId('page-address').getByText(`/fr/${blog}/${hello}`).waitFor();
      await slug.fill(bonjour);
      await page.getByTestId('page-address').getByText(`/fr/${blog}/${bonjour}`).waitFor();
      await screenshot(page, 'issue27-addresses-french-slug', { fullPage: false });
      await saved(page);

      // The site: the French page lives at its own address, and the language switcher leads to en's.
      const french = await page.goto(`${baseUrl()}/fr/${blog}/${bonjour}`);
      expect(french?.status()).toBe(200);
      expect(await page.locator('link[rel="alternate"][hreflang="en"]').getAttribute('href')).toMatch(new RegExp(`/${blog}/${hello}$`));
      await screenshot(page, 'issue27-addresses-french-page', { fullPage: false });
      await page.locator('.language-switcher a[hreflang="en"]').click();
      await page.waitForURL(new RegExp(`/${blog}/${hello}$`));
      await page.locator('.language-switcher a[hreflang="fr"]').click();
      await page.waitForURL(new RegExp(`/fr/${blog}/${bonjour}$`));

      // en's address asked in French leads to the French one.
      const byEnglish = await page.goto(`${baseUrl()}/fr/${blog}/${hello}`);
      expect(byEnglish?.request().redirectedFrom()?.url()).toMatch(new RegExp(`/fr/${blog}/${hello}$`));
      expect(page.url()).toMatch(new RegExp(`/fr/${blog}/${bonjour}$`));

      // Renamed in en: the old link, query string and all, answers 301 to the new address.
      const renamed = unique('hello-again').toLowerCase();
      await page.goto(`${baseUrl()}/admin/contents/${post.id}`);
      await page.locator('input[name="slug"]').fill(renamed);
      await saved(page);
      const old = await page.goto(`${baseUrl()}/${blog}/${hello}?ref=mail`);
      expect(old?.status()).toBe(200);
      const hop = await old?.request().redirectedFrom()?.response();
      expect(hop?.status()).toBe(301);
      expect(page.url()).toBe(`${baseUrl()}/${blog}/${renamed}?ref=mail`);
      // The French address did not move: only en's segment changed.
      expect((await page.goto(`${baseUrl()}/fr/${blog}/${bonjour}`))?.status()).toBe(200);
    } finally {
      await close();
    }
  });
});

import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, screenshot } from '../support';
import { HOMES } from './homes';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('public site rendered on the server', () => {
  it.each(HOMES)('renders $path in $lang and reads with JavaScript off', async ({ path, lang, welcome }) => {
    const { page, close } = await newPage(browser, { javaScriptEnabled: false });
    try {
      const response = await page.goto(`${baseUrl()}${path}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8');
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      expect(await page.title()).toContain('CMS');
      const heading = page.locator('h1');
      expect((await heading.textContent())?.trim()).toBe(welcome);
      expect(await heading.isVisible()).toBe(true);
      expect(await page.locator('main a[href="/sign-in"]').first().isVisible()).toBe(true);
      expect(await page.locator('[data-section-theme]').count()).toBeGreaterThanOrEqual(1);
      // Nothing that needs the script shows without it.
      expect(await page.locator('.cookie-banner').count()).toBe(0);
      expect(await page.evaluate(() => document.body.classList.contains('embedded'))).toBe(false);
      await screenshot(page, `site-no-js-${lang}`);
    } finally {
      await close();
    }
  });

  it('links the favicon from /api/uploads/favicon.ico, and the API serves it', async () => {
    const { page, close } = await newPage(browser, { javaScriptEnabled: false });
    try {
      await page.goto(`${baseUrl()}/es`);
      expect(await page.getAttribute('link[rel="icon"]', 'href')).toBe('/api/uploads/favicon.ico');
      const favicon = await fetch(`${baseUrl()}/api/uploads/favicon.ico`);
      expect(favicon.status).toBe(200);
    } finally {
      await close();
    }
  });

  it('lists hreflang alternates for the five locales and x-default', async () => {
    const { page, close } = await newPage(browser, { javaScriptEnabled: false });
    try {
      await page.goto(`${baseUrl()}/tr`);
      const alternates = await page.$$eval('link[rel="alternate"][hreflang]', (links) =>
        links.map((link) => [link.getAttribute('hreflang'), new URL((link as HTMLLinkElement).href).pathname]),
      );
      expect(alternates).toEqual([
        ['en', '/'],
        ['fr', '/fr'],
        ['tr', '/tr'],
        ['es', '/es'],
        ['it', '/it'],
        ['x-default', '/'],
      ]);
    } finally {
      await close();
    }
  });

  it('answers an unknown page with a not-found page in its locale', async () => {
    const { page, close } = await newPage(browser, { javaScriptEnabled: false });
    try {
      const response = await page.goto(`${baseUrl()}/fr/nope`);
      expect(response?.status()).toBe(404);
      expect(await page.getAttribute('html', 'lang')).toBe('fr');
      expect((await page.locator('h1').textContent())?.trim()).toBe('Page introuvable');
      expect(await page.getAttribute('meta[name="robots"]', 'content')).toBe('noindex');
      await screenshot(page, 'site-not-found-fr');
    } finally {
      await close();
    }
  });

  it('redirects /en addresses to the unprefixed ones', async () => {
    const redirect = await fetch(`${baseUrl()}/en`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/');
    expect((await fetch(`${baseUrl()}/en/somewhere?x=1`, { redirect: 'manual' })).headers.get('location')).toBe('/somewhere?x=1');
  });

  it('serves its hashed client files with immutable caching and refuses other methods', async () => {
    const html = await (await fetch(`${baseUrl()}/it`)).text();
    const script = /<script type="module" src="(\/_site\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${baseUrl()}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${baseUrl()}/`, { method: 'PUT' })).status).toBe(405);
    // Pages take POSTs of their forms (application/x-www-form-urlencoded) only.
    expect((await fetch(`${baseUrl()}/`, { method: 'POST' })).status).toBe(415);
  });
});

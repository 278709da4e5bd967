import type { Browser, Page } from 'playwright-core';
import { api, baseUrl, launchBrowser, newPage, screenshot } from '../support';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The client script shows the footer's cookie-preferences button once it has run. */
async function scriptReady(page: Page): Promise<void> {
  await page.locator('[data-cookie-settings]').waitFor({ state: 'visible' });
}

describe('public site client script', () => {
  it('asks for cookie consent until the visitor accepts, then remembers it', async () => {
    const { page, context, console, close } = await newPage(browser);
    try {
      await page.goto(`${baseUrl()}/fr`);
      const banner = page.locator('.cookie-banner');
      await banner.waitFor({ state: 'visible' });
      expect(await banner.textContent()).toContain('cookies');
      await screenshot(page, 'site-cookie-banner-fr');
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('cms_consent');

      await banner.getByRole('button', { name: 'Accepter' }).click();
      await banner.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => window.localStorage.getItem('cookie-consent'))).toBe('accepted');
      expect((await context.cookies()).find((cookie) => cookie.name === 'cms_consent')?.value).toBe('accepted');

      await page.reload();
      await scriptReady(page);
      expect(await page.locator('.cookie-banner').count()).toBe(0);
      expect(console.filter((entry) => entry.type === 'error' || entry.type === 'pageerror')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('keeps the consent cookie away after a decline, and lets the visitor change their mind', async () => {
    const { page, context, close } = await newPage(browser);
    try {
      await page.goto(`${baseUrl()}/`);
      await page.locator('.cookie-banner').getByRole('button', { name: 'Decline' }).click();
      expect(await page.evaluate(() => window.localStorage.getItem('cookie-consent'))).toBe('declined');
      await page.reload();
      await scriptReady(page);
      expect(await page.locator('.cookie-banner').count()).toBe(0);
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('cms_consent');

      await page.getByRole('button', { name: 'Cookie preferences' }).click();
      await page.locator('.cookie-banner').getByRole('button', { name: 'Accept' }).click();
      expect((await context.cookies()).find((cookie) => cookie.name === 'cms_consent')?.value).toBe('accepted');
    } finally {
      await close();
    }
  });

  it('marks the body as embedded inside a frame only', async () => {
    const { page, close } = await newPage(browser);
    try {
      await page.goto(`${baseUrl()}/`);
      await scriptReady(page);
      await page.evaluate(() => {
        const frame = document.createElement('iframe');
        frame.id = 'preview';
        frame.src = '/it';
        frame.style.cssText = 'width:800px;height:500px';
        document.body.prepend(frame);
      });
      const frame = await (await page.waitForSelector('#preview')).contentFrame();
      expect(frame).not.toBeNull();
      await frame?.waitForFunction(() => document.body.classList.contains('embedded'));
      expect(await frame?.evaluate(() => document.documentElement.lang)).toBe('it');
      expect(await page.evaluate(() => document.body.classList.contains('embedded'))).toBe(false);
    } finally {
      await close();
    }
  });

  it('follows the most visible section with the body theme classes', async () => {
    const { page, close } = await newPage(browser);
    try {
      await page.goto(`${baseUrl()}/`);
      await scriptReady(page);
      const bodyState = () => page.evaluate(() => ({ className: document.body.className, first: document.body.dataset.firstSection }));
      expect(await bodyState()).toEqual({ className: '', first: 'true' });

      await page.evaluate(() => document.querySelector('[data-section-theme="black"]')?.scrollIntoView({ block: 'start' }));
      await page.waitForFunction(() => document.body.classList.contains('dark-theme'));
      expect(await bodyState()).toEqual({ className: 'dark-theme', first: 'false' });
      await page.waitForTimeout(400); // let the header's colour transition finish for the picture
      await screenshot(page, 'site-scrolled-dark', { fullPage: false });

      await page.evaluate(() => document.querySelector('[data-section-theme="grey"]')?.scrollIntoView({ block: 'start' }));
      await page.waitForFunction(() => document.body.classList.contains('grey-theme'));
      expect(await bodyState()).toEqual({ className: 'grey-theme', first: 'false' });

      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForFunction(() => document.body.dataset.firstSection === 'true');
      expect(await bodyState()).toEqual({ className: '', first: 'true' });
    } finally {
      await close();
    }
  });

  it('prefetches same-origin links near the viewport, once each', async () => {
    const { page, close } = await newPage(browser);
    try {
      await page.goto(`${baseUrl()}/`);
      await page.waitForFunction(() => document.querySelectorAll('link[rel="prefetch"]').length >= 5);
      const prefetched = await page.$$eval('link[rel="prefetch"]', (links) => links.map((link) => (link as HTMLLinkElement).href));
      expect(new Set(prefetched).size).toBe(prefetched.length);
      expect(prefetched).toEqual(expect.arrayContaining([`${baseUrl()}/sign-in`, `${baseUrl()}/fr`, `${baseUrl()}/it`]));
      expect(prefetched).not.toContain(`${baseUrl()}/`);
    } finally {
      await close();
    }
  });

  it('paints with the theme colours the API serves', async () => {
    const theme = await api().get<{ primaryColor: string; backgroundColor: string }>('/theme');
    expect(theme.status).toBe(200);
    const { page, close } = await newPage(browser);
    try {
      await page.goto(`${baseUrl()}/`);
      const variables = await page.evaluate(() => {
        const style = getComputedStyle(document.documentElement);
        return { primary: style.getPropertyValue('--cms-primary').trim(), background: style.getPropertyValue('--cms-background').trim() };
      });
      expect(variables).toEqual({ primary: theme.body.primaryColor.toUpperCase(), background: theme.body.backgroundColor.toUpperCase() });
    } finally {
      await close();
    }
  });
});

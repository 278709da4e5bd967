import type { Browser } from 'playwright-core';
import { imagesLoaded, launchBrowser, PHONE, screenshot, visitorPage } from '../support';
import { startServer, stopServer, type RunningServer } from '../support/server';

/**
 * The public site as a new user meets it: a first start seeds the demo site, whose pages show
 * their fields, cards, menus and settings; staff see a bar to edit what they read.
 */

let browser: Browser;
let server: RunningServer;
let ownerToken: string;

async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { accept: 'application/json', token: ownerToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

beforeAll(async () => {
  server = await startServer({ demo: true });
  browser = await launchBrowser();
  const signIn = await fetch(`${server.baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }),
  });
  ownerToken = ((await signIn.json()) as { token: string }).token;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (server) await stopServer(server);
});

describe('the demo site of a first start', () => {
  it('shows a home page with a hero, features, the latest posts and a menu, in each language', async () => {
    const test = await visitorPage(browser);
    try {
      for (const [path, title] of [
        ['/', 'We build calm, fast websites'],
        ['/fr', 'Nous créons des sites calmes et rapides'],
        ['/tr', 'Sakin ve hızlı web siteleri yapıyoruz'],
      ]) {
        await test.page.goto(`${server.baseUrl}${path}`);
        expect(await test.page.textContent('h1')).toBe(title);
        expect(await test.page.locator('main .contents__item').count()).toBe(3);
      }
      await test.page.goto(`${server.baseUrl}/`);
      expect(await test.page.title()).toBe('Lumen Studio · We build calm, fast websites');
      await imagesLoaded(test.page);
      await screenshot(test.page, 'demo-home');
    } finally {
      await test.close();
    }
  });

  it('renders a post page with its fields: heading, subtitle, responsive cover, date and rich text', async () => {
    const test = await visitorPage(browser);
    const { page } = test;
    try {
      await page.goto(`${server.baseUrl}/fr/blog/fast-pages`);
      expect(await page.textContent('h1')).toBe('Pourquoi la vitesse compte');
      expect(await page.textContent('[data-field="subtitle"]')).toContain('Chaque seconde de chargement');
      const cover = page.locator('[data-field="cover"] img');
      expect(await cover.getAttribute('srcset')).toContain('format=webp');
      expect(await cover.getAttribute('width')).toBe('1600');
      expect(await cover.getAttribute('alt')).toBe('Pourquoi la vitesse compte');
      expect(await page.textContent('.entry__date')).toBe('2 mars 2026');
      expect(await page.locator('[data-field="body"] .prose h2').textContent()).toBe('Trois habitudes');
      await imagesLoaded(page);
      await screenshot(page, 'post-page');
    } finally {
      await test.close();
    }
  });

  it('lists the posts as cards, with pagination links that work', async () => {
    const blog = await call<{ id: number }[]>('GET', `/api/containers?filter=${encodeURIComponent(JSON.stringify({ q: 'Blog' }))}`);
    const blogId = blog.body[0].id;
    const test = await visitorPage(browser);
    const { page } = test;
    try {
      await page.goto(`${server.baseUrl}/blog`);
      const cards = page.locator('main .contents__item');
      expect(await cards.count()).toBe(3);
      expect(await cards.first().locator('.contents__thumb img').count()).toBe(1);
      expect(await cards.first().locator('.contents__excerpt').textContent()).toBeTruthy();
      expect(await cards.first().locator('time').count()).toBe(1);
      await imagesLoaded(page);
      await screenshot(page, 'card-list');

      // Two cards a page: a real link to ?page=2.
      const container = await call<{ sections: { block: string; content: Record<string, unknown>; containerContentId: number | null }[] }>(
        'GET',
        `/api/containers/${blogId}?locale=en`,
      );
      const sections = container.body.sections.map(({ block, content, containerContentId }) =>
        block === 'contents' ? { block, containerContentId, content: { ...content, limit: 2 } } : { block, content, containerContentId },
      );
      expect((await call('PUT', `/api/containers/${blogId}?locale=en`, { sections })).status).toBe(200);
      await page.goto(`${server.baseUrl}/blog`);
      expect(await page.locator('main .contents__item').count()).toBe(2);
      await page.click('.pagination a[rel="next"]');
      await page.waitForURL(`${server.baseUrl}/blog?page=2`);
      expect(await page.locator('main .contents__item').count()).toBe(1);
      expect(await page.getAttribute('.pagination a[aria-current="page"]', 'href')).toBe('/blog?page=2');
    } finally {
      await test.close();
    }
  });

  it('opens the header menu on a phone without JavaScript, and marks the current page', async () => {
    const test = await visitorPage(browser, { ...PHONE, javaScriptEnabled: false });
    const { page } = test;
    try {
      await page.goto(`${server.baseUrl}/es/about`);
      expect(await page.locator('.site-nav__list--wide').isVisible()).toBe(false);
      const menu = page.locator('.site-nav__list--narrow');
      expect(await menu.isVisible()).toBe(false);
      await page.click('summary.site-nav__toggle');
      expect(await menu.isVisible()).toBe(true);
      expect(await menu.locator('a[aria-current="page"]').textContent()).toBe('Nosotros');
      await screenshot(page, 'menu-phone', { fullPage: false });
      await menu.locator('a', { hasText: 'Contacto' }).click();
      await page.waitForURL(`${server.baseUrl}/es/contact`);
      expect(await page.textContent('main h1')).toBe('Escríbenos');
      // The footer has its own menu.
      expect(await page.locator('footer nav.footer-nav a').count()).toBeGreaterThan(3);
    } finally {
      await test.close();
    }
  });

  it('shows the settings at once: a new site name reaches the header and the title', async () => {
    const test = await visitorPage(browser);
    try {
      await test.page.goto(`${server.baseUrl}/it/about`);
      expect(await test.page.textContent('.brand__name')).toBe('Studio Lumen');
      expect(await test.page.locator('.brand__logo').count()).toBe(1);
      const renamed = await call('PUT', '/api/settings/by-name/siteName', { value: { en: 'Lumen', it: 'Lumen Italia' } });
      expect(renamed.status).toBe(200);
      await test.page.goto(`${server.baseUrl}/it/about`);
      expect(await test.page.textContent('.brand__name')).toBe('Lumen Italia');
      expect(await test.page.title()).toBe('Chi siamo · Lumen Italia');
      expect(await test.page.getAttribute('meta[property="og:site_name"]', 'content')).toBe('Lumen Italia');
    } finally {
      await test.close();
    }
  });

  it('shows staff a bar to edit the page, and nothing to visitors, from the same cached HTML', async () => {
    const anonymous = await visitorPage(browser);
    const meCalls: string[] = [];
    anonymous.page.on('request', (request) => request.url().includes('/api/me') && meCalls.push(request.url()));
    try {
      await anonymous.page.goto(`${server.baseUrl}/blog/fast-pages`);
      await anonymous.page.waitForLoadState('networkidle');
      expect(await anonymous.page.locator('.staff-bar').count()).toBe(0);
      expect(meCalls).toEqual([]);
    } finally {
      await anonymous.close();
    }

    const staff = await visitorPage(browser);
    const { page } = staff;
    try {
      await staff.context.addInitScript((token) => window.localStorage.setItem('token', token), ownerToken);
      const response = await page.goto(`${server.baseUrl}/blog/fast-pages`);
      expect(response?.headers()['x-cache']).toBe('HIT');
      await page.waitForSelector('.staff-bar');
      const edit = page.locator('.staff-bar a[data-staff-edit]');
      expect(await edit.getAttribute('href')).toMatch(/^\/admin\/contents\/\d+$/);
      expect(await page.getAttribute('.staff-bar a:not([data-staff-edit])', 'href')).toBe('/admin');
      await screenshot(page, 'staff-bar', { fullPage: false });
      await page.goto(`${server.baseUrl}/blog`);
      await page.waitForSelector('.staff-bar');
      expect(await page.locator('.staff-bar a[data-staff-edit]').getAttribute('href')).toMatch(/^\/admin\/containers\/\d+$/);
    } finally {
      await staff.close();
    }
  });
});

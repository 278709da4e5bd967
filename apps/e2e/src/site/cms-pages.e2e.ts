import type { Browser, Page } from 'playwright-core';
import { api, baseUrl, imagesLoaded, launchBrowser, PHONE, ownerCredentials, screenshot, visitorPage, type TestPage } from '../support';
import { createSiteContent, FORM_TEXT, type SiteContent } from './cms-content';

/**
 * The public site rendering the CMS's pages: server-side rendering of every block, forms with and
 * without JavaScript, guarded pages, the page cache purged by API writes, and the sitemap.
 */

let browser: Browser;
let content: SiteContent;

beforeAll(async () => {
  browser = await launchBrowser();
  content = await createSiteContent();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** Scrolls the form to the top of the window, below the sticky header (the page's scroll-padding). */
const showForm = (page: Page) => page.locator('form.cms-form').evaluate((form) => form.scrollIntoView({ block: 'start' }));

const errorsOf = (test: TestPage) => test.console.filter((entry) => entry.type === 'error' || entry.type === 'pageerror');

describe('a CMS page rendered by the site', () => {
  it('is rendered on the server with its sections, layout and metadata, and reads with JavaScript off', async () => {
    const test = await visitorPage(browser, { javaScriptEnabled: false });
    const { page } = test;
    try {
      const response = await page.goto(`${baseUrl()}/${content.pagePath}`);
      expect(response?.status()).toBe(200);
      expect(await page.title()).toBe('About us · CMS');
      expect(await page.getAttribute('meta[name="description"]', 'content')).toBe('Who we are and how to reach us.');
      expect(await page.getAttribute('meta[property="og:title"]', 'content')).toBe('About the team');
      expect(await page.getAttribute('link[rel="canonical"]', 'href')).toBe(`${baseUrl()}/${content.pagePath}`);
      const alternates = await page.$$eval('link[rel="alternate"][hreflang]', (links) =>
        links.map((link) => [link.getAttribute('hreflang'), new URL((link as HTMLLinkElement).href).pathname]),
      );
      expect(alternates).toEqual([
        ['en', `/${content.pagePath}`],
        ['fr', `/fr/${content.pagePath}`],
        ['tr', `/tr/${content.pagePath}`],
        ['es', `/es/${content.pagePath}`],
        ['it', `/it/${content.pagePath}`],
        ['x-default', `/${content.pagePath}`],
      ]);

      // Every block, in order, with the themes the editor chose.
      const sections = await page.$$eval('main > section', (nodes) =>
        nodes.map((node) => [node.className.replace('section section--', ''), node.getAttribute('data-section-theme')]),
      );
      expect(sections).toEqual([
        ['hero', 'white'],
        ['richtext', 'white'],
        ['feature-list', 'black'],
        ['contents', 'grey'],
        ['media', 'white'],
        ['cta', 'grey'],
        ['form', 'white'],
      ]);
      expect((await page.locator('h1').textContent())?.trim()).toBe('We build multilingual sites');
      expect(await page.locator('.prose blockquote').textContent()).toContain('Publishing should be simple.');
      const news = await page.$$eval('.contents__title a', (links) => links.map((link) => [link.textContent, link.getAttribute('href')]));
      expect(news).toEqual([
        ['Autumn release', `/${content.newsPath}/story-1`],
        ['Behind the scenes', `/${content.newsPath}/story-2`],
        ['Community day', `/${content.newsPath}/story-3`],
      ]);
      expect(await page.locator('.section--cta h2').textContent()).toBe('Join the newsletter');

      // The layout: its HEADER band above the page, its FOOTER below.
      expect(await page.locator('.layout-header a').allTextContents()).toEqual(['About', 'News']);
      expect(await page.locator('.layout-footer').textContent()).toContain('© Example Ltd');

      // Images: WebP variants, intrinsic size, alt text in the locale, lazy below the fold.
      const hero = page.locator('.hero__media img');
      expect(await hero.getAttribute('srcset')).toMatch(/\/api\/uploads\/[0-9a-f]{32}\.png\?w=640&format=webp 640w/);
      expect(await hero.getAttribute('width')).toBe('1600');
      expect(await hero.getAttribute('height')).toBe('1000');
      expect(await hero.getAttribute('alt')).toBe('Our team at work');
      expect(await hero.getAttribute('loading')).toBeNull();
      expect(await page.locator('.media-block img').getAttribute('loading')).toBe('lazy');
      await imagesLoaded(page);

      // The form works without JavaScript: a real form posting to this page.
      const form = page.locator('form.cms-form');
      expect(await form.getAttribute('method')).toBe('post');
      expect(await form.getAttribute('action')).toMatch(new RegExp(`^/${content.pagePath}#section-\\d+$`));
      expect(await page.locator('input[name="_hp"]').count()).toBe(1);
      const honeypot = await page.locator('input[name="_hp"]').boundingBox();
      expect((honeypot?.x ?? 0) + (honeypot?.width ?? 0)).toBeLessThan(0);

      await screenshot(page, 'site-cms-page-desktop');
    } finally {
      await test.close();
    }
  });

  it('speaks the visitor’s locale, falling back to English content', async () => {
    const test = await visitorPage(browser, { javaScriptEnabled: false });
    try {
      const response = await test.page.goto(`${baseUrl()}/fr/${content.pagePath}`);
      expect(response?.status()).toBe(200);
      expect(await test.page.getAttribute('html', 'lang')).toBe('fr');
      expect(await test.page.getAttribute('meta[name="description"]', 'content')).toBe('Qui nous sommes.');
      expect(await test.page.locator('.hero__media img').getAttribute('alt')).toBe('Notre équipe au travail');
      expect(await test.page.locator('.contents__title a').first().getAttribute('href')).toBe(`/fr/${content.newsPath}/story-1`);
      expect(await test.page.locator('.language-switcher a[hreflang="it"]').getAttribute('href')).toBe(`/it/${content.pagePath}`);
    } finally {
      await test.close();
    }
  });

  it('looks right on a phone', async () => {
    const test = await visitorPage(browser, PHONE);
    const failed: string[] = [];
    test.page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    try {
      await test.page.goto(`${baseUrl()}/${content.pagePath}`);
      await imagesLoaded(test.page);
      const overflow = await test.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(test.page, 'site-cms-page-phone');
      expect(failed).toEqual([]);
      expect(errorsOf(test)).toEqual([]);
    } finally {
      await test.close();
    }
  });
});

describe('a form of a CMS page', () => {
  const fill = async (page: Page, values: { name: string; email: string; phone: string; message: string }) => {
    await page.getByLabel('Your name').fill(values.name);
    await page.getByLabel('E-mail').fill(values.email);
    await page.getByLabel('Phone').fill(values.phone);
    await page.getByLabel('Message').fill(values.message);
  };
  const messagesOf = async () => {
    const answer = await api(content.token).get<{ id: number; value: Record<string, unknown> }[]>(
      `/messages?filter=${encodeURIComponent(JSON.stringify({ formId: content.formId }))}`,
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };

  // Other suites read the back office's message list: leave nothing behind there.
  afterAll(async () => {
    for (const message of await messagesOf()) await api(content.token).delete(`/messages/${message.id}`);
  });

  it('is sent without JavaScript: refusals beside their fields, then the thanks', async () => {
    const test = await visitorPage(browser, { javaScriptEnabled: false });
    const { page } = test;
    try {
      await page.goto(`${baseUrl()}/${content.pagePath}`);
      // `ada@example` passes the browser's check of an e-mail address, not the server's.
      await fill(page, { name: 'Ada', email: 'ada@example', phone: 'call me', message: 'Hello without JavaScript' });
      const [refused] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Send the message' }).click()]);
      expect(refused?.status()).toBe(400);
      expect(await page.locator('[data-error-for="email"]').textContent()).toBe(FORM_TEXT.emailWarning);
      expect(await page.locator('[data-error-for="phone"]').textContent()).toBe(FORM_TEXT.phoneWarning);
      expect(await page.locator('[data-error-for="name"]').isVisible()).toBe(false);
      expect(await page.locator('[role="alert"]').textContent()).toBe(FORM_TEXT.error);
      expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
      // What was typed is still there.
      expect(await page.getByLabel('Your name').inputValue()).toBe('Ada');
      expect(await page.getByLabel('Message').inputValue()).toBe('Hello without JavaScript');
      await showForm(page);
      await screenshot(page, 'site-form-errors-no-js-desktop', { fullPage: false });

      await page.getByLabel('E-mail').fill('ada@example.com');
      await page.getByLabel('Phone').fill('+33 1 23 45 67 89');
      const [sent] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Send the message' }).click()]);
      expect(sent?.status()).toBe(200);
      expect(new URL(page.url()).search).toMatch(/^\?sent=section-\d+$/);
      expect(await page.locator('[role="status"]').textContent()).toBe(FORM_TEXT.success);
      expect(await page.getByLabel('Your name').inputValue()).toBe('');
      const stored = await messagesOf();
      expect(stored.map((message) => message.value)).toContainEqual({
        name: 'Ada',
        email: 'ada@example.com',
        phone: '+33 1 23 45 67 89',
        topic: 'A new site',
        message: 'Hello without JavaScript',
      });
    } finally {
      await test.close();
    }
  });

  it('is sent with fetch when JavaScript runs: the visitor stays on the page', async () => {
    const test = await visitorPage(browser, PHONE);
    const { page } = test;
    try {
      await page.goto(`${baseUrl()}/${content.pagePath}`);
      await page.locator('[data-cookie-settings]').waitFor({ state: 'visible' });
      let navigations = 0;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations += 1;
      });
      await fill(page, { name: 'Grace', email: 'grace@example', phone: '12', message: 'Hello with JavaScript' });
      await page.getByRole('button', { name: 'Send the message' }).click();
      await page.locator('[data-error-for="email"]').waitFor({ state: 'visible' });
      expect(await page.locator('[data-error-for="email"]').textContent()).toBe(FORM_TEXT.emailWarning);
      expect(await page.locator('[data-error-for="phone"]').textContent()).toBe(FORM_TEXT.phoneWarning);
      expect(await page.locator('[role="alert"]').textContent()).toBe(FORM_TEXT.error);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
      await showForm(page);
      await screenshot(page, 'site-form-errors-js-phone', { fullPage: false });

      await page.getByLabel('E-mail').fill('grace@example.com');
      await page.getByLabel('Phone').fill('+44 20 7946 0958');
      await page.getByRole('button', { name: 'Send the message' }).click();
      await page.locator('[role="status"] .cms-form__message--success').waitFor();
      expect(await page.locator('[role="status"]').textContent()).toBe(FORM_TEXT.success);
      expect(await page.locator('[data-error-for="email"]').isVisible()).toBe(false);
      expect(await page.getByLabel('Your name').inputValue()).toBe('');
      expect(navigations).toBe(0);
      await showForm(page);
      await screenshot(page, 'site-form-sent-js-phone', { fullPage: false });
      expect((await messagesOf()).map((message) => message.value.email)).toContain('grace@example.com');
      expect(errorsOf(test).filter((entry) => !entry.text.includes('400'))).toEqual([]);
    } finally {
      await test.close();
    }
  });
});

describe('a guarded CMS page', () => {
  it('sends nothing of the page to an anonymous visitor; without JavaScript, a link to sign in', async () => {
    const html = await (await fetch(`${baseUrl()}/${content.guardedPath}`)).text();
    expect(html).not.toContain(content.guardedTitle);
    expect(html).not.toContain('Thursday');
    const test = await visitorPage(browser, { javaScriptEnabled: false });
    try {
      const response = await test.page.goto(`${baseUrl()}/${content.guardedPath}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      expect(response?.headers()['x-robots-tag']).toBe('noindex');
      const link = test.page.getByRole('link', { name: 'Sign in' }).last();
      expect(await link.getAttribute('href')).toBe(`/sign-in?redirect=${encodeURIComponent(`/${content.guardedPath}`)}`);
      await screenshot(test.page, 'site-guarded-no-js-desktop');
    } finally {
      await test.close();
    }
    const phone = await visitorPage(browser, { ...PHONE, javaScriptEnabled: false });
    try {
      await phone.page.goto(`${baseUrl()}/fr/${content.guardedPath}`);
      expect(await phone.page.locator('h1').textContent()).toBe('Réservé aux membres');
      await screenshot(phone.page, 'site-guarded-no-js-phone');
    } finally {
      await phone.close();
    }
  });

  it('sends an anonymous visitor to sign in, then shows the page once signed in', async () => {
    const test = await visitorPage(browser);
    const { page } = test;
    try {
      await page.goto(`${baseUrl()}/${content.guardedPath}`);
      await page.waitForURL((url) => url.pathname === '/sign-in');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/${content.guardedPath}`);
      expect(test.console.map((entry) => entry.text)).toContain('Redirection from Auth Guard');
      await screenshot(page, 'site-guarded-redirect-sign-in');

      const { email, password } = ownerCredentials();
      await page.getByLabel('E-mail').fill(email);
      await page.locator('input[name="password"]').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === `/${content.guardedPath}`);
      await page.locator('h1', { hasText: content.guardedTitle }).waitFor();
      expect(await page.locator('main .prose').textContent()).toContain('The next meeting is on Thursday.');
      expect(await page.title()).toBe('Members · CMS');
      expect(await page.getAttribute('meta[name="robots"]', 'content')).toBe('noindex');
      // The page's behaviours run on what was drawn: the theme follows the first (black) section.
      await page.waitForFunction(() => document.body.classList.contains('dark-theme'));
      await page.waitForTimeout(400); // let the header's colour transition finish for the picture
      await screenshot(page, 'site-guarded-signed-in-desktop');
      expect(errorsOf(test)).toEqual([]);
    } finally {
      await test.close();
    }
  });

  it('sends a signed-in user without the role to not-found', async () => {
    const as = api(content.token);
    const roleId = `visitors-${content.suffix}`;
    expect((await as.post('/roles', { id: roleId, name: `Visitors ${content.suffix}`, rights: [] })).status).toBe(201);
    const email = `visitor-${content.suffix}@example.com`;
    const password = 'e2e-password-123';
    expect((await as.post('/users', { name: 'A visitor', email, password, roleId })).status).toBe(201);
    const signIn = await api().post<{ token: string }>('/auth/signin', { email, password });
    const test = await visitorPage(browser);
    try {
      await test.page.goto(`${baseUrl()}/not-found`);
      await test.page.evaluate((token) => window.localStorage.setItem('token', token), signIn.body.token);
      await test.page.goto(`${baseUrl()}/${content.guardedPath}`);
      await test.page.waitForURL((url) => url.pathname === '/not-found');
      expect(test.console.map((entry) => entry.text)).toContain('Redirection from Auth Guard');
    } finally {
      await test.close();
    }
  });
});

describe('the page cache', () => {
  it('shows an edit made through the API at once', async () => {
    const url = `${baseUrl()}/${content.pagePath}`;
    await fetch(url);
    const cached = await fetch(url);
    expect(cached.headers.get('x-cache')).toBe('HIT');

    const title = `Edited at ${Date.now()}`;
    const sections = content.pageSections.map((section) =>
      section.block === 'hero' ? { ...section, content: { ...(section.content as Record<string, unknown>), title } } : section,
    );
    expect((await api(content.token).put(`/containers/${content.pageId}?locale=en`, { sections })).status).toBe(200);
    const edited = await fetch(url);
    expect(edited.headers.get('x-cache')).toBe('MISS');
    expect(await edited.text()).toContain(title);

    // A content listed on the page: renaming it changes the page too.
    expect((await api(content.token).put(`/contents/${content.newsIds[0]}?locale=en`, { title: 'Autumn release, updated' })).status).toBe(200);
    const test = await visitorPage(browser, { javaScriptEnabled: false });
    try {
      await test.page.goto(`${baseUrl()}/fr/${content.pagePath}`);
      expect(await test.page.locator('h1').textContent()).toBe(title);
      expect(await test.page.locator('.contents__title').allTextContents()).toContain('Autumn release, updated');
    } finally {
      await test.close();
    }
  });
});

describe('the sitemap', () => {
  it('lists every published public page in every locale, and robots.txt points at it', async () => {
    const response = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    for (const path of [content.pagePath, content.newsPath, `${content.newsPath}/story-2`]) {
      expect(xml).toContain(`<loc>${baseUrl()}/${path}</loc>`);
      expect(xml).toContain(`<loc>${baseUrl()}/it/${path}</loc>`);
      expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="fr" href="${baseUrl()}/fr/${path}"/>`);
    }
    expect(xml).toContain(`<loc>${baseUrl()}/</loc>`);
    expect(xml).not.toContain(content.guardedPath);

    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
  });
});

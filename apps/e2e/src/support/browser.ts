import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
// The one Chromium launch of the workspace (tools/lib/chromium.cjs), shared with the tools' scripts, which are not an Nx library.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { CHROMIUM_ARGS, launchChromium } from '../../../../tools/lib/chromium.cjs';

export { CHROMIUM_ARGS };

/** Debian's headless Chromium, as the tools launch it. Playwright gives each launch a fresh temporary profile (user-data-dir) and removes it on close. */
export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

/** A phone-sized touch viewport (an iPhone 12-like 390×844 at 2×). */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

export interface ConsoleEntry {
  type: string;
  text: string;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console messages and uncaught page errors (type 'pageerror'), in order. */
  console: ConsoleEntry[];
  close(): Promise<void>;
}

/** A page in a context of its own (own storage and cookies), collecting what the page logs. */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const entries: ConsoleEntry[] = [];
  page.on('console', (message) => entries.push({ type: message.type(), text: message.text() }));
  page.on('pageerror', (error) => entries.push({ type: 'pageerror', text: error.message }));
  return { page, context, console: entries, close: () => context.close() };
}

/** A page whose visitor already chose about cookies, so that the banner does not cover what a picture should show. */
export async function visitorPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TestPage> {
  const test = await newPage(browser, options);
  await test.context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'declined'));
  return test;
}

/** Waits until every image of the page's main has loaded (scrolling lazy ones into view) and checks none is broken. */
export async function imagesLoaded(page: Page): Promise<void> {
  for (const image of await page.locator('main img').all()) {
    await image.scrollIntoViewIfNeeded();
    await page.waitForFunction((element) => (element as HTMLImageElement).complete, await image.elementHandle());
    expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

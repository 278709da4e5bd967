import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';

/**
 * What the admin browser tests need beside the shared harness (which starts the server and
 * exports E2E_BASE_URL, E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD): a Chromium, API calls made with
 * the owner's token, and the sign-in steps a person takes.
 */
export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the admin browser tests through the e2e project');
  return url.replace(/\/$/, '');
};

export const owner = () => ({
  email: process.env.E2E_ADMIN_EMAIL ?? '',
  password: process.env.E2E_ADMIN_PASSWORD ?? '',
});

/** Debian's headless Chromium, with the flags the closed network needs (support/browser.ts). */
export const launchChromium = launchBrowser;

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; logs: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  return { context, page, logs };
}

export async function api<T = unknown>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.token) headers.token = init.token;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export async function apiSignIn(email: string, password: string): Promise<string> {
  const { status, body } = await api<{ token: string }>('/auth/signin', { method: 'POST', body: { email, password } });
  if (status !== 200) throw new Error(`Sign-in of ${email} answered ${status}`);
  return body.token;
}

let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

/** A role holding exactly `rights`, and a user in it, created with the owner's token. */
export async function createUserWithRights(ownerToken: string, rights: string[]) {
  const roleKey = unique('e2e-role');
  const role = await api<{ id: string }>('/roles', {
    method: 'POST',
    token: ownerToken,
    body: { id: roleKey, name: `Role ${roleKey}`, rights },
  });
  if (role.status !== 201 && role.status !== 200) throw new Error(`Role creation answered ${role.status}`);
  const email = `${unique('user')}@example.com`;
  const password = 'e2e-password-123';
  const user = await api<{ id: number }>('/users', {
    method: 'POST',
    token: ownerToken,
    body: { name: `User ${roleKey}`, email, password, roleId: role.body.id },
  });
  if (user.status !== 201 && user.status !== 200) throw new Error(`User creation answered ${user.status}`);
  return { roleId: role.body.id, userId: user.body.id, email, password, name: `User ${roleKey}` };
}

/** Fills and sends the sign-in form as a person would. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Puts a session token in the browser as a previous sign-in would have. */
export async function storeToken(page: Page, token: string): Promise<void> {
  await page.goto(`${baseUrl()}/not-found`);
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
}

export interface OwnerSession {
  /** The file's Chromium, launched before its first test and closed after its last. */
  readonly browser: Browser;
  /** The owner's API token, signed in once for the file. */
  readonly token: string;
  /** A fresh context signed in as the owner, at `path` of the back office. */
  open(path: string, options?: { timeout?: number }): Promise<{ context: BrowserContext; page: Page; logs: string[]; close: () => Promise<void> }>;
  /** POSTs `body` to `/api{path}` as the owner and answers the created record (throws unless 201). */
  create<T = { id: number }>(path: string, body: Record<string, unknown>): Promise<T>;
}

/**
 * Registers the set-up every admin browser test file shares (a Chromium and the owner's token,
 * in beforeAll/afterAll) and answers what its tests do with them.
 */
export function ownerSession(): OwnerSession {
  let browser: Browser | undefined;
  let token = '';
  beforeAll(async () => {
    browser = await launchChromium();
    token = await apiSignIn(owner().email, owner().password);
  });
  afterAll(async () => {
    await browser?.close();
  });
  const session: OwnerSession = {
    get browser() {
      if (!browser) throw new Error('ownerSession(): the browser starts in beforeAll');
      return browser;
    },
    get token() {
      return token;
    },
    async open(path, options = {}) {
      const { context, page, logs } = await newPage(session.browser);
      if (options.timeout) page.setDefaultTimeout(options.timeout);
      await storeToken(page, token);
      await page.goto(`${baseUrl()}${path}`);
      return { context, page, logs, close: () => context.close() };
    },
    async create<T>(path: string, body: Record<string, unknown>): Promise<T> {
      const created = await api<T>(path, { method: 'POST', token, body });
      if (created.status !== 201) throw new Error(`POST ${path} answered ${created.status}: ${JSON.stringify(created.body)}`);
      return created.body;
    },
  };
  return session;
}

/**
 * Clicks an option of a select's menu and waits until the menu has gone. MUI closes a select's
 * menu with a transition, and until it ends its invisible backdrop takes every click: a click
 * right after choosing an option (a switch, Save) could land on it and time out (a CI run failed so).
 */
export async function chooseOption(option: Locator): Promise<void> {
  await option.click();
  await option.page().waitForFunction(() => document.querySelector('.MuiPopover-root .MuiBackdrop-root') === null);
}

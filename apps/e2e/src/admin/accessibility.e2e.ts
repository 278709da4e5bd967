import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { WORKSPACE_ROOT } from '../support/paths';
import { screenshot } from '../support/screenshot';
import { api, baseUrl, ownerSession, storeToken, unique } from './admin-session';

/**
 * axe-core's WCAG 2.1 A and AA rules on every screen of the back office, at 1366 and 390 px wide,
 * and in the dialog and menu states an editor opens (the page builder's palette and an open
 * section, the media picker, the rich-text toolbar, the user menu's settings and languages, a
 * delete confirmation). One browser, one context, one page per width: screens are reached by the
 * router (no reload), so the whole walk stays short.
 */
jest.setTimeout(240_000);

const session = ownerSession();
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
// Not tmp/test-results: npm test sums every Jest report there (tools/test.mjs).
const RESULTS_DIR = path.join(WORKSPACE_ROOT, 'tmp/axe');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  /** Each node's HTML and what axe says is wrong with it. */
  details: string[];
}

interface Ids {
  containerId: number;
  contentId: number;
  elementId: number;
  formId: number;
  mediaId: number;
  redirectId: number;
  webhookId: number;
  roleId: string;
  ownId: number;
  /** The content's page on the public site, which must stay clean too. */
  sitePath: string;
}

let ids: Ids;

async function uploadPicture(token: string): Promise<number> {
  // A small picture: the library, the picker and the media screen show it as a thumbnail.
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#26d17d' } })
    .png()
    .toBuffer();
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'axe-dot.png');
  body.append('alt', JSON.stringify({ en: 'A dot' }));
  const response = await fetch(`${baseUrl()}/api/medias`, { method: 'POST', headers: { token, accept: 'application/json' }, body });
  const media = (await response.json()) as { id: number };
  if (response.status !== 201) throw new Error(`Media upload answered ${response.status}: ${JSON.stringify(media)}`);
  return media.id;
}

beforeAll(async () => {
  const container = await session.create<{ id: number }>('/containers', { title: unique('Axe news'), slug: unique('axe-news').toLowerCase(), published: true });
  const content = await session.create<{ id: number }>('/contents', {
    title: unique('Axe post'),
    slug: 'axe-post',
    published: true,
    containerId: container.id,
    sections: [
      { block: 'richtext', content: { html: '<p>Some words</p>' } },
      { block: 'hero', content: { title: 'A hero', text: 'Under it' } },
    ],
  });
  const element = await session.create<{ id: number }>('/elements', {
    title: unique('Axe promo'),
    block: 'cta',
    content: { title: 'Join', action: { label: 'Go', href: '/join' } },
  });
  const form = await session.create<{ id: number }>('/forms', { title: unique('Axe survey'), fields: [{ name: 'email', type: 'EMAIL', label: 'E-mail' }] });
  await api(`/forms/${form.id}/messages`, { method: 'POST', body: { values: { email: 'ann@example.com' } } });
  const mediaId = await uploadPicture(session.token);
  const redirect = await session.create<{ id: number }>('/redirects', { from: `/${unique('axe-old')}`, to: '/axe-new' });
  const webhook = await session.create<{ id: number }>('/webhooks', {
    url: 'https://hooks.example.com/axe',
    events: ['content.created'],
    secret: 'whsec_0123456789abcdef',
  });
  const role = await session.create<{ id: string }>('/roles', { id: unique('axe-role'), name: unique('Axe readers'), rights: ['VIEW_CONTENT'] });
  await session.create('/tokens', { name: unique('Axe token'), roleId: role.id });
  const { body: me } = await api<{ id: number }>('/me', { token: session.token });
  ids = {
    containerId: container.id,
    contentId: content.id,
    elementId: element.id,
    formId: form.id,
    mediaId,
    redirectId: redirect.id,
    webhookId: webhook.id,
    roleId: role.id,
    ownId: me.id,
    sitePath: (await api<{ path: string }>(`/contents/${content.id}?locale=en`, { token: session.token })).body.path,
  };
});

/** Every screen, by its back-office path (the router's, without reload). */
function screens(): [string, string][] {
  return [
    ['dashboard and settings', '/admin'],
    ['containers list', '/admin/containers'],
    ['container create', '/admin/containers/create'],
    ['container edit', `/admin/containers/${ids.containerId}`],
    ['contents list', '/admin/contents'],
    ['contents of a container', `/admin/contents?filter=${encodeURIComponent(JSON.stringify({ containerId: ids.containerId }))}`],
    ['content create', `/admin/contents/create?source=${encodeURIComponent(JSON.stringify({ containerId: ids.containerId }))}`],
    ['content edit', `/admin/contents/${ids.contentId}`],
    ['contents import', '/admin/contents/import'],
    ['elements list', '/admin/elements'],
    ['element create', '/admin/elements/create'],
    ['element edit', `/admin/elements/${ids.elementId}`],
    ['forms list', '/admin/forms'],
    ['form create', '/admin/forms/create'],
    ['form edit', `/admin/forms/${ids.formId}`],
    ['messages list', '/admin/messages'],
    ['medias list', '/admin/medias'],
    ['media create', '/admin/medias/create'],
    ['media edit', `/admin/medias/${ids.mediaId}`],
    ['media packs', '/admin/medias/packs'],
    ['users list', '/admin/users'],
    ['user create', '/admin/users/create'],
    ['own account and password', `/admin/users/${ids.ownId}`],
    ['roles list', '/admin/users/roles'],
    ['role create', '/admin/users/roles/create'],
    ['role edit', `/admin/users/roles/${ids.roleId}`],
    ['layout', '/admin/layout'],
    ['page tree', '/admin/pages'],
    ['translations', '/admin/translations'],
    ['redirects list', '/admin/redirects'],
    ['redirect create', '/admin/redirects/create'],
    ['redirect edit', `/admin/redirects/${ids.redirectId}`],
    ['audit', '/admin/audit'],
    ['tokens', '/admin/tokens'],
    ['webhooks list', '/admin/webhooks'],
    ['webhook create', '/admin/webhooks/create'],
    ['webhook edit', `/admin/webhooks/${ids.webhookId}`],
    ['no such screen', '/admin/nothing-here'],
  ];
}

/** Waits until the screen has drawn its data: no progress indicator left, and the DOM still for a moment. */
async function settled(page: Page, screen: string): Promise<void> {
  try {
    await page.waitForFunction(
      () => !document.querySelector('[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root') && !!document.querySelector('#main-content, main, form'),
      undefined,
      { timeout: 15_000 },
    );
  } catch (error) {
    const busy = await page.evaluate(() =>
      [...document.querySelectorAll('[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root')].map((node) => node.outerHTML.slice(0, 200)),
    );
    throw new Error(`${screen} did not finish loading: ${busy.join(', ')} (${(error as Error).message})`);
  }
  await page.waitForTimeout(100);
}

async function goTo(page: Page, pathAndQuery: string, screen = pathAndQuery): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, pathAndQuery);
  await page.waitForFunction((target) => window.location.pathname === target.split('?')[0], pathAndQuery);
  await settled(page, screen);
}

async function axe(page: Page, screen: string): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  // MUI's fades and slides end before axe measures colours (a menu fading in is paler); spinners turn forever.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await page.evaluate(async (tags) => {
    const run = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> } }).axe.run;
    return (await run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations as {
      id: string;
      impact: string;
      help: string;
      nodes: { target: string[]; html: string; failureSummary?: string }[];
    }[];
  }, WCAG_TAGS);
  return results.map((violation) => ({
    screen,
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
    // The node without its class soup, and axe's words (the contrast ratio and colours, the missing name...).
    details: violation.nodes.map(
      (node) => `${node.html.replace(/ class="[^"]*"/g, '').slice(0, 240)} ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`,
    ),
  }));
}

function report(violations: Violation[]): string {
  return violations
    .map((v) => `- [${v.screen}] ${v.rule} (${v.impact}): ${v.help}\n${v.targets.map((target, at) => `    ${target}\n      ${v.details[at]}`).join('\n')}`)
    .join('\n');
}

/** The screens and states at one width; answers every violation and, per screen, how many nodes failed. */
async function walk(context: BrowserContext, width: number): Promise<{ violations: Violation[]; perScreen: Record<string, number> }> {
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
  const violations: Violation[] = [];
  const perScreen: Record<string, number> = {};
  const check = async (screen: string) => {
    const found = await axe(page, `${screen} @${width}`);
    perScreen[`${screen} @${width}`] = found.reduce((sum, v) => sum + v.targets.length, 0);
    violations.push(...found);
  };

  // Signed out: the sign-in screen and the not-found page.
  await page.goto(`${baseUrl()}/sign-in`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await check('sign-in');
  await page.goto(`${baseUrl()}/not-found`);
  await settled(page, 'not-found');
  await check('not-found');
  // The accounts' screens a signed-out person opens: forgot password, a reset link, an invitation link.
  for (const [screen, target] of [
    ['forgot password', '/admin/forgot-password'],
    ['reset password (a link)', '/admin/reset-password?token=axe-made-up-token'],
    ['accept an invitation (a link)', '/admin/accept-invitation?token=axe-made-up-token'],
  ]) {
    await page.goto(`${baseUrl()}${target}`);
    await page.locator('h1').first().waitFor();
    await settled(page, screen);
    await check(screen);
  }
  await page.goto(`${baseUrl()}${ids.sitePath}`);
  await page.locator('main').waitFor();
  await check('public site: a content page');

  await storeToken(page, session.token);
  await page.goto(`${baseUrl()}/admin`);
  await settled(page, 'dashboard');
  for (const [screen, target] of screens()) {
    await goTo(page, target, screen);
    await check(screen);
  }

  // The user menu: settings, revalidation, the languages.
  await goTo(page, '/admin');
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menu').waitFor();
  await check('user menu (settings, languages)');
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });

  // The invitation dialog of the users list.
  await goTo(page, '/admin/users');
  await page.getByRole('button', { name: 'Invite by e-mail' }).click();
  await page.getByRole('dialog').waitFor();
  await check('users list, invitation dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  // The page builder: a section open with its rich-text toolbar, the palette, the media picker.
  await goTo(page, `/admin/contents/${ids.contentId}`);
  const sections = page.locator('section[aria-label]');
  await sections.first().getByRole('button', { name: 'Expand' }).click();
  await page.locator('.ProseMirror').first().waitFor();
  await page.locator('.ProseMirror').first().click();
  await check('page builder, rich-text section open (toolbar)');
  if (width > 800) await screenshot(page, 'issue30-page-builder-section-open', { fullPage: false });
  await page.getByRole('button', { name: 'Add a section' }).click();
  await page.getByRole('dialog').waitFor();
  await check('page builder, add-section dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await sections.nth(1).getByRole('button', { name: 'Expand' }).click();
  await sections.nth(1).getByRole('button', { name: 'Choose', exact: true }).click();
  await page.getByRole('dialog').waitFor();
  await settled(page, 'media picker');
  await check('page builder, media picker');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  // The command palette (Ctrl+K) with records found, and a bulk action's confirmation (Cancel closes it).
  await goTo(page, '/admin/contents');
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Find screens and records' }).waitFor();
  await page.keyboard.type('axe');
  await page.getByRole('option').first().waitFor();
  await settled(page, 'command palette');
  await check('command palette, records found');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  if (width > 800) {
    // The list's selection column is the wide layout's (a phone gets the simple list).
    await goTo(page, `/admin/contents?filter=${encodeURIComponent(JSON.stringify({ containerId: ids.containerId }))}`);
    await page.locator('tbody tr').first().waitFor();
    await page.locator('thead input[type="checkbox"]').check();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    await check('contents list, bulk publish confirmation');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }

  // A delete confirmation (the element's: no record is lost, Cancel closes it).
  await goTo(page, `/admin/elements/${ids.elementId}`);
  if (width > 800) await screenshot(page, 'issue30-edit-toolbar', { fullPage: false });
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').waitFor();
  await check('delete confirmation');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  await page.close();
  return { violations, perScreen };
}

/** The longest transition, in seconds, of the elements `selector` finds. */
function longestTransition(page: Page, selector: string): Promise<number> {
  return page.$$eval(selector, (nodes) =>
    Math.max(
      ...nodes.flatMap((node) =>
        getComputedStyle(node)
          .transitionDuration.split(',')
          .map((value) => parseFloat(value)),
      ),
    ),
  );
}

describe('the back office under axe-core (WCAG 2.1 A and AA)', () => {
  it('has no violation on any screen, dialog or menu, at 1366 and 390 px wide', async () => {
    // The back office's CSP refuses inline scripts: the test's own axe script tag is let through.
    const context = await session.browser.newContext({ bypassCSP: true });
    try {
      // The two widths side by side, each in its own page: most of a screen's time is waiting.
      const [wide, narrow] = await Promise.all([walk(context, 1366), walk(context, 390)]);
      const violations = [...wide.violations, ...narrow.violations];
      // The figures per screen, for the closing note and for whoever reads a failure.
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      fs.writeFileSync(
        path.join(RESULTS_DIR, 'axe-admin.json'),
        JSON.stringify({ perScreen: { ...wide.perScreen, ...narrow.perScreen }, violations }, null, 2),
      );
      if (violations.length > 0) throw new Error(`axe-core found ${violations.length} violation(s):\n${report(violations)}`);
      expect(Object.keys(wide.perScreen).length).toBeGreaterThan(40);
    } finally {
      await context.close();
    }
  });

  it('moves nothing for an editor whose system asks for reduced motion (WCAG 2.3.3)', async () => {
    const { page, close } = await session.open('/admin');
    try {
      const userMenu = page.getByRole('button', { name: /profile|user|account/i }).first();
      await userMenu.waitFor();
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      expect(await longestTransition(page, '.MuiButtonBase-root')).toBeGreaterThan(0.1); // MUI's own motion, as before
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await longestTransition(page, '.MuiButtonBase-root')).toBeLessThan(0.001);
      await userMenu.click();
      await page.getByRole('menu').waitFor();
      expect(await longestTransition(page, '.MuiPopover-paper, .MuiMenu-paper')).toBeLessThan(0.001);
      // Nothing is left running (no ripple, no fade) but a progress indicator's endless turn.
      const running = await page.evaluate(
        () => document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity).length,
      );
      expect(running).toBe(0);
    } finally {
      await close();
    }
  });
});

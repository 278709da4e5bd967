import * as zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/screenshot';
import { api, baseUrl, chooseOption, newPage, ownerSession, storeToken, unique } from './admin-session';

jest.setTimeout(180_000);

const RED_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC', 'base64');
/**
 * The back office's first screen must stay light: the rich-text editor and other heavy inputs load
 * on demand, as do the import, webhooks and API tokens screens. 450 KB until issue 28, whose
 * shared code (field cells and query operators in the contracts, the list's field filter, the
 * en catalog's words) took the first screen from 449 to 460 KB. 465 KB until issues 29 and 30:
 * the keyboard shortcuts and live regions every screen has, the palette's button, and 2.1 KB more of
 * the en catalog's words took it to 469 KB; the accounts' signed-out screens, the sign-in's second
 * step and the two-factor card now load when opened (468 KB).
 */
const INITIAL_JS_BUDGET = 475 * 1024;

const session = ownerSession();

/** A published container with a page, and a content page in it to link to and one to edit. */
async function site(): Promise<{ containerId: number; linked: { id: number; title: string; path: string }; edited: number }> {
  const slug = unique('guides').toLowerCase();
  const { body: container } = await api<{ id: number }>('/containers', {
    method: 'POST',
    token: session.token,
    body: { title: unique('Guides'), slug, published: true },
  });
  const title = unique('Getting started');
  const { body: linked } = await api<{ id: number }>('/contents', {
    method: 'POST',
    token: session.token,
    body: { containerId: container.id, title, slug: 'start', published: true },
  });
  const { body: edited } = await api<{ id: number }>('/contents', {
    method: 'POST',
    token: session.token,
    body: { containerId: container.id, title: unique('Board'), slug: 'board', published: true },
  });
  return { containerId: container.id, linked: { id: linked.id, title, path: `/${slug}/start` }, edited: edited.id };
}

/** Full-page screenshots from the top, so the fixed app bar sits where it belongs. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/**
 * Moves item `from` (1-based) to `to` from the keyboard, as a screen-reader user would: each step
 * waits for dnd-kit's announcement, so no key is pressed before the list is measured. dnd-kit
 * measures the items when the item is picked up: if the page still moved then (the focus scrolling
 * the handle into view, an image arriving above), an arrow finds no other place. The move is then
 * cancelled (Escape puts the item back) and made once more on the settled page.
 */
async function keyboardMove(page: Page, handle: ReturnType<Page['getByRole']>, from: number, to: number) {
  const announced = (text: string, timeout?: number) => page.getByText(text, { exact: true }).first().waitFor({ state: 'attached', timeout });
  const settled = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const move = async (stepTimeout?: number) => {
    await handle.scrollIntoViewIfNeeded();
    await handle.focus();
    await settled();
    await page.keyboard.press('Space');
    // Picked up, then at once over its own place.
    await announced(`Item ${from} is over position ${from}.`, stepTimeout);
    const step = to < from ? -1 : 1;
    for (let position = from + step; position !== to + step; position += step) {
      await page.keyboard.press(step < 0 ? 'ArrowUp' : 'ArrowDown');
      await announced(`Item ${from} is over position ${position}.`, stepTimeout);
    }
    await page.keyboard.press('Space');
    await announced(`Item ${from} dropped at position ${to}.`, stepTimeout);
  };
  try {
    await move(5_000);
  } catch (error) {
    console.warn(`keyboard move ${from} → ${to} made again: ${String(error).split('\n')[0]}`);
    await page.keyboard.press('Escape');
    await announced(`Move cancelled: item ${from} is back in its place.`, 5_000).catch(() => undefined);
    await settled();
    await move();
  }
}

describe('block editors built from the registry', () => {
  it('edits a hero with a theme, a media uploaded in place and a link picked by page title, and saves what the API accepts', async () => {
    const { linked, edited } = await site();
    const { page, logs, close } = await session.open(`/admin/contents/${edited}`, { timeout: 20_000 });
    try {
      await page.getByRole('button', { name: 'Add a section' }).click();
      const palette = page.getByRole('dialog', { name: 'Add a section' });
      for (const name of [
        'Rich text',
        'Hero',
        'Image or video',
        'Form',
        'Reusable element',
        "A container's contents",
        'Call to action',
        'Feature list',
        'Navigation menu',
      ])
        await palette.getByRole('button', { name }).waitFor();
      await palette.getByRole('button', { name: 'Hero' }).click();
      const hero = page.getByRole('region', { name: 'Section 1: Hero' });
      await hero.locator('input[name="sections.0.content.title"]').fill('Welcome aboard');
      await expect(hero.locator('input[name="sections.0.content.title"]').getAttribute('maxlength')).resolves.toBe('300');
      await hero.getByRole('button', { name: 'Black' }).click();
      await hero.locator('textarea[name="sections.0.content.text"]').first().fill('Everything you need for your first day.');

      await hero.getByRole('button', { name: 'Choose' }).click();
      const picker = page.getByRole('dialog', { name: 'Choose a media' });
      await picker.locator('input[type="file"]').setInputFiles({ name: 'hero-red.png', mimeType: 'image/png', buffer: RED_PNG });
      await picker.waitFor({ state: 'detached' });
      await hero.getByText('hero-red.png').waitFor();
      await hero.locator('img').first().waitFor();

      await hero.locator('input[name="sections.0.content.action.label"]').fill('Start here');
      const link = hero.getByRole('combobox', { name: 'Link' });
      await link.fill(linked.title.slice(0, 15));
      await chooseOption(page.getByRole('option', { name: new RegExp(linked.title) }));
      await hero.getByText(`Goes to the page “${linked.title}”`).waitFor();
      await shoot(page, 'admin-block-editor');

      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Content updated').waitFor();
      const { body } = await api<{ sections: { block: string; content: Record<string, unknown> }[] }>(`/contents/${edited}`, { token: session.token });
      expect(body.sections).toHaveLength(1);
      const { mediaId, ...content } = body.sections[0].content;
      expect(body.sections[0].block).toBe('hero');
      expect(typeof mediaId).toBe('number');
      expect(content).toEqual({
        title: 'Welcome aboard',
        text: 'Everything you need for your first day.',
        theme: 'black',
        action: { label: 'Start here', href: linked.path },
      });

      // A link the site would refuse is named before saving.
      await page.getByRole('button', { name: 'Expand' }).click();
      await page.getByRole('region', { name: 'Section 1: Hero' }).getByRole('combobox', { name: 'Link' }).fill('javascript:alert(1)');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('A path starting with / or #, or an http(s), mailto or tel address').waitFor();
    } catch (error) {
      await screenshot(page, 'admin-block-editor-failure');
      console.log(logs.join('\n'));
      throw error;
    } finally {
      await close();
    }
  });
});

describe('sections as a page builder', () => {
  it('adds blocks from the palette, fills a list, reorders, collapses, duplicates and removes with undo', async () => {
    const { containerId, edited } = await site();
    const { page, logs, close } = await session.open(`/admin/contents/${edited}`, { timeout: 20_000 });
    try {
      const add = async (name: string) => {
        await page.getByRole('button', { name: 'Add a section' }).click();
        await page.getByRole('dialog', { name: 'Add a section' }).getByRole('button', { name }).click();
      };
      await add('Feature list');
      const features = page.getByRole('region', { name: 'Section 1: Feature list' });
      await features.locator('input[name="sections.0.content.title"]').fill('Why us');
      for (const [index, title] of ['Fast', 'Friendly', 'Fair'].entries()) {
        await features.getByRole('button', { name: 'Add to Items' }).click();
        await features.locator(`input[name="sections.0.content.items.${index}.title"]`).fill(title);
      }
      // The third item goes first.
      await keyboardMove(page, features.getByRole('button', { name: 'Drag item 3 to reorder' }), 3, 1);
      await expect(features.locator('input[name="sections.0.content.items.0.title"]').inputValue()).resolves.toBe('Fair');
      await features.getByRole('button', { name: 'Remove item 3' }).click();

      await add("A container's contents");
      const listing = page.getByRole('region', { name: "Section 2: A container's contents" });
      const containerTitle = (await api<{ title: string }>(`/containers/${containerId}`, { token: session.token })).body.title;
      await listing.getByRole('combobox', { name: 'Container listed' }).fill(containerTitle.slice(0, 10));
      await chooseOption(page.getByRole('option', { name: containerTitle }));
      await listing.locator('input[name="sections.1.content.limit"]').fill('6');
      await listing.getByRole('combobox', { name: 'Order' }).click();
      await chooseOption(page.getByRole('option', { name: 'By title' }));
      await listing.getByLabel('Split into pages').check();

      await add('Rich text');
      const text = page.getByRole('region', { name: 'Section 3: Rich text' });
      await text.locator('.ProseMirror').click();
      await page.keyboard.type('Opening hours are on the door.');

      // Collapsed, each section is one line with its first words.
      for (const name of ['Section 1: Feature list', "Section 2: A container's contents", 'Section 3: Rich text']) {
        await page.getByRole('region', { name }).getByRole('button', { name: 'Collapse' }).click();
      }
      await page.getByRole('region', { name: 'Section 1: Feature list' }).getByText('Why us').waitFor();
      await page.getByRole('region', { name: 'Section 3: Rich text' }).getByText('Opening hours are on the door.').waitFor();

      // Duplicate, remove the copy, undo, remove it again.
      await page.getByRole('region', { name: 'Section 3: Rich text' }).getByRole('button', { name: 'Duplicate' }).click();
      await page.getByRole('region', { name: 'Section 4: Rich text' }).waitFor();
      await page.getByRole('region', { name: 'Section 4: Rich text' }).getByRole('button', { name: 'Remove the section' }).click();
      await page.getByText('Section removed').waitFor();
      await expect(page.getByRole('region', { name: /^Section \d: / }).count()).resolves.toBe(3);
      await page.getByRole('button', { name: 'Undo' }).click();
      await page.getByRole('region', { name: 'Section 4: Rich text' }).waitFor();

      // The rich text goes first.
      await keyboardMove(page, page.getByRole('button', { name: 'Drag section 3 (Rich text) to reorder' }), 3, 1);
      await page.getByRole('region', { name: 'Section 1: Rich text' }).getByText('Opening hours are on the door.').waitFor();
      await page.getByRole('region', { name: "Section 3: A container's contents" }).getByText(containerTitle).waitFor();
      await shoot(page, 'admin-page-builder');

      await page.getByRole('region', { name: 'Section 4: Rich text' }).getByRole('button', { name: 'Remove the section' }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Content updated').waitFor();
      const { body } = await api<{ sections: { block: string; content: Record<string, unknown>; containerContentId: number | null }[] }>(
        `/contents/${edited}`,
        { token: session.token },
      );
      expect(body.sections.map((section) => section.block)).toEqual(['richtext', 'feature-list', 'contents']);
      expect(body.sections[0].content).toEqual({ html: '<p>Opening hours are on the door.</p>' });
      expect(body.sections[1].content).toEqual({ title: 'Why us', items: [{ title: 'Fair' }, { title: 'Fast' }] });
      expect(body.sections[2]).toMatchObject({ containerContentId: containerId, content: { limit: 6, sort: 'title', paginate: true } });
    } catch (error) {
      await screenshot(page, 'admin-page-builder-failure');
      console.log(logs.join('\n'));
      throw error;
    } finally {
      await close();
    }
  });
});

describe('the rich-text editor', () => {
  it('loads on demand, offers only what the API keeps, and the API stores exactly what was typed', async () => {
    const { body: container } = await api<{ id: number }>('/containers', {
      method: 'POST',
      token: session.token,
      body: { title: unique('Notes'), fields: [{ label: 'Body', name: 'body', type: 'RICHTEXT' }] },
    });
    const { body: content } = await api<{ id: number }>('/contents', {
      method: 'POST',
      token: session.token,
      body: { containerId: container.id, title: unique('Note') },
    });

    const { context, page, logs } = await newPage(session.browser);
    page.setDefaultTimeout(20_000);
    // Each script's URL is noted as its answer arrives (its body follows): a URL noted only once its
    // body was read could miss a chunk that the page had already run (a race two shards lost).
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.set(
          response.url(),
          response.body().catch(() => Buffer.alloc(0)),
        );
    });
    await storeToken(page, session.token);
    try {
      // The first screen: its JavaScript within budget, without the editor.
      await page.goto(`${baseUrl()}/admin/contents?container=${container.id}`);
      await page.getByRole('cell', { name: /Note/ }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const initial = await Promise.all([...scripts.entries()].map(async ([url, body]) => [url, await body] as const));
      const gzipped = initial.reduce((total, [, body]) => total + zlib.gzipSync(body).length, 0);
      console.log(`initial JavaScript: ${initial.length} files, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
      expect(gzipped).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
      expect(initial.some(([url]) => /RichTextEditor/.test(url))).toBe(false);

      await page.goto(`${baseUrl()}/admin/contents/${content.id}`);
      const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
      await toolbar.waitFor();
      expect([...scripts.keys()].some((url) => /RichTextEditor/.test(url))).toBe(true);
      const offered = await toolbar.getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
      expect(offered).toEqual([
        'Bold',
        'Italic',
        'Underline',
        'Strikethrough',
        'Code',
        'Bulleted list',
        'Numbered list',
        'Quotation',
        'Code block',
        'Horizontal line',
        'Add a link',
        'Remove the link',
        'Clear formatting',
        'Undo',
        'Redo',
      ]);
      await toolbar.getByRole('combobox', { name: 'Text style' }).click();
      await expect(page.getByRole('option').allTextContents()).resolves.toEqual(['Paragraph', 'Heading 2', 'Heading 3', 'Heading 4']);
      await chooseOption(page.getByRole('option', { name: 'Heading 2' }));

      const editor = page.locator('.ProseMirror');
      await editor.click();
      await page.keyboard.type('Opening hours');
      await page.keyboard.press('Enter');
      // A mark toggled from the toolbar: typing waits until the editor has taken it (its button says
      // so), else under load the first keys reached the editor before the focus came back and were lost.
      const mark = async (name: string, on: boolean) => {
        await toolbar.getByRole('button', { name }).click();
        await toolbar.locator(`button[aria-label="${name}"][aria-pressed="${on}"]`).waitFor();
      };
      await page.keyboard.type('We open ');
      await mark('Bold', true);
      await page.keyboard.type('every day');
      await mark('Bold', false);
      await mark('Italic', true);
      await page.keyboard.type(' at nine');
      await mark('Italic', false);
      await mark('Underline', true);
      await page.keyboard.type(' sharp');
      await mark('Underline', false);
      await page.keyboard.press('Enter');
      await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
      await page.keyboard.type('Coffee');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Tea');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await toolbar.getByRole('button', { name: 'Quotation' }).click();
      await page.keyboard.type('Best in town');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.keyboard.type('See the map');
      for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowLeft');
      await toolbar.getByRole('button', { name: 'Add a link' }).click();
      const dialog = page.getByRole('dialog', { name: 'Link' });
      await dialog.getByRole('textbox', { name: 'Address' }).fill('javascript:alert(1)');
      await expect(dialog.getByRole('button', { name: 'Confirm' }).isDisabled()).resolves.toBe(true);
      await dialog.getByRole('textbox', { name: 'Address' }).fill('/map');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await editor.locator('a[href="/map"]').waitFor();
      await shoot(page, 'admin-rich-text');

      const sent = page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes(`/api/contents/${content.id}`));
      await page.getByRole('button', { name: 'Save' }).click();
      const typed = (JSON.parse((await sent).postData() ?? '{}') as { fields: { body: string } }).fields.body;
      await page.getByText('Content updated').waitFor();
      for (const tag of ['<h2>', '<strong>', '<em>', '<u>', '<ul>', '<li>', '<blockquote>', '<a href="/map">']) expect(typed).toContain(tag);
      const { body: saved } = await api<{ fields: { body: string } }>(`/contents/${content.id}`, { token: session.token });
      expect(saved.fields.body).toBe(typed);
    } catch (error) {
      await screenshot(page, 'admin-rich-text-failure');
      console.log(logs.join('\n'));
      throw error;
    } finally {
      await context.close();
    }
  });
});

import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/screenshot';
import { api, baseUrl, ownerSession, unique } from './admin-session';

/**
 * An editor without a mouse: every step below is a key press (Tab, Shift+Tab, Enter, Space, the
 * arrows, typing); the page is only read, never clicked or filled.
 */
jest.setTimeout(120_000);

const session = ownerSession();

interface Focused {
  tag: string;
  role: string;
  name: string;
  text: string;
  inputName: string;
  editable: boolean;
  /** The page-builder section it sits in ("Section 2: Rich text"), if any. */
  section: string;
}

/** What has the focus: its tag, role, accessible name (aria-label, aria-labelledby, label) and text. */
async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return { tag: '', role: '', name: '', text: '', inputName: '', editable: false, section: '' };
    const labelledBy = element
      .getAttribute('aria-labelledby')
      ?.split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    const labels = (element as HTMLInputElement).labels;
    const name = element.getAttribute('aria-label') ?? labelledBy ?? (labels && labels.length > 0 ? (labels[0].textContent ?? '') : '');
    return {
      tag: element.tagName.toLowerCase(),
      role: element.getAttribute('role') ?? '',
      name: name.replace(/\s+/g, ' ').trim(),
      text: (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80),
      inputName: element.getAttribute('name') ?? '',
      editable: element.isContentEditable,
      section: element.closest('section[aria-label]')?.getAttribute('aria-label') ?? '',
    };
  });
}

/** Presses Tab (or Shift+Tab) until the focus is on what `wanted` describes. */
async function tabTo(page: Page, wanted: (focus: Focused) => boolean, what: string, backwards = false): Promise<void> {
  for (let step = 0; step < 80; step += 1) {
    if (wanted(await focused(page))) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tabbing never reached ${what} (last: ${JSON.stringify(await focused(page))})`);
}

const button = (name: string) => (focus: Focused) => (focus.tag === 'button' || focus.role === 'button') && (focus.name || focus.text) === name;

async function picture(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: '#13795b' } })
    .png()
    .toBuffer();
}

describe('the back office by keyboard alone', () => {
  it('creates a content with a rich-text and an image section, publishes it, and the site shows both', async () => {
    const containerSlug = unique('kbd').toLowerCase();
    const container = await session.create<{ id: number }>('/containers', { title: unique('Keyboard news'), slug: containerSlug, published: true });
    const body = new FormData();
    const mediaName = `${unique('kbd-picture')}.png`;
    body.append('file', new Blob([new Uint8Array(await picture())], { type: 'image/png' }), mediaName);
    body.append('alt', JSON.stringify({ en: 'A green field' }));
    const upload = await fetch(`${baseUrl()}/api/medias`, { method: 'POST', headers: { token: session.token, accept: 'application/json' }, body });
    expect(upload.status).toBe(201);
    const media = (await upload.json()) as { id: number; name: string };

    const { page, close } = await session.open(`/admin/contents?container=${container.id}`);
    page.setDefaultTimeout(20_000);
    try {
      // From the container's list, its Create link.
      await page.getByRole('link', { name: 'Create a content' }).waitFor();
      await tabTo(page, (focus) => focus.tag === 'a' && focus.text === 'Create a content', 'the Create link');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/admin/contents/create**');

      // The focus starts in the first field: the title.
      await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'title');
      const title = unique('Typed');
      await page.keyboard.type(title);
      await tabTo(page, (focus) => focus.inputName === 'slug', 'the slug');
      const slug = unique('typed').toLowerCase();
      await page.keyboard.type(slug);
      await tabTo(page, (focus) => focus.inputName === 'published', 'the Published switch');
      await page.keyboard.press('Space');

      // A rich-text section from the palette: the dialog takes the focus, Enter picks, the focus comes back.
      await tabTo(page, button('Add a section'), 'Add a section');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Add a section' }).waitFor();
      await tabTo(page, button('Rich text'), 'the Rich text block');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await focused(page)).toMatchObject({ text: 'Add a section' });
      await tabTo(page, (focus) => focus.editable, 'the rich-text editor', true);
      await page.keyboard.type('Written without a mouse.');

      // An image section, its media chosen in the picker.
      await tabTo(page, button('Add a section'), 'Add a section');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Add a section' }).waitFor();
      await tabTo(page, button('Image or video'), 'the Image or video block');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await tabTo(page, button('Choose'), 'Choose a media', true);
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Choose a media' }).waitFor();
      await tabTo(page, (focus) => focus.name === media.name, 'the picture in the picker');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByText(media.name).first().waitFor();

      // The image goes above the text without dragging: its handle, Space, ↑, Space, each step announced.
      // dnd-kit's live region is visually hidden: read its words rather than wait for it to show.
      const announced = (words: RegExp) =>
        page.waitForFunction(
          (source) => [...document.querySelectorAll('[id^="DndLiveRegion"]')].some((region) => new RegExp(source).test(region.textContent ?? '')),
          words.source,
        );
      await tabTo(page, (focus) => focus.name === 'Drag section 2 (Image or video) to reorder', "the image section's handle", true);
      await page.keyboard.press('Space');
      await announced(/^(Picked up item 2\.|Item 2 is over position 2\.)$/);
      await page.keyboard.press('ArrowUp');
      await announced(/^Item 2 is over position 1\.$/);
      await page.keyboard.press('Space');
      await announced(/^Item 2 dropped at position 1\.$/);
      await page.locator('section[aria-label="Section 1: Image or video"]').waitFor();

      // Ctrl+S saves (creates) the content, published.
      await page.keyboard.press('Control+s');
      await page.waitForURL(/\/admin\/contents\/\d+$/);
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const { body: saved } = await api<{ path: string; published: boolean; sections: { block: string; content: Record<string, unknown> }[] }>(
        `/contents/${id}?locale=en`,
        { token: session.token },
      );
      expect(saved.published).toBe(true);
      expect(saved.sections.map((section) => section.block)).toEqual(['media', 'richtext']);
      expect(saved.sections[0].content.mediaId).toBe(media.id);
      // The notification was announced politely (a live region), not as an alert.
      await page.locator('.MuiSnackbarContent-root[role="status"][aria-live="polite"]').getByText('Content created').waitFor();

      // Ctrl+S inside the rich-text editor saves too.
      await tabTo(page, (focus) => button('Expand')(focus) && focus.section === 'Section 2: Rich text', 'the rich-text section');
      await page.keyboard.press('Enter');
      await tabTo(page, (focus) => focus.editable, 'the rich-text editor');
      await page.keyboard.press('End');
      await page.keyboard.type(' And saved with Ctrl+S.');
      const [put] = await Promise.all([
        page.waitForResponse((response) => response.url().includes(`/api/contents/${id}`) && response.request().method() === 'PUT'),
        page.keyboard.press('Control+s'),
      ]);
      expect(put.status()).toBe(200);

      // `?` lists the shortcuts; Esc closes the list.
      await page.keyboard.press('Escape');
      await tabTo(page, button('Add a section'), 'Add a section');
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.getByText('Save the current form').waitFor();
      await help.getByText('Open the command palette').waitFor();
      await page.waitForTimeout(300); // the dialog's fade-in
      await screenshot(page, 'issue30-shortcuts-help', { fullPage: false });
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'detached' });
      expect(await focused(page)).toMatchObject({ text: 'Add a section' });

      // The visitor's page shows the words and the picture.
      const { body: live } = await api<{ path: string }>(`/contents/${id}?locale=en`, { token: session.token });
      const visitor = await page.context().newPage();
      await visitor.goto(`${baseUrl()}${live.path}`);
      const main = visitor.locator('main');
      await main.getByText('Written without a mouse. And saved with Ctrl+S.').waitFor();
      await main.locator('img[alt="A green field"]').waitFor();
      await visitor.close();
    } catch (error) {
      await screenshot(page, 'keyboard-failure');
      throw error;
    } finally {
      await close();
    }
  });
});

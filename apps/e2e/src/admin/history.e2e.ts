import type { Locator, Page } from 'playwright-core';
import { screenshot } from '../support/screenshot';
import { api, apiSignIn, baseUrl, createUserWithRights, newPage, ownerSession, storeToken, unique } from './admin-session';

jest.setTimeout(300_000);

const session = ownerSession();

/** A drawer, a dialog or a toast fades in (MUI's transition): the picture waits for it. */
const settle = (page: Page) => page.waitForTimeout(500);

/** Waits until an input shows `value` (the form is reset after a read, a restore...). */
async function showsValue(input: Locator, value: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  let seen = '';
  while (Date.now() < deadline) {
    seen = await input.inputValue();
    if (seen === value) return;
    await input.page().waitForTimeout(200);
  }
  throw new Error(`The input shows "${seen}", not "${value}"`);
}

async function bodyOf(id: number, token: string): Promise<unknown> {
  const { body } = await api<{ fields: Record<string, unknown> }>(`/contents/${id}?locale=en`, { token });
  return body.fields.body;
}

describe('history, conflicts and unsaved work, as two editors', () => {
  it('refuses the second of two saves with a dialog, lists both authors, restores the first text, and asks before leaving unsaved work', async () => {
    const container = await session.create<{ id: number }>('/containers', {
      title: unique('Notes'),
      slug: unique('notes').toLowerCase(),
      published: true,
      drafts: false,
      fields: [{ label: 'Body', name: 'body', type: 'STRING' }],
    });
    const post = await session.create<{ id: number }>('/contents', {
      containerId: container.id,
      title: 'Shared post',
      slug: 'shared-post',
      published: true,
      fields: { body: 'Original text' },
    });
    const { body: me } = await api<{ name: string }>('/me', { token: session.token });
    const editor = await createUserWithRights(session.token, ['VIEW_CONTENT', 'UPDATE_CONTENT', 'VIEW_CONTAINER']);
    const editorToken = await apiSignIn(editor.email, editor.password);

    const ann = await session.open(`/admin/contents/${post.id}`);
    const { page } = ann;
    page.setDefaultTimeout(20_000);
    const bob = await newPage(session.browser);
    const other = bob.page;
    other.setDefaultTimeout(20_000);
    try {
      await page.getByLabel('Body').waitFor();
      await storeToken(other, editorToken);
      await other.goto(`${baseUrl()}/admin/contents/${post.id}`);
      await other.getByLabel('Body').waitFor();

      // The second editor is told the first one has the post open.
      await other.getByTestId('presence-banner').getByText(`${me.name} is also editing this`).waitFor();
      await settle(other);
      await screenshot(other, 'history-presence', { fullPage: false });

      // Both change the body; the first saves.
      await page.getByLabel('Body').fill('First text');
      await other.getByLabel('Body').fill('Second text');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Content updated').waitFor();
      expect(await bodyOf(post.id, session.token)).toBe('First text');

      // The second save is refused: the dialog says who changed it, and shows their text beside ours.
      await other.getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = other.getByRole('dialog', { name: 'Changed by someone else meanwhile' });
      await dialog.getByText(`${me.name} changed this content`).waitFor();
      expect(await bodyOf(post.id, session.token)).toBe('First text');
      await settle(other);
      await screenshot(other, 'history-conflict-dialog', { fullPage: false });
      await dialog.getByRole('button', { name: 'See their changes' }).click();
      const comparison = dialog.getByTestId('state-comparison');
      await comparison.getByText('First text').waitFor();
      await comparison.getByText('Second text').waitFor();
      await settle(other);
      await screenshot(other, 'history-conflict-compare', { fullPage: false });

      // Keep mine: saved over theirs, on purpose this time.
      await dialog.getByRole('button', { name: 'Keep mine' }).click();
      await other.getByText('Content updated').waitFor();
      expect(await bodyOf(post.id, session.token)).toBe('Second text');

      // The first editor reads the post again and opens its history: both authors are there.
      await page.reload();
      await showsValue(page.getByLabel('Body'), 'Second text');
      await page.getByRole('button', { name: 'History' }).click();
      const drawer = page.getByTestId('history-list');
      const versions = drawer.getByTestId('history-version');
      await versions.nth(1).waitFor();
      await drawer.getByText(`by ${editor.name}`).first().waitFor();
      await drawer.getByText(`by ${me.name}`).first().waitFor();
      await settle(page);
      await screenshot(page, 'history-drawer', { fullPage: false });

      // The two latest versions side by side.
      await versions.nth(0).getByRole('checkbox').check();
      await versions.nth(1).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Compare', exact: true }).click();
      const compare = page.getByRole('dialog', { name: 'Two versions side by side' });
      await compare.getByText('First text').waitFor();
      await compare.getByText('Second text').waitFor();
      await settle(page);
      await screenshot(page, 'history-compare', { fullPage: false });
      await compare.getByRole('button', { name: 'Close' }).click();

      // Restoring the first editor's version brings the first text back, on screen and in the API.
      await versions.nth(1).getByRole('button', { name: 'Restore' }).click();
      const confirm = page.getByRole('dialog', { name: 'Restore this version?' });
      await settle(page);
      await screenshot(page, 'history-restore-confirm', { fullPage: false });
      await confirm.getByRole('button', { name: 'Restore' }).click();
      await page.getByText('Version restored').first().waitFor();
      expect(await bodyOf(post.id, session.token)).toBe('First text');
      // The drawer is modal: closed by its button (an Escape can land while the confirmation still fades out).
      await page.getByRole('button', { name: 'Close the history' }).click();
      await drawer.waitFor({ state: 'hidden' });
      await showsValue(page.getByLabel('Body'), 'First text');
      await settle(page);
      await screenshot(page, 'history-restored', { fullPage: false });

      // Leaving with unsaved work asks first: react-admin's prompt inside the back office, the
      // browser's own when the link leaves it (Home is the public site); staying keeps the work.
      await page.getByLabel('Body').fill('Unsaved words');
      const prompt = (link: string) => {
        const asked = new Promise<{ type: string; message: string }>((resolve) =>
          page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve({ type: dialog.type(), message: dialog.message() }))),
        );
        return page
          .getByRole('link', { name: link, exact: true })
          .click()
          .then(() => asked);
      };
      expect(await prompt('Layout')).toEqual({ type: 'confirm', message: "Some of your changes weren't saved. Are you sure you want to ignore them?" });
      expect(new URL(page.url()).pathname).toBe(`/admin/contents/${post.id}`);
      expect((await prompt('Home')).type).toBe('beforeunload');
      expect(new URL(page.url()).pathname).toBe(`/admin/contents/${post.id}`);
      expect(await page.getByLabel('Body').inputValue()).toBe('Unsaved words');
    } catch (error) {
      await screenshot(page, 'history-failure');
      await screenshot(other, 'history-failure-second-editor');
      throw error;
    } finally {
      await bob.context.close();
      await ann.close();
    }
  });

  it('saves a draft by itself a few seconds after typing stops, without publishing it', async () => {
    const slug = unique('diary').toLowerCase();
    const container = await session.create<{ id: number }>('/containers', {
      title: unique('Diary'),
      slug,
      published: true,
      drafts: true,
      fields: [{ label: 'Body', name: 'body', type: 'STRING' }],
    });
    const post = await session.create<{ id: number }>('/contents', {
      containerId: container.id,
      title: 'Day one',
      slug: 'day-one',
      published: true,
      fields: { body: 'Live words' },
    });
    const { page, close } = await session.open(`/admin/contents/${post.id}`);
    page.setDefaultTimeout(20_000);
    try {
      await page.getByLabel('Body').fill('Autosaved words');
      const status = page.getByTestId('autosave-status');
      await status.getByText('Unsaved changes').waitFor();
      await status.getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });
      expect(await bodyOf(post.id, session.token)).toBe('Autosaved words');
      await page.getByText('Changed since publishing').first().waitFor();
      await status.scrollIntoViewIfNeeded();
      await screenshot(page, 'history-autosave', { fullPage: false });
      // Nothing went live: the site still shows the published words.
      const visitor = await page.context().newPage();
      await visitor.goto(`${baseUrl()}/${slug}/day-one`);
      expect(await visitor.locator('main').innerText()).toContain('Live words');
      await visitor.close();
      const { body } = await api<{ published: boolean; hasDraft: boolean }>(`/contents/${post.id}?locale=en`, { token: session.token });
      expect(body.published).toBe(true);
      expect(body.hasDraft).toBe(true);

      // Someone else saves the draft meanwhile: the next autosave is refused, not written over theirs.
      const elsewhere = await api(`/contents/${post.id}?locale=en`, { method: 'PUT', token: session.token, body: { fields: { body: 'Changed elsewhere' } } });
      expect(elsewhere.status).toBe(200);
      await page.getByLabel('Body').fill('Autosaved words, and more');
      const dialog = page.getByRole('dialog', { name: 'Changed by someone else meanwhile' });
      await dialog.waitFor({ timeout: 15_000 });
      expect(await bodyOf(post.id, session.token)).toBe('Changed elsewhere');
      await status.getByText('Not saved: someone else saved meanwhile').waitFor();
      await dialog.getByRole('button', { name: 'Take theirs' }).click();
      await showsValue(page.getByLabel('Body'), 'Changed elsewhere');
    } catch (error) {
      await screenshot(page, 'history-autosave-failure');
      throw error;
    } finally {
      await close();
    }
  });

  it('refuses a settings save made after someone else changed the same setting, and shows its history', async () => {
    const list = async () => (await api<{ id: number; name: string }[]>(`/settings?range=${encodeURIComponent('[0,499]')}`, { token: session.token })).body;
    const existed = (await list()).some((setting) => setting.name === 'smtpSender');
    expect((await api('/settings/by-name/smtpSender', { method: 'PUT', token: session.token, body: { value: 'first@example.com' } })).status).toBe(200);
    const { page, close } = await session.open('/admin');
    page.setDefaultTimeout(20_000);
    try {
      const input = page.locator('input[name="smtpSender"]');
      await showsValue(input, 'first@example.com');
      // Saved elsewhere after the screen read it.
      expect((await api('/settings/by-name/smtpSender', { method: 'PUT', token: session.token, body: { value: 'theirs@example.com' } })).status).toBe(200);
      await input.fill('mine@example.com');
      await page.getByRole('button', { name: 'Save the settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Changed by someone else meanwhile' });
      await dialog.getByText(/changed these settings/).waitFor();
      await dialog.getByRole('button', { name: 'See their changes' }).click();
      await dialog.getByTestId('state-comparison').getByText('theirs@example.com').waitFor();
      await dialog.getByTestId('state-comparison').getByText('mine@example.com').waitFor();
      await settle(page);
      await screenshot(page, 'history-settings-conflict', { fullPage: false });
      await dialog.getByRole('button', { name: 'Take theirs' }).click();
      await showsValue(input, 'theirs@example.com');

      await page.getByRole('button', { name: 'History' }).click();
      const versions = page.getByTestId('history-version');
      await versions.nth(1).waitFor();
      await settle(page);
      await screenshot(page, 'history-settings-drawer', { fullPage: false });
    } catch (error) {
      await screenshot(page, 'history-settings-failure');
      throw error;
    } finally {
      await close();
      const setting = (await list()).find((entry) => entry.name === 'smtpSender');
      if (setting && !existed) await api(`/settings/${setting.id}`, { method: 'DELETE', token: session.token });
    }
  });

  it('gives elements, forms, containers and the layout their history, and an element its conflict dialog', async () => {
    const element = await session.create<{ id: number }>('/elements', {
      title: 'Promo',
      block: 'cta',
      content: { title: 'Join', action: { label: 'Go', href: '/join' } },
    });
    expect((await api(`/elements/${element.id}`, { method: 'PUT', token: session.token, body: { title: 'Promo 2' } })).status).toBe(200);
    const form = await session.create<{ id: number }>('/forms', { title: 'Survey', fields: [{ name: 'email', type: 'EMAIL', label: 'E-mail' }] });
    expect((await api(`/forms/${form.id}`, { method: 'PUT', token: session.token, body: { title: 'Survey 2' } })).status).toBe(200);
    const container = await session.create<{ id: number }>('/containers', { title: unique('Shelf'), drafts: false });
    expect((await api(`/containers/${container.id}`, { method: 'PUT', token: session.token, body: { title: unique('Shelf renamed') } })).status).toBe(200);

    const { page, close } = await session.open(`/admin/elements/${element.id}`);
    page.setDefaultTimeout(20_000);
    const versions = page.getByTestId('history-version');
    const openHistory = async (name: string) => {
      await page.getByRole('button', { name: 'History' }).click();
      await versions.first().waitFor();
      await settle(page);
      await screenshot(page, name, { fullPage: false });
    };
    try {
      await showsValue(page.locator('input[name="title"]'), 'Promo 2');
      await openHistory('history-element-drawer');
      await versions.nth(0).getByRole('checkbox').check();
      await versions.nth(1).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Compare', exact: true }).click();
      const compare = page.getByRole('dialog', { name: 'Two versions side by side' });
      await compare.getByText('Promo 2').waitFor();
      await settle(page);
      await screenshot(page, 'history-element-compare', { fullPage: false });
      await compare.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: 'Close the history' }).click();
      await page.getByTestId('history-list').waitFor({ state: 'hidden' });

      // Saved elsewhere meanwhile: this screen's save is refused, and Take theirs shows theirs.
      expect((await api(`/elements/${element.id}`, { method: 'PUT', token: session.token, body: { title: 'Elsewhere' } })).status).toBe(200);
      await page.locator('input[name="title"]').fill('Mine');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Changed by someone else meanwhile' });
      await dialog.getByText(/changed this element/).waitFor();
      await dialog.getByRole('button', { name: 'Take theirs' }).click();
      await showsValue(page.locator('input[name="title"]'), 'Elsewhere');

      await page.goto(`${baseUrl()}/admin/forms/${form.id}`);
      await showsValue(page.locator('input[name="title"]'), 'Survey 2');
      await openHistory('history-form-drawer');
      await versions.nth(1).waitFor();

      await page.goto(`${baseUrl()}/admin/containers/${container.id}`);
      await page.locator('input[name="title"]').waitFor();
      await openHistory('history-container-drawer');

      expect((await api('/layout?locale=en', { method: 'POST', token: session.token, body: { sections: [] } })).status).toBe(200);
      await page.goto(`${baseUrl()}/admin/layout`);
      await page.getByRole('heading', { name: 'Header' }).waitFor();
      await openHistory('history-layout-drawer');
    } catch (error) {
      await screenshot(page, 'history-screens-failure');
      throw error;
    } finally {
      await close();
    }
  });
});

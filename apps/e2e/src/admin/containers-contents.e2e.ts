import { CONTAINER_MENU_LIMIT } from '@cms/contracts';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/screenshot';
import { api, baseUrl, chooseOption, ownerSession, unique } from './admin-session';

jest.setTimeout(120_000);

const session = ownerSession();

describe('containers and contents screens', () => {
  it('creates a container with fields, then a content of it, and lists it', async () => {
    const { page, close } = await session.open('/admin/containers');
    page.setDefaultTimeout(15_000);
    try {
      await containerAndContent(page);
    } catch (error) {
      await screenshot(page, 'admin-containers-failure');
      throw error;
    } finally {
      await close();
    }
  });
});

describe('page sections and access of a content', () => {
  it("composes a page from sections, limits who reads it, and keeps en's sections out of fr unless edited", async () => {
    const slug = unique('composed').toLowerCase();
    const role = unique('members').toLowerCase();
    expect((await api('/roles', { method: 'POST', token: session.token, body: { id: role, name: `Members ${role}`, rights: [] } })).status).toBe(201);
    const { body: container } = await api<{ id: number }>('/containers', {
      method: 'POST',
      token: session.token,
      body: { title: unique('Stories'), slug, published: true },
    });
    const { body: content } = await api<{ id: number }>('/contents', {
      method: 'POST',
      token: session.token,
      body: { containerId: container.id, title: 'Story', slug: 'story', published: true },
    });
    const { page, close } = await session.open(`/admin/contents/${content.id}`);
    page.setDefaultTimeout(15_000);
    try {
      await page.getByText('Page sections').waitFor();
      await page.getByRole('button', { name: 'Add a section' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Rich text' }).click();
      const editor = page.getByRole('region', { name: 'Section 1: Rich text' }).locator('.ProseMirror');
      await editor.click();
      await page.keyboard.type('Made in the back office');
      await page.locator('.ra-input-accesses').getByRole('button', { name: 'Add' }).click();
      await page.locator('.ra-input-accesses').getByRole('combobox', { name: /Role/ }).click();
      await chooseOption(page.getByRole('option', { name: `Members ${role}` }));
      await screenshot(page, 'admin-content-sections');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Content updated').waitFor();

      const { body: saved } = await api<{ sections: { block: string; content: { html?: string } }[]; accesses: { roleId: string }[] }>(
        `/contents/${content.id}`,
        { token: session.token },
      );
      expect(saved.sections.map((section) => [section.block, section.content.html])).toEqual([['richtext', '<p>Made in the back office</p>']]);
      expect(saved.accesses).toEqual([{ roleId: role }]);
      const path = encodeURIComponent(`/${slug}/story`);
      expect((await api(`/pages?path=${path}`)).status).toBe(401);
      const { body: read } = await api<{ sections: { block: string }[] }>(`/pages?path=${path}`, { token: session.token });
      expect(read.sections.map((section) => section.block)).toEqual(['richtext']);

      // In fr the sections are en's, marked as such; saving without editing them keeps them en's.
      await page.getByRole('button', { name: 'Locale fr' }).click();
      await page.getByText('Shown from en: saved in this locale only if you edit them.').waitFor();
      await page.locator('input[name="title"]').fill('Histoire');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Content updated').waitFor();
      const { body: fr } = await api<{ sectionsFallback: boolean }>(`/contents/${content.id}?locale=fr`, { token: session.token });
      expect(fr.sectionsFallback).toBe(true);
    } catch (error) {
      await screenshot(page, 'admin-content-sections-failure');
      throw error;
    } finally {
      await close();
    }
  });
});

describe("a page's last access", () => {
  it('is taken away only after the dialog is confirmed, which sends clearAccesses: the page turns public', async () => {
    const slug = unique('lounge').toLowerCase();
    const role = unique('regulars').toLowerCase();
    expect((await api('/roles', { method: 'POST', token: session.token, body: { id: role, name: `Regulars ${role}`, rights: [] } })).status).toBe(201);
    const { body: container } = await api<{ id: number }>('/containers', {
      method: 'POST',
      token: session.token,
      body: { title: unique('Lounge'), slug, published: true, accesses: [{ roleId: role }] },
    });
    const accessesNow = async () => (await api<{ accesses: { roleId: string }[] }>(`/containers/${container.id}`, { token: session.token })).body.accesses;
    const { page, close } = await session.open(`/admin/containers/${container.id}`);
    page.setDefaultTimeout(15_000);
    try {
      // The row's Remove button shows on hover.
      await page.locator('.ra-input-accesses .RaSimpleFormIterator-line').first().hover();
      await page.locator('.ra-input-accesses').getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      const dialog = page.getByRole('dialog', { name: 'Open this page to more readers?' });
      await dialog.waitFor();
      // Cancelled: nothing is sent, the page keeps its access.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await accessesNow()).toEqual([{ roleId: role }]);
      expect((await api(`/pages?path=${encodeURIComponent(`/${slug}`)}`)).status).toBe(401);

      await page.getByRole('button', { name: 'Save' }).click();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Container updated').waitFor();
      expect(await accessesNow()).toEqual([]);
      expect((await api(`/pages?path=${encodeURIComponent(`/${slug}`)}`)).status).toBe(200);
    } catch (error) {
      await screenshot(page, 'admin-last-access-failure');
      throw error;
    } finally {
      await close();
    }
  });
});

async function containerAndContent(page: Page) {
  {
    await page.getByRole('link', { name: 'Create a container' }).click();
    await page.waitForURL('**/admin/containers/create');

    const title = unique('Products');
    await page.locator('input[name="title"]').fill(title);
    await page.locator('input[name="slug"]').fill(title.toLowerCase());
    // Drafts are on by default in this screen; this test saves live (drafts.e2e.ts does the drafts).
    await page.locator('input[name="drafts"]').uncheck();

    const addField = async () => {
      await page.getByRole('button', { name: 'Add', exact: true }).first().click();
    };
    // Field 0: a required string.
    await addField();
    await page.locator('input[name="fields.0.label"]').fill('Subtitle');
    await page.locator('input[name="fields.0.name"]').fill('subtitle');
    await page.locator('.RaSimpleFormIterator-line').nth(0).getByRole('combobox', { name: /Type/ }).click();
    await chooseOption(page.getByRole('option', { name: 'STRING', exact: true }));
    await page.locator('input[name="fields.0.required"]').check();
    // Field 1: a number from 0 to 1000.
    await addField();
    await page.locator('input[name="fields.1.label"]').fill('Price');
    await page.locator('input[name="fields.1.name"]').fill('price');
    await page.locator('.RaSimpleFormIterator-line').nth(1).getByRole('combobox', { name: /Type/ }).click();
    await chooseOption(page.getByRole('option', { name: 'NUMBER', exact: true }));
    await page.locator('input[name="fields.1.min"]').fill('0');
    await page.locator('input[name="fields.1.max"]').fill('1000');
    // Field 2: an option list.
    await addField();
    await page.locator('input[name="fields.2.label"]').fill('Size');
    await page.locator('input[name="fields.2.name"]').fill('size');
    await page.locator('.RaSimpleFormIterator-line').nth(2).getByRole('combobox', { name: /Type/ }).click();
    await chooseOption(page.getByRole('option', { name: 'OPTION', exact: true }));
    await page.locator('textarea[name="fields.2.options"]').fill('Small\nLarge');
    await screenshot(page, 'admin-container-create');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/containers\/\d+$/);
    const containerId = Number(page.url().split('/').pop());
    await page.locator('input[name="fields.2.name"]').waitFor();
    expect(await page.locator('input[name="fields.2.name"]').inputValue()).toBe('size');

    const { body: container } = await api<{ fields: { name: string; type: string; options: string[] | null; max: number | null }[] }>(
      `/containers/${containerId}`,
      { token: session.token },
    );
    expect(container.fields.map((field) => [field.name, field.type])).toEqual([
      ['subtitle', 'STRING'],
      ['price', 'NUMBER'],
      ['size', 'OPTION'],
    ]);
    expect(container.fields[2].options).toEqual(['Small', 'Large']);
    expect(container.fields[1].max).toBe(1000);

    // The top bar's Containers dropdown knows the new container without a reload. It lists the
    // first CONTAINER_MENU_LIMIT containers in creation order: when other tests of this server made
    // that many before, the new one is not among them and the dropdown ends with the last that is.
    const { body: quickList } = await api<{ id: number; title: string }[]>('/containers?q=', { token: session.token });
    const menu = quickList.slice(0, CONTAINER_MENU_LIMIT);
    const expected = menu.some((item) => item.id === containerId) ? title : menu[menu.length - 1].title;
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Containers shortcuts' }).click();
    await page.getByRole('menuitem', { name: expected }).first().waitFor();
    await page.keyboard.press('Escape');

    // Metadata in fr: saved in fr only.
    await page.getByRole('button', { name: 'Locale fr' }).click();
    await page.getByText('Metadata (fr)').waitFor();
    await screenshot(page, 'admin-container-edit-fr');

    // A content of it, through the UI.
    await page.goto(`${baseUrl()}/admin/contents?container=${containerId}`);
    await page.getByText(`Contents of ${title}`).first().waitFor();
    await page.getByRole('link', { name: 'Create a content' }).click();
    await page.waitForURL(`**/admin/contents/create?container=${containerId}`);
    await page.locator('input[name="fields.subtitle"]').waitFor();
    const contentTitle = unique('Blue mug');
    await page.locator('input[name="title"]').fill(contentTitle);
    await page.locator('input[name="fields.subtitle"]').fill('A mug that is blue');
    // The server's rule (max 1000) shows on the right input.
    await page.locator('input[name="fields.price"]').fill('5000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/1000/).first().waitFor();
    await page.locator('input[name="fields.price"]').fill('12.5');
    await page.getByRole('combobox', { name: /Size/ }).click();
    await chooseOption(page.getByRole('option', { name: 'Large' }));
    await screenshot(page, 'admin-content-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/contents\/\d+$/);
    const contentId = Number(page.url().split('/').pop());

    const { body: content } = await api<{ containerId: number; fields: Record<string, unknown> }>(`/contents/${contentId}`, { token: session.token });
    expect(content.containerId).toBe(containerId);
    expect(content.fields).toMatchObject({ subtitle: 'A mug that is blue', price: 12.5, size: 'Large' });

    // In fr the values are en's, marked as such, and saving the title does not copy them into fr.
    await page.getByRole('button', { name: 'Locale fr' }).click();
    await page.getByText('Shown from en: saved in fr only if you edit it').first().waitFor();
    await page.locator('input[name="fields.subtitle"]').fill('Une tasse bleue');
    await screenshot(page, 'admin-content-edit-fr');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Content updated').waitFor();
    const { body: fr } = await api<{ fields: Record<string, unknown>; fallbackFields: string[] }>(`/contents/${contentId}?locale=fr`, {
      token: session.token,
    });
    expect(fr.fields.subtitle).toBe('Une tasse bleue');
    expect(fr.fallbackFields.sort()).toEqual(['price', 'size']);

    await page.goto(`${baseUrl()}/admin/contents?container=${containerId}`);
    await page.getByRole('cell', { name: contentTitle }).waitFor();
    await screenshot(page, 'admin-contents-list');
    await page.goto(`${baseUrl()}/admin/containers`);
    await page.getByRole('cell', { name: title }).waitFor();
    await screenshot(page, 'admin-containers-list');
  }
}

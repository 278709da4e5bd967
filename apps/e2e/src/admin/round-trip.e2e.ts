import type { Browser, Page } from 'playwright-core';
import { api, apiSignIn, baseUrl, launchChromium, newPage, owner, storeToken, unique } from './admin-session';

/*
 * Nothing is lost on save: each resource is made through the API with every property it has,
 * opened in its edit screen, one visible property (the title) is changed and saved, and the API
 * record read again must equal the first one property by property, but for what was edited and
 * the date. A form's fields are sent as a whole list, so one field's label is edited as well.
 */

jest.setTimeout(120_000);

let browser: Browser;
let ownerToken: string;
let roleId: string;

beforeAll(async () => {
  browser = await launchChromium();
  ownerToken = await apiSignIn(owner().email, owner().password);
  roleId = unique('reader').toLowerCase();
  const role = await api('/roles', { method: 'POST', token: ownerToken, body: { id: roleId, name: `Readers ${roleId}`, rights: ['VIEW_CONTENT'] } });
  expect([200, 201]).toContain(role.status);
});

afterAll(async () => {
  await browser?.close();
});

type Json = Record<string, unknown>;

async function read(path: string): Promise<Json> {
  const { status, body } = await api<Json>(path, { token: ownerToken });
  expect(status).toBe(200);
  return body;
}

async function create(path: string, body: Json): Promise<Json> {
  const created = await api<Json>(path, { method: 'POST', token: ownerToken, body });
  if (created.status !== 201) throw new Error(`POST ${path} answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body;
}

/** Every property of `before`, walked down to its leaves, as `path = value` lines. */
function leaves(value: unknown, path = ''): string[] {
  if (value && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    if (entries.length === 0) return [`${path} = ${Array.isArray(value) ? '[]' : '{}'}`];
    return entries.flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
  }
  return [`${path} = ${JSON.stringify(value)}`];
}

async function renameThroughEditScreen(page: Page, screen: string, apiPath: string, title: string, alsoEdit?: () => Promise<void>) {
  await page.goto(`${baseUrl()}/admin/${screen}`);
  const input = page.locator('input[name="title"]');
  await input.waitFor();
  await input.fill(title);
  await alsoEdit?.();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(`/api/${apiPath}`) && r.request().method() === 'PUT'),
    page.getByRole('button', { name: 'Save' }).click(),
  ]);
  expect(response.status()).toBe(200);
}

function expectSameBut(before: Json, after: Json, title: string) {
  expect(after.title).toBe(title);
  const strip = ({ title: _title, updatedAt: _updatedAt, ...rest }: Json) => rest;
  expect(leaves(strip(after))).toEqual(leaves(strip(before)));
}

describe('nothing is lost on save', () => {
  it("keeps every property of a form and its fields, defaults included, when the title and one field's label are edited", async () => {
    const form = await create('/forms', {
      title: unique('Round trip form'),
      sendMail: true,
      sendTo: 'team@example.com',
      successMessage: 'Thanks',
      errorMessage: 'Oops',
      status: 'AVAILABLE',
      fields: [
        { name: 'topic', type: 'OPTION', label: 'Topic', options: ['a', 'b'], defaultText: 'b', required: true, warningMessage: 'Pick one' },
        { name: 'age', type: 'NUMBER', label: 'Age', placeholder: 'years', min: 18, max: 120, defaultNumber: 30, line: 1 },
        { name: 'likes', type: 'CHECKBOX', label: 'Likes', options: ['x', 'y', 'z'], max: 2, defaultMultiple: ['x', 'z'], line: 1 },
        { name: 'note', type: 'TEXT', min: 2, max: 50, defaultText: 'Hello', line: 2 },
      ],
    });
    const before = await read(`/forms/${form.id}`);
    const { context, page } = await newPage(browser);
    page.setDefaultTimeout(15_000);
    await storeToken(page, ownerToken);
    try {
      // One field's label is edited too: the whole list of fields is then sent back.
      const title = unique('Renamed form');
      await renameThroughEditScreen(page, `forms/${form.id}`, `forms/${form.id}`, title, async () => {
        await page.locator('input[name="fields.1.label"]').fill('Your age');
      });
      const fields = (before.fields as Json[]).map((field, index) => (index === 1 ? { ...field, label: 'Your age' } : field));
      expectSameBut({ ...before, fields }, await read(`/forms/${form.id}`), title);
    } finally {
      await context.close();
    }
  });

  it('keeps every property of a container, its field definitions (metadata included) and a content when their titles and one field are edited', async () => {
    const linked = await create('/containers', { title: unique('Linked') });
    const container = await create('/containers', {
      title: unique('Round trip container'),
      published: true,
      status: 'AVAILABLE',
      disableContentSections: false,
      hideFooter: true,
      sectionsPosition: 2,
      slug: unique('round-trip').toLowerCase(),
      fields: [
        {
          label: 'Subtitle',
          name: 'subtitle',
          type: 'STRING',
          required: true,
          min: 1,
          max: 80,
          metadata: { help: 'Shown under the title', width: 6, wide: true },
        },
        { label: 'Size', name: 'size', type: 'OPTION', options: ['S', 'M', 'L'] },
        { label: 'Tags', name: 'tags', type: 'STRING', multiple: true, max: 5 },
        { label: 'Price', name: 'price', type: 'NUMBER', min: 0 },
        { label: 'Where', name: 'where', type: 'LOCATION' },
        { label: 'Open', name: 'open', type: 'TIMERANGE' },
        { label: 'On sale', name: 'onSale', type: 'BOOLEAN' },
        { label: 'Related', name: 'related', type: 'CONTENT', linkedContainerId: linked.id },
      ],
      sections: [{ block: 'hero', content: { title: 'Welcome', subtitle: 'to the shop' } }],
      metadata: [{ name: 'description', content: 'All our mugs' }],
      accesses: [{ roleId }],
    });
    const content = await create('/contents', {
      title: unique('Round trip content'),
      containerId: container.id,
      published: true,
      status: 'AVAILABLE',
      slug: unique('mug').toLowerCase(),
      fields: {
        subtitle: 'A blue mug',
        size: 'M',
        tags: ['blue', 'mug'],
        price: 12.5,
        where: { lat: 48.85, lng: 2.35 },
        open: { start: '09:00', end: '17:30' },
        onSale: true,
      },
      sections: [{ block: 'hero', content: { title: 'The mug' } }],
      metadata: [{ name: 'keywords', content: 'mug, blue' }],
      accesses: [{ roleId }],
    });

    const containerBefore = await read(`/containers/${container.id}`);
    const contentBefore = await read(`/contents/${content.id}`);
    const { context, page } = await newPage(browser);
    page.setDefaultTimeout(15_000);
    await storeToken(page, ownerToken);
    try {
      const containerTitle = unique('Renamed container');
      await renameThroughEditScreen(page, `containers/${container.id}`, `containers/${container.id}`, containerTitle, async () => {
        await page.locator('input[name="fields.1.label"]').fill('Mug size');
      });
      const fields = (containerBefore.fields as Json[]).map((field, index) => (index === 1 ? { ...field, label: 'Mug size' } : field));
      expectSameBut({ ...containerBefore, fields }, await read(`/containers/${container.id}`), containerTitle);

      const contentTitle = unique('Renamed content');
      await renameThroughEditScreen(page, `contents/${content.id}`, `contents/${content.id}`, contentTitle, async () => {
        await page.locator('input[name="fields.subtitle"]').fill('A red mug');
      });
      const values = { ...(contentBefore.fields as Json), subtitle: 'A red mug' };
      expectSameBut({ ...contentBefore, fields: values }, await read(`/contents/${content.id}`), contentTitle);
    } finally {
      await context.close();
    }
  });
});

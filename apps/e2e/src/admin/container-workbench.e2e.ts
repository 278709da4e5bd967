import { screenshot } from '../support/screenshot';
import { api, baseUrl, chooseOption, ownerSession, unique } from './admin-session';

jest.setTimeout(120_000);

const session = ownerSession();

describe('containers in the back office', () => {
  it('says how many contents go with a container before deleting it with them', async () => {
    const title = unique('Doomed');
    const container = await session.create('/containers', { title });
    const contents = [
      await session.create('/contents', { title: unique('One'), containerId: container.id }),
      await session.create('/contents', { title: unique('Two'), containerId: container.id }),
    ];
    const { page, close } = await session.open(`/admin/containers/${container.id}`, { timeout: 15_000 });
    try {
      await page.locator('input[name="title"]').waitFor();
      await page.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`The container ${title} holds 2 contents: they will be deleted with it.`).waitFor();
      await screenshot(page, 'admin-container-delete-cascade');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL(/\/admin\/containers$/);
      expect((await api(`/containers/${container.id}`, { token: session.token })).status).toBe(404);
      for (const content of contents) expect((await api(`/contents/${content.id}`, { token: session.token })).status).toBe(404);
    } finally {
      await close();
    }
  });

  it('deletes an empty container after a plain confirmation', async () => {
    const container = await session.create('/containers', { title: unique('Empty') });
    const { page, close } = await session.open(`/admin/containers/${container.id}`, { timeout: 15_000 });
    try {
      await page.locator('input[name="title"]').waitFor();
      await page.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Are you sure?').waitFor();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL(/\/admin\/containers$/);
      expect((await api(`/containers/${container.id}`, { token: session.token })).status).toBe(404);
    } finally {
      await close();
    }
  });

  it('edits a field definition’s metadata as name and value pairs, numbers staying numbers', async () => {
    const container = await session.create('/containers', {
      title: unique('With metadata'),
      fields: [{ label: 'Subtitle', name: 'subtitle', type: 'STRING', metadata: { help: 'Old help', width: 6 } }],
    });
    const { page, close } = await session.open(`/admin/containers/${container.id}`, { timeout: 15_000 });
    try {
      const help = page.getByTestId('fields.0.metadata.0.value');
      await help.waitFor();
      expect(await help.inputValue()).toBe('Old help');
      await help.fill('New help');
      await page.getByTestId('fields.0.metadata-editor').getByRole('button', { name: 'Add metadata' }).click();
      await page.getByTestId('fields.0.metadata.2.key').fill('hint');
      await page.getByTestId('fields.0.metadata.2.value').fill('Keep it short');
      await screenshot(page, 'admin-container-field-metadata');
      await Promise.all([
        page.waitForResponse((r) => r.url().includes(`/api/containers/${container.id}`) && r.request().method() === 'PUT' && r.status() === 200),
        page.getByRole('button', { name: 'Save' }).click(),
      ]);
      const { body } = await api<{ fields: { metadata: unknown }[] }>(`/containers/${container.id}`, { token: session.token });
      expect(body.fields[0].metadata).toEqual({ help: 'New help', width: 6, hint: 'Keep it short' });
    } finally {
      await close();
    }
  });

  it('places the sections of its contents’ pages after a field the editor picks, and the post shows them there', async () => {
    const slug = unique('placed').toLowerCase();
    const container = await session.create('/containers', {
      title: unique('Placed'),
      slug,
      published: true,
      fields: [
        { label: 'Subtitle', name: 'subtitle', type: 'STRING' },
        { label: 'Summary', name: 'summary', type: 'PARAGRAPH' },
      ],
    });
    await session.create('/contents', {
      title: 'Placed post',
      containerId: container.id,
      slug: 'post',
      published: true,
      fields: { subtitle: 'Above the sections', summary: 'Below the sections' },
      sections: [{ block: 'richtext', content: { html: '<p>The section</p>' } }],
    });
    const { page, close } = await session.open(`/admin/containers/${container.id}`, { timeout: 15_000 });
    try {
      const position = page.getByLabel("Where contents' pages show their sections");
      await position.waitFor();
      expect(await position.textContent()).toContain('After all fields');
      await position.click();
      await chooseOption(page.getByRole('option', { name: 'After “Subtitle”' }));
      await Promise.all([
        page.waitForResponse((r) => r.url().includes(`/api/containers/${container.id}`) && r.request().method() === 'PUT' && r.status() === 200),
        page.getByRole('button', { name: 'Save' }).click(),
      ]);
      expect((await api<{ sectionsPosition: number | null }>(`/containers/${container.id}`, { token: session.token })).body.sectionsPosition).toBe(1);
      const html = await (await fetch(`${baseUrl()}/${slug}/post`)).text();
      const [subtitle, section, summary] = ['Above the sections', 'The section', 'Below the sections'].map((text) => html.indexOf(text));
      expect(subtitle).toBeGreaterThan(0);
      expect(section).toBeGreaterThan(subtitle);
      expect(summary).toBeGreaterThan(section);
    } finally {
      await close();
    }
  });

  it('hides the sections editor on contents whose container says they have none', async () => {
    const plain = await session.create('/containers', { title: unique('With sections') });
    const flat = await session.create('/containers', { title: unique('Without sections'), disableContentSections: true });
    const withSections = await session.create('/contents', { title: unique('Has'), containerId: plain.id });
    const withoutSections = await session.create('/contents', { title: unique('Has not'), containerId: flat.id });
    const { page, close } = await session.open(`/admin/contents/${withoutSections.id}`, { timeout: 15_000 });
    try {
      await page.getByTestId('sections-disabled').waitFor();
      await page.goto(`${baseUrl()}/admin/contents/${withSections.id}`);
      await page.locator('input[name="title"]').waitFor();
      // The other container keeps the sections editor: its heading shows, the note does not.
      await page.getByRole('heading', { name: 'Page sections' }).waitFor();
      expect(await page.getByTestId('sections-disabled').count()).toBe(0);
    } finally {
      await close();
    }
  });
});

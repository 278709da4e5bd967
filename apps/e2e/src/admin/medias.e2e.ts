import type { Page } from 'playwright-core';
import { screenshot } from '../support/screenshot';
import { api, baseUrl, chooseOption, newPage, ownerSession, storeToken, unique } from './admin-session';

jest.setTimeout(120_000);

// An 8×8 red PNG.
const RED_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC', 'base64');

const session = ownerSession();

async function run(path: string, steps: (page: Page) => Promise<void>, failureShot: string) {
  const { context, page } = await newPage(session.browser);
  page.setDefaultTimeout(15_000);
  await storeToken(page, session.token);
  await page.goto(`${baseUrl()}${path}`);
  try {
    await steps(page);
  } catch (error) {
    await screenshot(page, failureShot);
    throw error;
  } finally {
    await context.close();
  }
}

describe('medias screens', () => {
  it('creates a pack, uploads an image into it, shows its thumbnail, renames it and deletes it', async () => {
    await run(
      '/admin/medias/packs/create',
      async (page) => {
        const packName = unique('Banners');
        await page.locator('input[name="name"]').fill(packName);
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL('**/admin/medias/packs');
        await page.getByRole('cell', { name: packName }).waitFor();

        await page.goto(`${baseUrl()}/admin/medias`);
        await page.getByRole('link', { name: 'Upload a media' }).click();
        await page.waitForURL('**/admin/medias/create');
        await page.getByRole('combobox', { name: 'Pack' }).click();
        await chooseOption(page.getByRole('option', { name: packName }));
        const mediaName = `${unique('Red square')}.png`;
        await page.getByLabel('Choose files').setInputFiles({ name: mediaName, mimeType: 'image/png', buffer: RED_PNG });
        await page.getByRole('list', { name: 'Files sent' }).getByRole('listitem', { name: mediaName }).getByText('Uploaded').waitFor();
        await screenshot(page, 'admin-media-upload');

        await page.goto(`${baseUrl()}/admin/medias`);
        const card = page.getByRole('list', { name: 'Medias' }).getByRole('link', { name: new RegExp(mediaName) });
        await card.waitFor();
        // Images show their dimensions beside their size.
        await card.getByText(/8×8/).waitFor();
        const thumbnail = card.locator('img');
        await page.waitForFunction(
          (img) => !!img && (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          await thumbnail.elementHandle(),
        );
        expect(await thumbnail.getAttribute('src')).toMatch(/^\/api\/uploads\/.+\?w=320&format=webp$/);
        await screenshot(page, 'admin-medias-grid');

        // The same page as a table.
        await page.getByRole('button', { name: 'List', exact: true }).click();
        await page
          .getByRole('row', { name: new RegExp(mediaName) })
          .getByRole('cell', { name: 'image/png' })
          .waitFor();
        await screenshot(page, 'admin-medias-list');
        await page.getByRole('button', { name: 'Grid', exact: true }).click();

        const { body: medias } = await api<{ id: number; name: string; packId: number | null }[]>(
          `/medias?filter=${encodeURIComponent(JSON.stringify({ q: mediaName }))}`,
          { token: session.token },
        );
        expect(medias).toHaveLength(1);
        expect(medias[0].packId).not.toBeNull();

        // The pack list counts it.
        await page.goto(`${baseUrl()}/admin/medias/packs`);
        await page
          .getByRole('row', { name: new RegExp(packName) })
          .getByRole('cell', { name: '1', exact: true })
          .waitFor();

        // Alternative texts, one per locale, on the media's screen.
        await page.goto(`${baseUrl()}/admin/medias`);
        await card.click();
        await page.waitForURL(/\/admin\/medias\/\d+$/);
        await page.locator('input[name="name"]').fill(`${mediaName} renamed`);
        await page.locator('input[name="alt.en"]').fill('A red square');
        await page.locator('input[name="alt.fr"]').fill('Un carré rouge');
        await page.locator('input[name="alt.tr"]').fill('Kırmızı bir kare');
        await screenshot(page, 'admin-media-edit');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL('**/admin/medias');
        await page.getByText(`${mediaName} renamed`).waitFor();
        const { body: saved } = await api<{ alt: Record<string, string> }>(`/medias/${medias[0].id}`, { token: session.token });
        expect(saved.alt).toEqual({ en: 'A red square', fr: 'Un carré rouge', tr: 'Kırmızı bir kare' });

        await page.getByRole('link', { name: new RegExp(`${mediaName} renamed`) }).click();
        await page.getByRole('button', { name: 'Delete' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
        await page.waitForURL('**/admin/medias');
        await page.getByText('Media deleted').waitFor();
        expect(await page.getByText(`${mediaName} renamed`).count()).toBe(0);
      },
      'admin-medias-failure',
    );
  });

  it('uploads several files at once with a progress bar each, and refuses before sending a file too large or of a refused type', async () => {
    const { body: limits } = await api<{ maxBytes: number }>('/medias/limits', { token: session.token });
    await run(
      '/admin/medias/create',
      async (page) => {
        // Hold the uploads at the server's door until the bars have been seen; count what is sent.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        const sent: number[] = [];
        await page.route('**/api/medias', async (route) => {
          if (route.request().method() !== 'POST') return route.continue();
          sent.push(route.request().postDataBuffer()?.length ?? 0);
          await held;
          await route.continue();
        });
        const first = `${unique('first')}.png`;
        const second = `${unique('second')}.png`;
        const tooLarge = `${unique('huge')}.png`;
        const wrongType = `${unique('notes')}.txt`;
        await page.getByLabel('Choose files').setInputFiles([
          { name: first, mimeType: 'image/png', buffer: RED_PNG },
          { name: second, mimeType: 'image/png', buffer: RED_PNG },
          { name: tooLarge, mimeType: 'image/png', buffer: Buffer.alloc(limits.maxBytes + 512 * 1024) },
          { name: wrongType, mimeType: 'text/plain', buffer: Buffer.from('plain text') },
        ]);
        const queue = page.getByRole('list', { name: 'Files sent' });
        await queue
          .getByRole('listitem', { name: first })
          .getByRole('progressbar', { name: `Uploading ${first}` })
          .waitFor();
        await queue
          .getByRole('listitem', { name: second })
          .getByRole('progressbar', { name: `Uploading ${second}` })
          .waitFor();
        await queue
          .getByRole('listitem', { name: tooLarge })
          .getByRole('alert')
          .getByText(/files may be at most/)
          .waitFor();
        await queue
          .getByRole('listitem', { name: wrongType })
          .getByRole('alert')
          .getByText(/is not a type the server accepts \(JPEG, PNG/)
          .waitFor();
        await screenshot(page, 'admin-upload-progress');
        release();

        await queue.getByRole('listitem', { name: first }).getByText('Uploaded').waitFor();
        await queue.getByRole('listitem', { name: second }).getByText('Uploaded').waitFor();
        expect(await queue.getByRole('progressbar').count()).toBe(0);
        // Only the two acceptable files left the browser.
        expect(sent).toHaveLength(2);
        for (const name of [first, second, tooLarge, wrongType]) {
          const { body } = await api<unknown[]>(`/medias?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`, { token: session.token });
          expect({ name, stored: body.length }).toEqual({ name, stored: name === first || name === second ? 1 : 0 });
        }
      },
      'admin-upload-progress-failure',
    );
  });

  it('adds media to a pack and removes them from the pack screen', async () => {
    const uploadOne = async (name: string) => {
      const form = new FormData();
      form.append('file', new Blob([RED_PNG], { type: 'image/png' }), name);
      const response = await fetch(`${baseUrl()}/api/medias`, { method: 'POST', headers: { token: session.token }, body: form });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: number; name: string };
    };
    const kept = await uploadOne(`${unique('kept')}.png`);
    const leaving = await uploadOne(`${unique('leaving')}.png`);
    const joining = await uploadOne(`${unique('joining')}.png`);
    const { body: pack } = await api<{ id: number }>('/media-packs', {
      method: 'POST',
      token: session.token,
      body: { name: unique('Pack'), mediaIds: [kept.id, leaving.id] },
    });
    await run(
      `/admin/medias/packs/${pack.id}`,
      async (page) => {
        const group = page.getByRole('group', { name: 'Media in this pack (2)' });
        await group.getByRole('listitem', { name: kept.name }).waitFor();
        await group.getByRole('button', { name: `Remove ${leaving.name} from the pack` }).click();
        await page.getByRole('button', { name: 'Add a media' }).click();
        const dialog = page.getByRole('dialog', { name: 'Choose a media' });
        await dialog.getByLabel('Search by name').fill(joining.name);
        await dialog.getByRole('option', { name: joining.name }).click();
        const after = page.getByRole('group', { name: 'Media in this pack (2)' });
        await after.getByRole('listitem', { name: joining.name }).waitFor();
        expect(await after.getByRole('listitem', { name: leaving.name }).count()).toBe(0);
        await screenshot(page, 'admin-pack-media');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL('**/admin/medias/packs');
        const { body: saved } = await api<{ mediaIds: number[] }>(`/media-packs/${pack.id}`, { token: session.token });
        expect([...saved.mediaIds].sort((a, b) => a - b)).toEqual([kept.id, joining.id].sort((a, b) => a - b));
        const { body: left } = await api<{ packId: number | null }>(`/medias/${leaving.id}`, { token: session.token });
        expect(left.packId).toBeNull();
      },
      'admin-pack-media-failure',
    );
  });

  it('gives an IMAGE content field the library picker: images only, with thumbnails, and upload in place', async () => {
    const post = async (path: string, body: Record<string, unknown>) => {
      const created = await api<{ id: number }>(path, { method: 'POST', token: session.token, body });
      expect(created.status).toBe(201);
      return created.body;
    };
    const pdfName = `${unique('leaflet')}.pdf`;
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }), pdfName);
    const pdf = await fetch(`${baseUrl()}/api/medias`, { method: 'POST', headers: { token: session.token }, body: form });
    expect(pdf.status).toBe(201);
    const container = await post('/containers', {
      title: unique('Gallery'),
      fields: [
        { label: 'Photo', name: 'photo', type: 'IMAGE' },
        { label: 'Slides', name: 'slides', type: 'IMAGE', multiple: true },
      ],
    });
    const content = await post('/contents', { title: unique('Picture'), containerId: container.id });
    await run(
      `/admin/contents/${content.id}`,
      async (page) => {
        const field = page.getByRole('group', { name: 'Photo' });
        await field.getByRole('button', { name: 'Choose' }).click();
        const dialog = page.getByRole('dialog', { name: 'Choose a media' });
        await dialog.getByLabel('Search by name').fill(pdfName);
        await dialog.getByText('No media found').waitFor();
        const uploadedName = `${unique('in place')}.png`;
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/api/medias', async (route) => {
          if (route.request().method() === 'POST') await held;
          await route.continue();
        });
        await dialog.locator('input[type="file"]').setInputFiles({ name: uploadedName, mimeType: 'image/png', buffer: RED_PNG });
        await dialog.getByRole('progressbar', { name: 'Uploading…' }).waitFor();
        release();
        await dialog.waitFor({ state: 'detached' });
        await field.getByText(uploadedName).waitFor();
        await page.waitForFunction(
          (img) => !!img && (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          await field.locator('img').elementHandle(),
        );
        // Several images: the same picker, one thumbnail per media.
        await page.getByRole('group', { name: 'Slides (0)' }).getByRole('button', { name: 'Add a media' }).click();
        await dialog.getByLabel('Search by name').fill(uploadedName);
        await dialog.getByRole('option', { name: uploadedName }).click();
        await page.getByRole('group', { name: 'Slides (1)' }).getByRole('listitem', { name: uploadedName }).waitFor();
        await screenshot(page, 'admin-content-media-picker');
        const [response] = await Promise.all([
          page.waitForResponse((r) => r.url().includes(`/api/contents/${content.id}`) && r.request().method() === 'PUT'),
          page.getByRole('button', { name: 'Save' }).click(),
        ]);
        expect(response.status()).toBe(200);
        const { body: medias } = await api<{ id: number }[]>(`/medias?filter=${encodeURIComponent(JSON.stringify({ q: uploadedName }))}`, {
          token: session.token,
        });
        const { body: saved } = await api<{ fields: Record<string, unknown> }>(`/contents/${content.id}`, { token: session.token });
        expect(saved.fields.photo).toBe(medias[0].id);
        expect(saved.fields.slides).toEqual([medias[0].id]);
      },
      'admin-content-media-picker-failure',
    );
  });
});

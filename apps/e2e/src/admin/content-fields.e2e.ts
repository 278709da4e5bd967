import { screenshot } from '../support/screenshot';
import { api, baseUrl, chooseOption, newPage, ownerSession, storeToken, unique } from './admin-session';

jest.setTimeout(120_000);

const session = ownerSession();

describe('content fields by type', () => {
  it('offers the option list, checks location ranges, time order and how many values before save, and saves real values', async () => {
    // Other tests may hold option lists too: add one beside them.
    const listKey = unique('sizes');
    const current = await api<{ value: Record<string, string[]> }>('/settings/by-name/optionLists', { token: session.token });
    const lists = current.status === 200 ? current.body.value : {};
    expect(
      (await api('/settings/by-name/optionLists', { method: 'PUT', token: session.token, body: { value: { ...lists, [listKey]: ['Small', 'Large'] } } }))
        .status,
    ).toBe(200);

    const container = await session.create('/containers', {
      title: unique('Typed'),
      fields: [
        { label: 'Size', name: 'size', type: 'ZOHOOPTIONS', zohoOptionsKey: listKey },
        { label: 'Where', name: 'where', type: 'LOCATION' },
        { label: 'Open', name: 'open', type: 'TIMERANGE' },
        { label: 'Tags', name: 'tags', type: 'STRING', multiple: true, min: 2, max: 3 },
        { label: 'Stops', name: 'stops', type: 'LOCATION', multiple: true },
      ],
    });
    const content = await session.create('/contents', { title: unique('Shop'), containerId: container.id });

    const { context, page } = await newPage(session.browser);
    page.setDefaultTimeout(15_000);
    await storeToken(page, session.token);
    try {
      await page.goto(`${baseUrl()}/admin/contents/${content.id}`);
      await page.getByRole('combobox', { name: 'Size' }).click();
      await chooseOption(page.getByRole('option', { name: 'Large', exact: true }));

      await page.locator('input[name="fields.where.lat"]').fill('95');
      await page.locator('input[name="fields.where.lng"]').fill('2.35');
      await page.locator('input[name="fields.open.start"]').fill('18:00');
      await page.locator('input[name="fields.open.end"]').fill('09:00');
      const tags = page.getByTestId('repeatable-tags');
      await tags.getByRole('button', { name: 'Add a value' }).click();
      await page.locator('input[name="fields.tags.0"]').fill('blue');
      const stops = page.getByTestId('repeatable-stops');
      await stops.getByRole('button', { name: 'Add a value' }).click();
      await page.locator('input[name="fields.stops.0.lat"]').fill('48.85');
      await page.locator('input[name="fields.stops.0.lng"]').fill('2.35');

      let puts = 0;
      page.on('request', (request) => {
        if (request.method() === 'PUT' && request.url().includes(`/api/contents/${content.id}`)) puts += 1;
      });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Must be 90 or less').waitFor();
      await page.getByText('The start must come before the end').waitFor();
      await tags.getByText('At least 2 values').waitFor();
      await screenshot(page, 'admin-content-typed-fields-errors');
      expect(puts).toBe(0);

      await page.locator('input[name="fields.where.lat"]').fill('48.85');
      await page.locator('input[name="fields.open.start"]').fill('09:00');
      await page.locator('input[name="fields.open.end"]').fill('17:30');
      await tags.getByRole('button', { name: 'Add a value' }).click();
      await page.locator('input[name="fields.tags.1"]').fill('mug');
      await screenshot(page, 'admin-content-typed-fields');
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().includes(`/api/contents/${content.id}`) && r.request().method() === 'PUT'),
        page.getByRole('button', { name: 'Save' }).click(),
      ]);
      expect(response.status()).toBe(200);
      const { body } = await api<{ fields: Record<string, unknown> }>(`/contents/${content.id}`, { token: session.token });
      expect(body.fields).toMatchObject({
        size: 'Large',
        where: { lat: 48.85, lng: 2.35 },
        open: { start: '09:00', end: '17:30' },
        tags: ['blue', 'mug'],
        stops: [{ lat: 48.85, lng: 2.35 }],
      });
      // No JSON text area anywhere on the screen.
      expect(
        await page.locator('textarea').evaluateAll((areas) =>
          areas
            .filter((area) => area.getAttribute('aria-hidden') !== 'true')
            .map((area) => (area as HTMLTextAreaElement).value)
            .filter((value) => value.trim().startsWith('[') || value.trim().startsWith('{')),
        ),
      ).toEqual([]);
    } catch (error) {
      await screenshot(page, 'admin-content-typed-fields-failure');
      throw error;
    } finally {
      await context.close();
    }
  });
});

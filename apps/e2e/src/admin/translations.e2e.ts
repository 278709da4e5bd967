import { screenshot } from '../support/screenshot';
import { api, baseUrl, newPage, ownerSession, storeToken, unique } from './admin-session';

jest.setTimeout(120_000);

const session = ownerSession();

type Statuses = { locales: { locale: string; status: string; missing: string[] }[] };

describe('translation status', () => {
  it('finds a content missing in tr from the Translations screen, shows en beside its fields, and counts it complete once filled', async () => {
    const container = await session.create<{ id: number; title: string }>('/containers', {
      title: unique('Guides'),
      fields: [
        { label: 'Title', name: 'title', type: 'STRING' },
        { label: 'Body', name: 'body', type: 'RICHTEXT' },
      ],
    });
    const content = await session.create<{ id: number }>('/contents?locale=en', {
      title: unique('Getting started'),
      containerId: container.id,
      fields: { title: 'Getting started', body: '<p>Install it.</p>' },
    });
    // Translated in fr, then en's body changed: fr is outdated, the other locales miss both fields.
    const fr = await api(`/contents/${content.id}?locale=fr`, {
      method: 'PUT',
      token: session.token,
      body: { fields: { title: 'Bien démarrer', body: '<p>Installez-le, puis connectez-vous.</p>' } },
    });
    expect(fr.status).toBe(200);
    const en = await api(`/contents/${content.id}?locale=en`, {
      method: 'PUT',
      token: session.token,
      body: { fields: { body: '<p>Install it, then <strong>sign in</strong>.</p>' } },
    });
    expect(en.status).toBe(200);

    const { context, page } = await newPage(session.browser);
    page.setDefaultTimeout(15_000);
    await storeToken(page, session.token);
    try {
      // The Translations screen, from the Contents menu.
      await page.goto(`${baseUrl()}/admin/contents`);
      await page.getByRole('button', { name: 'Contents shortcuts' }).click();
      await page.getByRole('menuitem', { name: 'Translations' }).click();
      await page.getByRole('heading', { name: 'Translations' }).first().waitFor();
      const trCell = page.getByTestId(`translation-cell-${container.id}-tr`);
      await trCell.waitFor();
      await page.getByTestId(`translation-cell-${container.id}-fr`).locator('a[data-status="outdated"]').waitFor();
      await screenshot(page, 'issue27-translations-screen');

      // The contents missing in tr: this one, its tr chip says so.
      await trCell.locator('a[data-status="missing"]').click();
      await page.waitForURL(/\/admin\/contents\?/);
      const row = page.locator('tbody tr').filter({ hasText: 'Getting started' });
      await row.first().waitFor();
      expect(await page.locator('tbody tr').count()).toBe(1);
      const trChip = row.locator('[data-testid="translation-chips"] [data-locale="tr"]');
      expect(await trChip.getAttribute('data-status')).toBe('missing');
      expect(await row.locator('[data-locale="fr"]').getAttribute('data-status')).toBe('outdated');
      expect(await row.locator('[data-locale="fr"]').getAttribute('aria-label')).toContain('en changed: Body');
      expect(await trChip.getAttribute('aria-label')).toContain('Title, Body');
      await screenshot(page, 'issue27-translations-list');

      // Its edit screen in tr: en's values under the inputs.
      await trChip.click();
      await page.waitForURL(new RegExp(`/admin/contents/${content.id}\\?locale=tr`));
      await page.getByRole('button', { name: 'Locale tr' }).and(page.locator('[aria-pressed="true"]')).waitFor();
      await page.getByTestId('en-value-body').getByText('Install it, then sign in.').waitFor();
      await page.getByTestId('en-value-title').getByText('Getting started').waitFor();
      await page.locator('.ProseMirror').waitFor();
      await screenshot(page, 'issue27-translations-edit');

      // Copy from en fills both (shown from en), then the title gets its Turkish words.
      await page.getByTestId('copy-from-en').click();
      await page.getByText("en's values copied into 2 empty fields").waitFor();
      await page.locator('input[name="fields.title"]').fill('Başlarken');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Content updated', { exact: false }).first().waitFor();

      const after = await api<Statuses>(`/contents/${content.id}/translations`, { token: session.token });
      expect(after.body.locales.find((l) => l.locale === 'tr')).toMatchObject({ status: 'complete', missing: [] });
      const saved = await api<{ fields: Record<string, unknown>; fallbackFields: string[] }>(`/contents/${content.id}?locale=tr`, { token: session.token });
      expect(saved.body.fields.title).toBe('Başlarken');
      expect(saved.body.fallbackFields).toEqual([]);

      // Counted complete in tr on the Translations screen.
      await page.goto(`${baseUrl()}/admin/translations`);
      const cell = page.getByTestId(`translation-cell-${container.id}-tr`);
      await cell.locator('a[data-status="complete"]').waitFor();
      expect(await cell.locator('a[data-status="missing"]').count()).toBe(0);
      expect(await cell.locator('a[data-status="complete"]').innerText()).toContain('1');
    } catch (error) {
      await screenshot(page, 'issue27-translations-failure');
      throw error;
    } finally {
      await context.close();
    }
  });
});

import { contentModel } from './support/content-model';
import { createTestApp, type TestApp } from './support/test-app';

type LocaleStatus = { locale: string; status: string; missing: string[]; outdated: string[] };

describe('translation status (issue 27)', () => {
  let t: TestApp;
  let cm: ReturnType<typeof contentModel>;
  let containerId: number;
  const enFields = { title: 'Hello', summary: 'A summary.', body: '<p>Body</p>', price: 12 };
  const frFields = { title: 'Bonjour', summary: 'Un résumé.', body: '<p>Corps</p>', price: 12 };

  beforeAll(async () => {
    t = await createTestApp();
    cm = contentModel(t);
    containerId = (
      await cm.container({
        fields: [
          { label: 'Title', name: 'title', type: 'STRING' },
          { label: 'Summary', name: 'summary', type: 'PARAGRAPH' },
          { label: 'Body', name: 'body', type: 'RICHTEXT' },
          { label: 'Price', name: 'price', type: 'NUMBER', required: true },
          { label: 'Note', name: 'note', type: 'STRING' },
          { label: 'Featured', name: 'featured', type: 'BOOLEAN' },
        ],
      })
    ).id;
  });
  afterAll(() => t.close());

  const statuses = async (id: number) => {
    const res = await cm.as().get(`/api/contents/${id}/translations`);
    expect(res.status).toBe(200);
    expect(res.body.contentId).toBe(id);
    return Object.fromEntries((res.body.locales as LocaleStatus[]).map((l) => [l.locale, l])) as Record<string, LocaleStatus>;
  };
  const put = async (id: number, locale: string, fields: Record<string, unknown>) => {
    const res = await cm.as().put(`/api/contents/${id}?locale=${locale}`, { fields });
    expect(res.status).toBe(200);
  };
  const listed = async (filter: Record<string, unknown>) => {
    const res = await cm.as().get(`/api/contents?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`);
    expect(res.status).toBe(200);
    return { ids: (res.body as { id: number }[]).map((c) => c.id).sort((a, b) => a - b), total: Number(res.headers['content-range'].split('/')[1]) };
  };

  it('names the translatable fields a new content lacks in each locale, en complete; labels come with them', async () => {
    const { id } = await cm.content({ containerId, fields: { ...enFields, featured: true } });
    const res = await cm.as().get(`/api/contents/${id}/translations`);
    expect(res.body.locales.map((l: LocaleStatus) => l.locale)).toEqual(['en', 'fr', 'tr', 'es', 'it']);
    const s = await statuses(id);
    expect(s.en).toEqual({ locale: 'en', status: 'complete', missing: [], outdated: [] });
    // note: en has no value, so nothing to translate; featured: not text, not required.
    for (const locale of ['fr', 'tr', 'es', 'it'])
      expect(s[locale]).toEqual({ locale, status: 'missing', missing: ['title', 'summary', 'body', 'price'], outdated: [] });
    expect(res.body.labels).toEqual({ title: 'Title', summary: 'Summary', body: 'Body', price: 'Price' });
  });

  it('is complete once the locale has its own values, missing again when one is cleared', async () => {
    const { id } = await cm.content({ containerId, fields: enFields });
    await put(id, 'fr', { title: 'Bonjour', summary: 'Un résumé.' });
    expect((await statuses(id)).fr).toMatchObject({ status: 'missing', missing: ['body', 'price'] });
    await put(id, 'fr', { body: '<p>Corps</p>', price: 12 });
    expect((await statuses(id)).fr).toEqual({ locale: 'fr', status: 'complete', missing: [], outdated: [] });
    await put(id, 'fr', { summary: null });
    expect((await statuses(id)).fr).toMatchObject({ status: 'missing', missing: ['summary'] });
  });

  it('marks outdated only the fields en changed, and keeps them so when another field of the locale is saved, until the locale edits them', async () => {
    const { id } = await cm.content({ containerId, fields: enFields });
    await put(id, 'fr', frFields);
    await put(id, 'tr', { ...frFields, title: 'Merhaba' });
    await put(id, 'en', { body: '<p>New body</p>', summary: 'A new summary.' });
    let s = await statuses(id);
    expect(s.en).toMatchObject({ status: 'complete', outdated: [] });
    expect(s.fr).toEqual({ locale: 'fr', status: 'outdated', missing: [], outdated: ['summary', 'body'] });
    expect(s.tr).toMatchObject({ status: 'outdated', outdated: ['summary', 'body'] });
    expect(s.es).toMatchObject({ status: 'missing', outdated: [] });

    // Saving the French title does not make the French body up to date.
    await put(id, 'fr', { title: 'Bonjour !' });
    expect((await statuses(id)).fr).toMatchObject({ status: 'outdated', outdated: ['summary', 'body'] });
    await put(id, 'fr', { body: '<p>Nouveau corps</p>' });
    expect((await statuses(id)).fr).toMatchObject({ status: 'outdated', outdated: ['summary'] });
    await put(id, 'fr', { summary: 'Un nouveau résumé.' });
    s = await statuses(id);
    expect(s.fr).toEqual({ locale: 'fr', status: 'complete', missing: [], outdated: [] });
    expect(s.tr).toMatchObject({ status: 'outdated', outdated: ['summary', 'body'] });

    // Setting en back to a text a locale was translated from makes it current again.
    await put(id, 'en', { body: '<p>Body</p>', summary: 'A summary.' });
    s = await statuses(id);
    expect(s.tr).toMatchObject({ status: 'complete' });
    expect(s.fr).toMatchObject({ status: 'outdated', outdated: ['summary', 'body'] });
  });

  it('a missing field wins over an outdated one; en is missing its required and title fields only', async () => {
    const { id } = await cm.content({ containerId, fields: { price: 3, body: '<p>Only a body</p>' } });
    await put(id, 'it', { body: '<p>Solo un corpo</p>' });
    await put(id, 'en', { body: '<p>Changed</p>' });
    const s = await statuses(id);
    expect(s.en).toEqual({ locale: 'en', status: 'missing', missing: ['title'], outdated: [] });
    expect(s.it).toEqual({ locale: 'it', status: 'missing', missing: ['title', 'price'], outdated: ['body'] });
  });

  it('filters the contents list by status in a locale, and counts it', async () => {
    const other = (
      await cm.container({
        fields: [
          { label: 'Title', name: 'title', type: 'STRING' },
          { label: 'Body', name: 'body', type: 'RICHTEXT' },
        ],
      })
    ).id;
    const fresh = await cm.content({ containerId: other, fields: { title: 'A', body: '<p>A</p>' } });
    const done = await cm.content({ containerId: other, fields: { title: 'B', body: '<p>B</p>' } });
    await put(done.id, 'tr', { title: 'B tr', body: '<p>B tr</p>' });
    const stale = await cm.content({ containerId: other, fields: { title: 'C', body: '<p>C</p>' } });
    await put(stale.id, 'tr', { title: 'C tr', body: '<p>C tr</p>' });
    await put(stale.id, 'en', { title: 'C changed' });
    const empty = await cm.content({ containerId: other, fields: {} });

    const tr = (status: string) => listed({ containerId: other, translation: { locale: 'tr', status } });
    // The field named title is to translate even where en has none.
    expect(await tr('missing')).toEqual({ ids: [fresh.id, empty.id], total: 2 });
    expect(await tr('outdated')).toEqual({ ids: [stale.id], total: 1 });
    expect(await tr('complete')).toEqual({ ids: [done.id], total: 1 });
    expect(await listed({ containerId: other, translation: { locale: 'en', status: 'complete' } })).toEqual({ ids: [fresh.id, done.id, stale.id], total: 3 });
    expect(await listed({ containerId: other, translation: { locale: 'en', status: 'missing' } })).toEqual({ ids: [empty.id], total: 1 });
    expect(await listed({ containerId: other, translation: { locale: 'en', status: 'outdated' } })).toEqual({ ids: [], total: 0 });
    expect(await listed({ containerId: other, translation: { locale: 'fr', status: 'missing' } })).toMatchObject({ total: 4 });

    // The summary counts the same.
    const summary = await cm.as().get('/api/translations/summary');
    expect(summary.status).toBe(200);
    const rows = (summary.body as { containerId: number; locale: string }[]).filter((row) => row.containerId === other);
    expect(rows.map((row) => row.locale)).toEqual(['en', 'fr', 'tr', 'es', 'it']);
    expect(rows.find((row) => row.locale === 'tr')).toMatchObject({ complete: 1, missing: 2, outdated: 1 });
    expect(rows.find((row) => row.locale === 'en')).toMatchObject({ complete: 3, missing: 1, outdated: 0 });
    expect(rows.find((row) => row.locale === 'fr')).toMatchObject({ complete: 0, missing: 4, outdated: 0 });

    // The summary is kept between requests, and follows a translation and a definition change.
    await put(fresh.id, 'tr', { title: 'A tr', body: '<p>A tr</p>' });
    const trRow = async () =>
      ((await cm.as().get('/api/translations/summary')).body as { containerId: number; locale: string }[]).find(
        (row) => row.containerId === other && row.locale === 'tr',
      );
    expect(await trRow()).toMatchObject({ complete: 2, missing: 1, outdated: 1 });
    const definitions = await cm.as().get(`/api/containers/${other}`);
    const renamed = await cm.as().put(`/api/containers/${other}`, {
      fields: (definitions.body.fields as { name: string; label: string }[]).map((field) => ({ ...field, label: `${field.label}!` })),
    });
    expect(renamed.status).toBe(200);
    expect(await trRow()).toMatchObject({ complete: 2, missing: 1, outdated: 1 });
    const retitled = await cm.as().put(`/api/containers/${other}`, { title: 'Renamed for the summary' });
    expect(retitled.status).toBe(200);
    expect(await trRow()).toMatchObject({ containerTitle: 'Renamed for the summary' });

    // A page's statuses in one call, in the order asked, unknown ids left out.
    const page = await cm.as().get(`/api/translations?contentIds=${stale.id},${fresh.id},99999`);
    expect(page.status).toBe(200);
    expect(page.body.map((c: { contentId: number }) => c.contentId)).toEqual([stale.id, fresh.id]);
    expect(page.body[0].locales.find((l: LocaleStatus) => l.locale === 'tr')).toEqual({ locale: 'tr', status: 'outdated', missing: [], outdated: ['title'] });
    expect(page.body[0].labels).toEqual({ title: 'Title!', body: 'Body!' });
  });

  it('answers 404 for an unknown content and 400 for bad input, naming the rule', async () => {
    expect((await cm.as().get('/api/contents/99999/translations')).status).toBe(404);
    expect((await cm.as().get('/api/contents/abc/translations')).status).toBe(400);
    const bad = async (url: string, pattern: RegExp) => {
      const res = await cm.as().get(url);
      expect(res.status).toBe(400);
      expect(typeof res.body.message === 'string' ? res.body.message : JSON.stringify(res.body.message)).toMatch(pattern);
    };
    const filter = (value: unknown) => `/api/contents?filter=${encodeURIComponent(JSON.stringify({ translation: value }))}`;
    await bad(filter({ locale: 'de', status: 'missing' }), /"locale" must be one of en, fr, tr, es, it/);
    await bad(filter({ locale: 'tr', status: 'done' }), /"status" must be one of complete, missing, outdated/);
    await bad(filter({ locale: 'tr' }), /"status" must be one of/);
    await bad(filter('tr'), /translation.*must look like/);
    await bad(filter([{ locale: 'tr', status: 'missing' }]), /takes one value/);
    await bad(filter({ locale: 'tr', status: 'missing', extra: 1 }), /locale and status only/);
    await bad('/api/translations', /contentIds/);
    await bad('/api/translations?contentIds=1,x', /contentIds must be positive integers/);
    await bad(`/api/translations?contentIds=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, /at most 100/);
  });
});

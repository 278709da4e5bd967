import { PageCache } from '../../src/pages/page-cache';
import { contentModel } from '../support/content-model';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Attack: a flood of made-up addresses fills a page cache with entries of its own and evicts the
 * real pages, so every visitor's read goes to the database. `?page=` takes 10,000 values per path:
 * the API's page read cache keeps a path's first page only (the site keeps the pages that exist,
 * see apps/site site-handler.spec), so no `?page=` value adds an entry.
 */
describe('attack: page cache flooding through ?page= values', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const cm = contentModel(t);
    const shelf = await cm.container({ title: 'Shelf' });
    for (let i = 1; i <= 5; i += 1) await cm.content({ containerId: shelf.id, title: `Book ${i}`, published: true });
    await cm.container({
      title: 'Library',
      slug: 'library',
      published: true,
      sections: [{ block: 'contents', containerContentId: shelf.id, content: { limit: 2, paginate: true } }],
    });
  });
  afterAll(() => t.close());

  it('keeps no entry for 100 distinct page numbers, and the first page stays kept', async () => {
    const cache = t.app.get(PageCache);
    const first = await t.http.get('/api/pages?path=/library');
    expect(first.status).toBe(200);
    expect(cache.size).toBe(1);
    // A cache that kept each page would hold 101 entries here: the size, not the eviction, gives it away.
    for (let page = 2; page <= 101; page += 1) {
      const res = await t.http.get(`/api/pages?path=/library&page=${page}`);
      if (res.status !== 200 || res.body.page !== page) throw new Error(`page=${page} answered ${res.status}, page ${res.body.page}`);
    }
    expect(cache.size).toBe(1);
    expect(cache.get('en', '/library')?.body.equals(Buffer.from(first.text))).toBe(true);
  }, 120_000);
});

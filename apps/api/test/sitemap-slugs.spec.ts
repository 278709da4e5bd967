import { useTestApp } from './support/test-app';

// The public site's sitemap reads every published page through anonymous GET /api/slugs, 10,000 at
// a time by id (apps/site seo/sitemap.ts): past 2,000 pages (10,000 addresses in five locales) it
// becomes a sitemap index. Here, the API's side of that reading on a data set that crosses it.
describe('sitemap reading of /api/slugs past 10,000 pages', () => {
  const t = useTestApp();
  const PAGES = 12_000;

  beforeAll(async () => {
    // Made by SQL in one statement (one in ten unpublished): through the API, 12,000 pages would take minutes.
    const [container] = await t.dataSource.query(`SELECT id FROM "container" ORDER BY id LIMIT 1`);
    const owner = container ? container.id : (await t.ownerCreates('/api/containers?locale=en', { title: 'Bulk' })).id;
    await t.dataSource.query(
      `INSERT INTO "slug" ("full", "basic", "published", "containerId")
       SELECT 'bulk-' || lpad(g::text, 5, '0'), 'bulk-' || lpad(g::text, 5, '0'), g % 10 <> 0, $1 FROM generate_series(1, ${PAGES}) g`,
      [owner],
    );
  });

  const page = (start: number) =>
    t.http
      .get('/api/slugs')
      .query({ filter: JSON.stringify({ published: true }), sort: JSON.stringify(['id', 'ASC']), range: JSON.stringify([start, start + 9_999]) });

  it('answers every published page once across pages of 10,000, in a stable order', async () => {
    const first = await page(0);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(10_000);
    const total = Number(/\/(\d+)$/.exec(first.headers['content-range'])?.[1]);
    expect(total).toBeGreaterThan(10_000);
    const second = await page(10_000);
    expect(second.status).toBe(200);
    const all = [...first.body, ...second.body] as { id: number; path: string; published: boolean }[];
    expect(all).toHaveLength(total);
    expect(new Set(all.map((slug) => slug.id)).size).toBe(total);
    expect(all.every((slug) => slug.published)).toBe(true);
    const ids = all.map((slug) => slug.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(all.filter((slug) => slug.path.startsWith('/bulk-'))).toHaveLength(PAGES - Math.floor(PAGES / 10));
  });
});

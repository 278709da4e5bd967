import { contentModel, countQueries } from './support/content-model';
import { createTestApp, type TestApp } from './support/test-app';

describe('page cache of the public page read', () => {
  let t: TestApp;
  let cm: ReturnType<typeof contentModel>;
  let post: { id: number };
  const read = (path: string, locale = 'en', token?: string) => {
    const req = t.http.get(`/api/pages?path=${encodeURIComponent(path)}&locale=${locale}`);
    return token ? req.set('token', token) : req;
  };

  beforeAll(async () => {
    t = await createTestApp();
    cm = contentModel(t);
    const news = await cm.container({ title: 'News', slug: 'news', published: true, fields: [{ label: 'Heading', name: 'heading', type: 'STRING' }] });
    post = await cm.content({ containerId: news.id, title: 'First', slug: 'first', published: true, fields: { heading: 'Old heading' } });
    const members = await cm.container({ title: 'Members', slug: 'members', published: true, accesses: [{ roleId: 'super-admin' }] });
    await cm.content({ containerId: members.id, title: 'Secret', slug: 'secret', published: true });
  });
  afterAll(() => t.close());

  it('answers a second read of the same page without querying the database', async () => {
    const first = await countQueries(t, () => read('/news/first', 'fr'));
    const second = await countQueries(t, () => read('/news/first', 'fr'));
    expect(first.result.status).toBe(200);
    expect(first.count).toBeGreaterThan(0);
    expect(second.count).toBe(0);
    expect(second.result.body).toEqual(first.result.body);
  });

  it('shows a change at once: the write purges the page it changed', async () => {
    expect((await read('/news/first')).body.content.fields.heading).toBe('Old heading');
    const put = await cm.as().put(`/api/contents/${post.id}?locale=en`, { fields: { heading: 'New heading' } });
    expect(put.status).toBe(200);
    expect((await read('/news/first')).body.content.fields.heading).toBe('New heading');
    expect((await read('/news/first', 'fr')).body.content.fields.heading).toBe('New heading');
  });

  it('purges everything on POST /api/revalidate/all', async () => {
    await read('/news/first');
    expect((await t.http.post('/api/revalidate/all').set('token', t.ownerToken)).status).toBe(204);
    expect((await countQueries(t, () => read('/news/first'))).count).toBeGreaterThan(0);
  });

  it('never keeps a guarded page: each read checks the caller again', async () => {
    expect((await read('/members/secret', 'en', t.ownerToken)).status).toBe(200);
    const again = await countQueries(t, () => read('/members/secret', 'en', t.ownerToken));
    expect(again.count).toBeGreaterThan(0);
    expect((await read('/members/secret')).status).toBe(401);
  });

  it("keeps the layout's sections for every read, a member's too, until a layout write shows the new ones to all", async () => {
    const header = (html: string) => cm.as().post('/api/layout', { sections: [{ type: 'HEADER', block: 'richtext', content: { html } }] });
    const layoutOf = async (token?: string) => JSON.stringify((await read('/news/first', 'en', token)).body.layout);
    expect((await header('<p>Old header</p>')).status).toBe(200);
    expect(await layoutOf(t.ownerToken)).toContain('Old header');
    // A member's read is never kept whole, but the layout it shows is: no query reads it again.
    const again = await countQueries(t, () => read('/news/first', 'en', t.ownerToken));
    expect(again.count).toBeGreaterThan(0);
    expect(again.queries.filter((sql: string) => /type <> 'PAGE'/.test(sql))).toEqual([]);
    expect((await header('<p>New header</p>')).status).toBe(200);
    expect(await layoutOf(t.ownerToken)).toContain('New header');
    expect(await layoutOf()).toContain('New header');
    expect(await layoutOf()).not.toContain('Old header');
  });

  it('keeps nothing for unknown or unpublished paths', async () => {
    expect((await read('/news/nothing')).status).toBe(404);
    expect((await countQueries(t, () => read('/news/nothing'))).count).toBeGreaterThan(0);
  });
});

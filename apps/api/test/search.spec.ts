import { RightType } from '@cms/contracts';
import { contentModel } from './support/content-model';
import { useTestApp } from './support/test-app';

interface Hit {
  kind: string;
  id: number;
  title: string;
  detail: string | null;
  matched: string | null;
  match: number;
}

/** GET /api/search: the command palette's one route. */
describe('GET /api/search', () => {
  const t = useTestApp();
  const cm = contentModel(t);
  const find = async (q: string, extra = '', token = t.ownerToken) => {
    const res = await t.http.get(`/api/search?q=${encodeURIComponent(q)}${extra}`).set('token', token);
    expect(res.status).toBe(200);
    return res.body as { q: string; hits: Hit[]; searched: string[] };
  };

  it('finds a content by its title and by its per-locale title field, naming its container and what matched', async () => {
    const news = await cm.container({ title: 'Newsroom', fields: [{ label: 'Title', name: 'title', type: 'STRING' }] });
    const content = await cm.content({ containerId: news.id, title: 'Harbour opening', fields: { title: 'Harbour opening' } });
    await cm.as().put(`/api/contents/${content.id}?locale=fr`, { fields: { title: 'Inauguration du port' } });
    const byTitle = await find('harbour');
    expect(byTitle.hits).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'contents', id: content.id, title: 'Harbour opening', detail: 'Newsroom', match: 3 })]),
    );
    const byField = await find('inauguration');
    expect(byField.hits.filter((h) => h.kind === 'contents')).toEqual([
      expect.objectContaining({ id: content.id, title: 'Harbour opening', matched: 'Inauguration du port', match: 3 }),
    ]);
  });

  it('ranks the whole text, then its start, then a word’s start, then anywhere, and the latest change among equals', async () => {
    const c = await cm.container({ title: 'Ranking' });
    const anywhere = await cm.content({ containerId: c.id, title: 'Unzebrafied' });
    const word = await cm.content({ containerId: c.id, title: 'The zebra crossing' });
    const prefix = await cm.content({ containerId: c.id, title: 'Zebra stripes' });
    const exact = await cm.content({ containerId: c.id, title: 'ZEBRA' });
    const olderPrefix = await cm.content({ containerId: c.id, title: 'Zebras' });
    await t.dataSource.query(`UPDATE "content" SET "updatedAt" = now() - interval '1 day' WHERE id = $1`, [olderPrefix.id]);
    const { hits } = await find('zebra');
    expect(hits.filter((h) => h.kind === 'contents').map((h) => [h.id, h.match])).toEqual([
      [exact.id, 4],
      [prefix.id, 3],
      [olderPrefix.id, 3],
      [word.id, 2],
      [anywhere.id, 1],
    ]);
  });

  it('finds containers by title and slug, elements, forms, media by file name and users by name and e-mail', async () => {
    const container = await cm.container({ title: 'Quokka facts', slug: 'marsupials' });
    const element = await t.ownerCreates('/api/elements', {
      title: 'Quokka banner',
      block: 'cta',
      content: { title: 'Hi', action: { label: 'Go', href: '/x' } },
    });
    const formId = await cm.form();
    await t.dataSource.query(`UPDATE "form" SET title = 'Quokka sightings' WHERE id = $1`, [formId]);
    const mediaId = await cm.media();
    await t.dataSource.query(`UPDATE "media" SET name = 'quokka.png' WHERE id = $1`, [mediaId]);
    const user = await t.userWithRights([], 'Quokka Keeper');
    const { hits, searched } = await find('quokka');
    expect(searched).toEqual(['contents', 'containers', 'elements', 'forms', 'medias', 'users']);
    const found = hits.map((h) => `${h.kind}:${h.id}`);
    for (const key of [`containers:${container.id}`, `elements:${element.id}`, `forms:${formId}`, `medias:${mediaId}`, `users:${user.id}`])
      expect(found).toContain(key);
    const bySlug = await find('marsupial');
    expect(bySlug.hits).toEqual([expect.objectContaining({ kind: 'containers', id: container.id, matched: 'marsupials', match: 3 })]);
    const byEmail = await find(user.email);
    expect(byEmail.hits).toEqual([expect.objectContaining({ kind: 'users', id: user.id, title: 'Quokka Keeper', detail: user.email, match: 4 })]);
  });

  it('takes % and _ literally', async () => {
    const c = await cm.container({ title: 'Literal' });
    const percent = await cm.content({ containerId: c.id, title: 'Save 50% now' });
    await cm.content({ containerId: c.id, title: 'Save 500 now' });
    const { hits } = await find('50%');
    expect(hits.filter((h) => h.kind === 'contents').map((h) => h.id)).toEqual([percent.id]);
    expect((await find('_')).hits.filter((h) => h.kind === 'contents')).toEqual([]);
  });

  it('answers at most `limit` hits', async () => {
    const c = await cm.container({ title: 'Many' });
    for (let i = 0; i < 4; i++) await cm.content({ containerId: c.id, title: `Walrus ${i}` });
    expect((await find('walrus', '&limit=2')).hits).toHaveLength(2);
    expect((await find('walrus')).hits).toHaveLength(4);
  });

  it.each([
    ['no q', '/api/search', /q must be a string/],
    ['an empty q', '/api/search?q=', /q must not be empty/],
    ['a q of spaces', '/api/search?q=%20%20', /q must not be empty/],
    ['a q too long', `/api/search?q=${'a'.repeat(101)}`, /q must be shorter than or equal to 100 characters/],
    ['a limit of 0', '/api/search?q=a&limit=0', /limit must be from 1 to 50/],
    ['a limit too large', '/api/search?q=a&limit=51', /limit must be from 1 to 50/],
    ['a limit that is not a number', '/api/search?q=a&limit=ten', /limit must be a whole number/],
    ['two q', '/api/search?q=a&q=b', /q must be a string/],
    ['an unknown key', '/api/search?q=a&kind=users', /Unknown query parameter "kind"/],
  ])('refuses %s with a 400 that says what is wrong', async (_label, url, message) => {
    const res = await t.http.get(url).set('token', t.ownerToken);
    expect(res.status).toBe(400);
    expect(`${res.body.message} ${JSON.stringify(res.body.errors ?? {})}`).toMatch(message);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.http.get('/api/search?q=a')).status).toBe(401);
  });

  it('answers nothing, and searches nothing, for a role without any read right', async () => {
    const c = await cm.container({ title: 'Visible to none' });
    await cm.content({ containerId: c.id, title: 'Nobody reads this' });
    const nobody = await t.userWithRights([RightType.REVALIDATION]);
    expect(await find('nobody', '', nobody.token)).toEqual({ q: 'nobody', hits: [], searched: [] });
  });
});

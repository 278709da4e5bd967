import { RightType } from '@cms/contracts';
import { contentModel, q } from './support/content-model';
import { useTestApp } from './support/test-app';

/**
 * The Pages tree (issue 27, part 1): GET /api/slugs/tree reads the site one level at a time (or
 * searched by title), POST /api/slugs/{id}/move moves a page with everything under it.
 */
describe('page tree', () => {
  const t = useTestApp();
  const cm = contentModel(t);
  const tree = (query = '', token = t.ownerToken) => t.http.get(`/api/slugs/tree${query}`).set('token', token);
  const move = (slugId: number, body: unknown, token = t.ownerToken) =>
    t.http
      .post(`/api/slugs/${slugId}/move`)
      .set('token', token)
      .send(body as object);
  const fullOf = async (slugId: number | null) => (await t.dataSource.query(`SELECT "full" FROM slug WHERE id = $1`, [slugId]))[0]?.full;
  const titles = (body: { title: string }[]) => body.map((node) => node.title);

  it('answers the top level with the home page first, then by title, each with its kind, state and child count', async () => {
    const zoo = await cm.container({ title: 'Zoo', slug: 'zoo', published: true });
    const home = await cm.container({ title: 'Welcome', slug: '', published: true });
    const about = await cm.container({ title: 'About', slug: 'about' });
    await cm.content({ containerId: zoo.id, title: 'Lion', slug: 'lion', published: true });
    await cm.content({ containerId: zoo.id, title: 'Bear', slug: 'bear' });
    await cm.container({ title: 'No page' });

    const res = await tree();
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('pages 0-2/3');
    expect(titles(res.body)).toEqual(['Welcome', 'About', 'Zoo']);
    expect(res.body[0]).toMatchObject({ slugId: home.slugId, parentId: null, basic: '', path: '/', kind: 'container', containerId: home.id, contentId: null });
    expect(res.body[1]).toMatchObject({ slugId: about.slugId, path: '/about', state: 'draft', childCount: 0 });
    expect(res.body[2]).toMatchObject({ slugId: zoo.slugId, path: '/zoo', state: 'published', childCount: 2 });
    expect(typeof res.body[2].updatedAt).toBe('string');

    const byPath = await tree(`?sort=path`);
    expect(byPath.body.map((n: { path: string }) => n.path)).toEqual(['/', '/about', '/zoo']);

    const animals = await tree(`?parentId=${zoo.slugId}`);
    expect(animals.body).toMatchObject([
      { title: 'Bear', path: '/zoo/bear', kind: 'content', state: 'draft', parentId: zoo.slugId, childCount: 0 },
      { title: 'Lion', path: '/zoo/lion', kind: 'content', state: 'published' },
    ]);
    // One page by its id (what a picker shows as chosen).
    expect((await tree(`?slugId=${zoo.slugId}`)).body).toMatchObject([{ title: 'Zoo', path: '/zoo', childCount: 2 }]);
    expect((await tree(`?slugId=999999`)).body).toEqual([]);
    // Every locale answers en's path until pages have their own (part 2 of the issue).
    expect((await tree(`?parentId=${zoo.slugId}&locale=fr`)).body[0].path).toBe('/zoo/bear');
  });

  it('tells members-only pages (their own accesses, or a content’s container’s) and scheduled ones', async () => {
    const club = await cm.container({ title: 'Club', slug: 'club', published: true, accesses: [{ roleId: 'super-admin' }] });
    const open = await cm.container({ title: 'Open', slug: 'open', published: true });
    const inClub = await cm.content({ containerId: club.id, title: 'A', slug: 'inside', published: true });
    const guarded = await cm.content({ containerId: open.id, title: 'B', slug: 'guarded', published: true, accesses: [{ roleId: 'super-admin' }] });
    const later = await cm.content({ containerId: open.id, title: 'C', slug: 'later' });
    const publishAt = new Date(Date.now() + 86_400_000).toISOString();
    expect((await cm.as().put(`/api/contents/${later.id}`, { publishAt })).status).toBe(200);

    expect((await tree(`?parentId=${club.slugId}`)).body).toMatchObject([{ slugId: inClub.slugId, state: 'members-only' }]);
    const states = (await tree(`?parentId=${open.slugId}`)).body.map((n: { slugId: number; state: string }) => [n.slugId, n.state]);
    expect(states).toEqual([
      [guarded.slugId, 'members-only'],
      [later.slugId, 'scheduled'],
    ]);
    // A search answers the same states (its text is found in titles and in addresses).
    const found = (await tree(`?q=club`)).body.map((n: { slugId: number; state: string }) => [n.slugId, n.state]);
    expect(found).toEqual([
      [inClub.slugId, 'members-only'],
      [club.slugId, 'members-only'],
    ]);
  });

  it('pages a big level with range and Content-Range, and counts past the end', async () => {
    const big = await cm.container({ title: 'Big', slug: 'big' });
    for (let i = 0; i < 12; i++) await cm.content({ containerId: big.id, title: `Item ${String(i).padStart(2, '0')}`, slug: `item-${i}` });
    const first = await tree(`?parentId=${big.slugId}&range=${q([0, 4])}`);
    expect(first.headers['content-range']).toBe('pages 0-4/12');
    expect(titles(first.body)).toEqual(['Item 00', 'Item 01', 'Item 02', 'Item 03', 'Item 04']);
    const last = await tree(`?parentId=${big.slugId}&range=${q([10, 14])}`);
    expect(last.headers['content-range']).toBe('pages 10-11/12');
    expect(titles(last.body)).toEqual(['Item 10', 'Item 11']);
    const past = await tree(`?parentId=${big.slugId}&range=${q([20, 24])}`);
    expect(past.body).toEqual([]);
    expect(past.headers['content-range']).toBe('pages */12');
    expect((await tree(`?parentId=${big.slugId}&range=${q([0, 0])}`)).body[0].title).toBe('Item 00');
  });

  it('searches titles across the whole tree, answering each match with its path, and leaves out a page’s own subtree with notUnder', async () => {
    const company = await cm.container({ title: 'Company', slug: 'company' });
    const team = await cm.container({ title: 'Our Team page', slug: 'team', parentSlugId: company.slugId });
    const member = await cm.content({ containerId: team.id, title: 'Team lead', slug: 'lead' });
    const found = await tree(`?q=${encodeURIComponent('TEAM')}`);
    expect(found.body.map((n: { title: string; path: string }) => [n.title, n.path])).toEqual([
      ['Our Team page', '/company/team'],
      ['Team lead', '/company/team/lead'],
    ]);
    // Where the team page may go: not under itself nor under its member.
    const targets = await tree(`?q=team&notUnder=${team.slugId}`);
    expect(targets.body).toEqual([]);
    // The text is found in addresses too: every page under /company, but the member left out.
    expect((await tree(`?q=company&notUnder=${member.slugId}`)).body.map((n: { slugId: number }) => n.slugId)).toEqual([company.slugId, team.slugId]);
    // Wildcards are taken literally.
    expect((await tree(`?q=${encodeURIComponent('%')}`)).body).toEqual([]);
  });

  it('moves a page with everything under it, recomputing their paths, and answers it in its new place', async () => {
    const company = await cm.container({ title: 'Company M', slug: 'company-m', published: true });
    const about = await cm.container({ title: 'About M', slug: 'about-m', published: true });
    const history = await cm.content({ containerId: about.id, title: 'History', slug: 'history', published: true });
    t.events.length = 0;
    const res = await move(about.slugId!, { parentId: company.slugId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slugId: about.slugId, parentId: company.slugId, path: '/company-m/about-m', childCount: 1, title: 'About M' });
    expect(await fullOf(history.slugId)).toBe('company-m/about-m/history');
    expect((await cm.as().get(`/api/contents/${history.id}`)).body.path).toBe('/company-m/about-m/history');
    expect((await tree(`?parentId=${company.slugId}`)).body).toMatchObject([{ slugId: about.slugId, childCount: 1 }]);

    // Addresses changed: every page is purged (cached navigation links and cards name pages by address).
    expect(t.events).toContainEqual({ scope: 'all' });

    // A version of the container is kept, and the audit log says where it went.
    const versions = await cm.as().get(`/api/containers/${about.id}/versions`);
    expect(versions.body[0]).toMatchObject({ action: 'update' });
    const [entry] = await t.dataSource.query(`SELECT summary FROM "audit_entry" WHERE resource = 'slugs' ORDER BY id DESC LIMIT 1`);
    expect(entry.summary).toBe(`Moved page ${about.slugId} "About M" to /company-m/about-m`);

    // Back to the top level.
    const back = await move(about.slugId!, { parentId: null });
    expect(back.body).toMatchObject({ parentId: null, path: '/about-m' });
    expect(await fullOf(history.slugId)).toBe('about-m/history');
    // A move to where it is already changes nothing.
    expect((await move(about.slugId!, { parentId: null })).status).toBe(200);
  });

  it('moves a content’s page at once in a drafts container, and its draft follows', async () => {
    const blog = await cm.container({ title: 'Drafty', slug: 'drafty', drafts: true, published: true });
    const other = await cm.container({ title: 'Elsewhere', slug: 'elsewhere' });
    const post = await cm.content({ containerId: blog.id, title: 'Post', slug: 'post', published: true });
    // A draft that names the container's page as parent (and a new title).
    expect((await cm.as().put(`/api/contents/${post.id}`, { title: 'Post (draft)', parentSlugId: blog.slugId })).status).toBe(200);
    const res = await move(post.slugId!, { parentId: other.slugId });
    expect(res.body.path).toBe('/elsewhere/post');
    const read = (await cm.as().get(`/api/contents/${post.id}`)).body;
    expect(read).toMatchObject({ hasDraft: true, title: 'Post (draft)', parentSlugId: other.slugId, path: '/elsewhere/post' });
    // Publishing the draft keeps the page where it was moved.
    expect((await cm.as().post(`/api/contents/${post.id}/publish`, {})).status).toBe(200);
    expect(await fullOf(post.slugId)).toBe('elsewhere/post');
    const versions = await cm.as().get(`/api/contents/${post.id}/versions`);
    expect(versions.body.map((v: { action: string }) => v.action)).toEqual(expect.arrayContaining(['update', 'draft']));
  });

  it('answers 400 naming parentId for a page moved under itself or one of its descendants, or under no page', async () => {
    const top = await cm.container({ title: 'Top', slug: 'top-c' });
    const mid = await cm.container({ title: 'Mid', slug: 'mid-c', parentSlugId: top.slugId });
    for (const parentId of [top.slugId, mid.slugId]) {
      const res = await move(top.slugId!, { parentId });
      expect(res.status).toBe(400);
      expect(res.body.errors.parentId[0]).toMatch(/cannot go under itself/);
    }
    const none = await move(top.slugId!, { parentId: 999_999 });
    expect(none.status).toBe(400);
    expect(none.body.errors.parentId[0]).toMatch(/does not exist/);
    const home = await cm.container({ title: 'Home C', slug: '' }).catch(() => null);
    if (home) {
      const res = await move(home.slugId!, { parentId: top.slugId });
      expect(res.status).toBe(400);
      expect(res.body.errors.parentId[0]).toMatch(/home page/);
    }
    expect(await fullOf(mid.slugId)).toBe('top-c/mid-c');
  });

  it('answers 409 naming the path when the page’s or a descendant’s new path is taken, and moves nothing', async () => {
    const a = await cm.container({ title: 'A side', slug: 'a-side' });
    const b = await cm.container({ title: 'B side', slug: 'b-side' });
    await cm.container({ title: 'Taken', slug: 'a-side', parentSlugId: b.slugId });
    const taken = await move(a.slugId!, { parentId: b.slugId });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/\/b-side\/a-side/);

    const c = await cm.container({ title: 'C side', slug: 'c-side' });
    const child = await cm.content({ containerId: c.id, title: 'Child', slug: 'child' });
    const e = await cm.container({ title: 'E side', slug: 'e-side' });
    await cm.container({ title: 'E C', slug: 'c-side', parentSlugId: e.slugId });
    const collide = await move(c.slugId!, { parentId: e.slugId });
    expect(collide.status).toBe(409);
    expect(collide.body.message).toMatch(/\/e-side\/c-side/);
    expect(collide.body.errors.parentId[0]).toMatch(/\/e-side\/c-side/);
    expect(await fullOf(c.slugId)).toBe('c-side');
    expect(await fullOf(child.slugId)).toBe('c-side/child');
  });

  it('asks UPDATE_CONTENT to move a content’s page and UPDATE_CONTAINER for a container’s, and VIEW_CONTENT to read the tree', async () => {
    const shelf = await cm.container({ title: 'Shelf', slug: 'shelf' });
    const book = await cm.content({ containerId: shelf.id, title: 'Book', slug: 'book' });
    const reader = await t.userWithRights([RightType.VIEW_CONTENT]);
    const contentEditor = await t.userWithRights([RightType.VIEW_CONTENT, RightType.UPDATE_CONTENT]);
    const containerEditor = await t.userWithRights([RightType.UPDATE_CONTAINER]);

    expect((await t.http.get('/api/slugs/tree')).status).toBe(401);
    expect((await tree('', containerEditor.token)).status).toBe(403);
    expect((await tree('', reader.token)).status).toBe(200);
    expect((await move(book.slugId!, { parentId: null }, reader.token)).status).toBe(403);
    const wrongKind = await move(shelf.slugId!, { parentId: null }, contentEditor.token);
    expect(wrongKind.status).toBe(403);
    expect(wrongKind.body.message).toMatch(/UPDATE_CONTAINER/);
    expect((await move(book.slugId!, { parentId: null }, containerEditor.token)).status).toBe(403);
    expect((await move(book.slugId!, { parentId: null }, contentEditor.token)).status).toBe(200);
    expect(await fullOf(book.slugId)).toBe('book');
    expect((await move(book.slugId!, { parentId: shelf.slugId }, containerEditor.token)).status).toBe(403);
    // Who may move a page without reading the tree is answered its id alone.
    const blind = await t.userWithRights([RightType.UPDATE_CONTAINER]);
    const bookcase = await cm.container({ title: 'Bookcase', slug: 'bookcase' });
    const moved = await move(shelf.slugId!, { parentId: bookcase.slugId }, blind.token);
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ slugId: shelf.slugId });
    expect(await fullOf(shelf.slugId)).toBe('bookcase/shelf');
  });

  it.each([
    ['parentId', '?parentId=abc'],
    ['parentId', '?parentId=0'],
    ['range', `?range=${q([5, 1])}`],
    ['range', `?range=${q([0, 500])}`],
    ['range', '?range=nope'],
    ['sort', '?sort=updatedAt'],
    ['q', `?q=${'x'.repeat(201)}`],
    ['q', '?q=a&parentId=1'],
    ['notUnder', '?notUnder=-1'],
    ['slugId', '?slugId=x'],
    ['slugId', '?slugId=1&parentId=1'],
  ])('answers 400 naming %s for %s', async (key, query) => {
    const res = await tree(query);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual([key]);
  });

  it('answers 400 for an unknown key or locale, and for a move body without a good parentId; 404 for no such page', async () => {
    expect((await tree('?parent=1')).status).toBe(400);
    expect((await tree('?locale=de')).status).toBe(400);
    const page = await cm.container({ title: 'Lone', slug: 'lone' });
    for (const body of [{}, { parentId: 'x' }, { parentId: 1.5 }, { parentId: 0 }]) {
      const res = await move(page.slugId!, body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty('parentId');
    }
    expect((await move(page.slugId!, { parentId: null, extra: 1 })).status).toBe(400);
    expect((await move(999_999, { parentId: null })).status).toBe(404);
    expect((await t.http.post('/api/slugs/abc/move').set('token', t.ownerToken).send({ parentId: null })).status).toBe(400);
  });
});

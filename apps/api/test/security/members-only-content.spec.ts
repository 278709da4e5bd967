import { contentModel, q } from '../support/content-model';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Members-only contents (a content's own accesses, or its container's when it has none) never
 * reach a reader without the role: not through a `contents` block or a CONTENT field of a public
 * page, not through the API's page cache or a shared cache, not through GET /api/slugs (which the
 * sitemap reads), and a form shown only on members' pages takes no message from others.
 */
describe('members-only content', () => {
  let t: TestApp;
  let cm: ReturnType<typeof contentModel>;
  let members: { roleId: string; token: string };
  let others: { roleId: string; token: string };
  let posts: { id: number };
  let secret: { id: number };
  let news: { id: number };
  let publicNews: { id: number };
  let vipNews: { id: number };
  let othersNews: { id: number };
  let landingPath: string;

  /** A marker that appears only in members-only rows: no answer to an outsider may contain it. */
  const SECRET = 'members-only-marker';

  const read = (path: string, token?: string) => {
    const req = t.http.get(`/api/pages?path=${encodeURIComponent(path)}&locale=en`);
    return token ? req.set('token', token) : req;
  };
  type Item = { id: number; title: string };
  const itemsOf = (body: { sections: { block: string; containerContentId: number | null; items: Item[] | null }[] }, containerId: number) =>
    (body.sections.find((s) => s.block === 'contents' && s.containerContentId === containerId)?.items ?? []).map((i) => i.id);

  beforeAll(async () => {
    t = await createTestApp();
    cm = contentModel(t);
    members = await t.userWithRights([]);
    others = await t.userWithRights([]);

    // A members-only container: its contents take its accesses.
    posts = await cm.container({
      title: 'Posts',
      slug: 'posts',
      published: true,
      accesses: [{ roleId: members.roleId }],
      fields: [{ label: 'Body', name: 'body', type: 'STRING' }],
    });
    secret = await cm.content({ containerId: posts.id, title: `Secret ${SECRET}`, slug: 'secret', published: true, fields: { body: `text ${SECRET}` } });
    // A public container whose contents guard themselves, one by one.
    news = await cm.container({ title: 'News', slug: 'news', published: true, fields: [{ label: 'Body', name: 'body', type: 'STRING' }] });
    publicNews = await cm.content({ containerId: news.id, title: 'Open news', slug: 'open', published: true, fields: { body: 'for everyone' } });
    vipNews = await cm.content({
      containerId: news.id,
      title: `VIP ${SECRET}`,
      slug: 'vip',
      published: true,
      fields: { body: `vip ${SECRET}` },
      accesses: [{ roleId: members.roleId }],
    });
    othersNews = await cm.content({
      containerId: news.id,
      title: `Others ${SECRET}`,
      slug: 'others-only',
      published: true,
      accesses: [{ roleId: others.roleId }],
    });

    // The public page that lists both containers and refers to the secret post.
    const pages = await cm.container({
      title: 'Pages',
      slug: 'pages',
      published: true,
      fields: [{ label: 'Related', name: 'related', type: 'CONTENT', multiple: true }],
    });
    await cm.content({
      containerId: pages.id,
      title: 'Landing',
      slug: 'landing',
      published: true,
      fields: { related: [secret.id, publicNews.id] },
      sections: [
        { block: 'contents', containerContentId: posts.id, content: { title: 'Latest posts' } },
        { block: 'contents', containerContentId: news.id, content: { title: 'News' } },
      ],
    });
    landingPath = '/pages/landing';
  });
  afterAll(() => t.close());

  it('an anonymous visitor reading a public page whose contents block lists members-only posts sees none of them', async () => {
    const res = await read(landingPath);
    expect(res.status).toBe(200);
    expect(itemsOf(res.body, posts.id)).toEqual([]);
    expect(itemsOf(res.body, news.id)).toEqual([publicNews.id]);
    expect(res.text).not.toContain(SECRET);
  });

  it('an anonymous visitor cannot resolve a members-only content through a CONTENT field of a public page', async () => {
    const res = await read(landingPath);
    expect(Object.keys(res.body.contents).map(Number)).toEqual([publicNews.id]);
    expect(res.body.contents[secret.id]).toBeUndefined();
    expect(res.text).not.toContain('/posts/secret');
  });

  it('an anonymous visitor is never served the cached copy of a public page that a member read first', async () => {
    expect((await t.http.post('/api/revalidate/all').set('token', t.ownerToken)).status).toBeLessThan(300);
    const member = await read(landingPath, members.token);
    expect(itemsOf(member.body, posts.id)).toEqual([secret.id]);
    expect(itemsOf(member.body, news.id).sort()).toEqual([publicNews.id, vipNews.id].sort());
    expect(Object.keys(member.body.contents).map(Number).sort()).toEqual([secret.id, publicNews.id].sort());

    for (let i = 0; i < 2; i += 1) {
      const anonymous = await read(landingPath);
      expect(anonymous.status).toBe(200);
      expect(anonymous.text).not.toContain(SECRET);
      expect(itemsOf(anonymous.body, posts.id)).toEqual([]);
    }
    // And the other way round: a member is not served the public's copy either.
    expect(itemsOf((await read(landingPath, members.token)).body, posts.id)).toEqual([secret.id]);
  });

  it("a shared cache cannot keep a member's view of a public page for the next visitor", async () => {
    const member = await read(landingPath, members.token);
    expect(member.status).toBe(200);
    expect(member.headers['cache-control']).toBe('private, no-store');
  });

  it('a member of another role sees only the contents opened to that role, and super-admin sees them all', async () => {
    const other = await read(landingPath, others.token);
    expect(itemsOf(other.body, posts.id)).toEqual([]);
    expect(itemsOf(other.body, news.id).sort()).toEqual([publicNews.id, othersNews.id].sort());
    expect(other.body.contents[secret.id]).toBeUndefined();

    const owner = await read(landingPath, t.ownerToken);
    expect(itemsOf(owner.body, posts.id)).toEqual([secret.id]);
    expect(itemsOf(owner.body, news.id).sort()).toEqual([publicNews.id, vipNews.id, othersNews.id].sort());
    expect(owner.body.contents[secret.id]).toMatchObject({ id: secret.id, path: '/posts/secret' });
  });

  it('a contents block cannot be used to list guarded contents past its limit: the limit counts only what the reader may read', async () => {
    const limited = await cm.content({
      containerId: (await cm.container({ slug: 'limited', published: true })).id,
      slug: 'page',
      published: true,
      sections: [{ block: 'contents', containerContentId: news.id, content: { limit: 1, sort: 'title' } }],
    });
    // By title, "Open news" comes before "Others…" and "VIP…": the public gets it; the block is not left empty by guarded ones first.
    const anonymous = await read('/limited/page');
    expect(itemsOf(anonymous.body, news.id)).toEqual([publicNews.id]);
    const other = await read('/limited/page', others.token);
    expect(itemsOf(other.body, news.id)).toEqual([publicNews.id]);
    await cm.as().put(`/api/contents/${publicNews.id}`, { title: 'Zz open news' });
    expect(itemsOf((await read('/limited/page')).body, news.id)).toEqual([publicNews.id]);
    expect(itemsOf((await read('/limited/page', others.token)).body, news.id)).toEqual([othersNews.id]);
    await cm.as().put(`/api/contents/${publicNews.id}`, { title: 'Open news' });
    expect(limited.id).toEqual(expect.any(Number));
  });

  it('what a listing, a reference or GET /api/slugs shows each reader is exactly what that reader may open as a page', async () => {
    const readers = { anonymous: undefined, members: members.token, others: others.token, owner: t.ownerToken };
    for (const [who, token] of Object.entries(readers)) {
      const landing = (await read(landingPath, token)).body;
      const listed = new Set([...itemsOf(landing, posts.id), ...itemsOf(landing, news.id)]);
      const slugsReq = t.http.get('/api/slugs');
      const slugs = new Set(((await (token ? slugsReq.set('token', token) : slugsReq)).body as { path: string }[]).map((s) => s.path));
      for (const [id, path] of [
        [secret.id, '/posts/secret'],
        [publicNews.id, '/news/open'],
        [vipNews.id, '/news/vip'],
        [othersNews.id, '/news/others-only'],
      ] as const) {
        const opens = (await read(path, token)).status === 200;
        expect({ who, path, listed: listed.has(id), slug: slugs.has(path) }).toEqual({ who, path, listed: opens, slug: opens });
        if (id === secret.id || id === publicNews.id)
          expect({ who, path, referenced: landing.contents[id] !== undefined }).toEqual({ who, path, referenced: opens });
      }
      const containerOpens = (await read('/posts', token)).status === 200;
      expect({ who, path: '/posts', slug: slugs.has('/posts') }).toEqual({ who, path: '/posts', slug: containerOpens });
    }
  });

  it('a page listing a container that turns members-only stops showing its contents to the public at once', async () => {
    const club = await cm.container({ slug: 'club', published: true });
    const item = await cm.content({ containerId: club.id, title: 'Club item', slug: 'item', published: true });
    const board = await cm.container({ slug: 'board', published: true, sections: [{ block: 'contents', containerContentId: club.id, content: {} }] });
    const referrer = await cm.content({
      containerId: (await cm.container({ slug: 'refs', published: true, fields: [{ label: 'See', name: 'see', type: 'CONTENT' }] })).id,
      slug: 'page',
      published: true,
      fields: { see: item.id },
    });
    expect(itemsOf((await read('/board')).body, club.id)).toEqual([item.id]);
    expect((await read('/refs/page')).body.contents[item.id]).toBeDefined();

    await cm.as().put(`/api/containers/${club.id}`, { accesses: [{ roleId: members.roleId }] });
    expect(itemsOf((await read('/board')).body, club.id)).toEqual([]);
    expect((await read('/refs/page')).body.contents[item.id]).toBeUndefined();
    expect(board.id + referrer.id).toEqual(expect.any(Number));
  });

  it('an anonymous caller of GET /api/slugs (the sitemap) does not learn members-only paths', async () => {
    const res = await t.http.get(`/api/slugs?filter=${q({ published: true })}&range=${q([0, 9999])}`);
    expect(res.status).toBe(200);
    const paths: string[] = res.body.map((s: { path: string }) => s.path);
    expect(paths).toEqual(expect.arrayContaining(['/news', '/news/open', landingPath]));
    for (const guarded of ['/posts/secret', '/news/vip', '/news/others-only']) expect(paths).not.toContain(guarded);
    // A container's accesses guard its own page too.
    expect(paths).not.toContain('/posts');
    const total = Number(/\/(\d+)$/.exec(res.headers['content-range'])?.[1]);
    expect(total).toBe(paths.length);
  });

  it('a signed-in caller without VIEW_CONTENT lists through GET /api/slugs only the pages its role opens', async () => {
    const memberPaths: string[] = (await t.http.get('/api/slugs').set('token', members.token)).body.map((s: { path: string }) => s.path);
    expect(memberPaths).toEqual(expect.arrayContaining(['/posts', '/posts/secret', '/news/vip', '/news/open']));
    expect(memberPaths).not.toContain('/news/others-only');
    const otherPaths: string[] = (await t.http.get('/api/slugs').set('token', others.token)).body.map((s: { path: string }) => s.path);
    expect(otherPaths).toContain('/news/others-only');
    for (const guarded of ['/posts', '/posts/secret', '/news/vip']) expect(otherPaths).not.toContain(guarded);
  });

  it('a member of another role cannot tell a members-only page from a missing one', async () => {
    for (const path of ['/posts/secret', '/posts', '/news/vip']) {
      const guarded = await read(path, others.token);
      const missing = await read(`${path}-missing`, others.token);
      expect({ path, status: guarded.status }).toEqual({ path, status: missing.status });
      expect(guarded.body).toEqual({ statusCode: 404, message: `No page at ${path}` });
      expect(guarded.text).not.toContain(SECRET);
    }
  });

  it('an anonymous probe of a members-only page learns only that it asks for sign-in (the site must send the visitor there), nothing of the page', async () => {
    const guarded = await read('/posts/secret');
    expect(guarded.status).toBe(401);
    expect(guarded.body).toEqual({ statusCode: 401, message: 'This page is for signed-in members: sign in first' });
    // An unpublished members-only page answers as a missing one.
    await cm.content({ containerId: posts.id, title: `Draft ${SECRET}`, slug: 'draft', published: false });
    expect((await read('/posts/draft')).body).toEqual({ statusCode: 404, message: 'No page at /posts/draft' });
  });

  it('leak of ids and field definitions: a public page carries neither the ids of members-only references nor the fields of members-only containers it lists', async () => {
    const anonymous = (await read(landingPath)).body;
    expect(anonymous.content.fields.related).toEqual([publicNews.id]);
    expect(anonymous.fieldDefinitions[posts.id]).toBeUndefined();
    expect(anonymous.fieldDefinitions[news.id]).toEqual([expect.objectContaining({ name: 'body' })]);
    // A reader who may open them still gets them.
    const member = (await read(landingPath, members.token)).body;
    expect(member.content.fields.related).toEqual([secret.id, publicNews.id]);
    expect(member.fieldDefinitions[posts.id]).toEqual([expect.objectContaining({ name: 'body' })]);
  });

  it("leak of a listed item's reference: a content referenced by a listed item that turns members-only leaves the pages listing it at once", async () => {
    const target = await cm.content({
      containerId: (await cm.container({ slug: 'targets', published: true })).id,
      title: `Soon hidden ${SECRET}`,
      slug: 'soon-hidden',
      published: true,
    });
    const library = await cm.container({ slug: 'library', published: true, fields: [{ label: 'See', name: 'see', type: 'CONTENT' }] });
    await cm.content({ containerId: library.id, title: 'Book', slug: 'book', published: true, fields: { see: target.id } });
    await cm.container({ slug: 'shelf', published: true, sections: [{ block: 'contents', containerContentId: library.id, content: {} }] });
    const before = await read('/shelf');
    expect(before.body.contents[target.id]).toMatchObject({ id: target.id });
    expect(before.text).toContain(SECRET);

    expect((await cm.as().put(`/api/contents/${target.id}`, { accesses: [{ roleId: members.roleId }] })).status).toBe(200);
    const after = await read('/shelf');
    expect(after.body.contents[target.id]).toBeUndefined();
    expect(after.text).not.toContain(SECRET);
  });

  describe('a form shown only on members-only pages', () => {
    let formId: number;
    let ip = 0;
    const submit = (id: number, token?: string) => {
      const req = t.http
        .post(`/api/forms/${id}/messages`)
        .set('X-Forwarded-For', `198.51.100.${++ip}`)
        .send({ values: { email: 'x@example.com' } });
      return token ? req.set('token', token) : req;
    };
    const messageCount = async (id: number) => Number((await t.dataSource.query(`SELECT count(*) AS n FROM "message" WHERE "formId" = $1`, [id]))[0].n);

    beforeAll(async () => {
      formId = await cm.form([{ name: 'email', lang: 'en', label: 'E-mail' }]);
      await cm.as().put(`/api/contents/${secret.id}`, { sections: [{ block: 'form', formId, content: { title: 'Ask the club' } }] });
    });

    it('takes no message from an anonymous visitor, who could not open the page', async () => {
      const res = await submit(formId);
      expect(res.status).toBe(401);
      expect(await messageCount(formId)).toBe(0);
    });

    it('takes no message from a member of another role', async () => {
      expect((await submit(formId, others.token)).status).toBe(403);
      expect(await messageCount(formId)).toBe(0);
    });

    it('takes messages from the readers of the page and from super-admin', async () => {
      expect((await submit(formId, members.token)).status).toBe(201);
      expect((await submit(formId, t.ownerToken)).status).toBe(201);
      expect(await messageCount(formId)).toBe(2);
    });

    it('hands its definition (GET /api/forms/{id}/public) only to the readers of those pages', async () => {
      const definition = (token?: string) => {
        const req = t.http.get(`/api/forms/${formId}/public`);
        return token ? req.set('token', token) : req;
      };
      expect((await definition()).status).toBe(401);
      expect((await definition(others.token)).status).toBe(403);
      expect((await definition(members.token)).status).toBe(200);
      expect((await definition(t.ownerToken)).status).toBe(200);
    });

    it('takes messages from anyone once an element places it on a public page too', async () => {
      const elementId = (await cm.as().post('/api/elements', { title: 'Ask', block: 'form', formId, content: { title: 'Ask' } })).body.id;
      await cm.container({ slug: 'contact', published: true, sections: [{ block: 'element', elementId }] });
      expect((await submit(formId)).status).toBe(201);
    });
  });
});

/**
 * Localized addresses (issue 27, part 2) and the automatic redirects (part 3): each locale of a page
 * may have its own slug segment; every read answers the locale's own address; any locale's address,
 * and every address a page had, finds it again (301).
 */
import { contentModel, q } from './support/content-model';
import { useTestApp } from './support/test-app';

describe('localized addresses and automatic redirects', () => {
  const t = useTestApp();
  const cm = contentModel(t);
  const get = (url: string) => t.http.get(url).set('token', t.ownerToken);
  const put = (url: string, body: object) => t.http.put(url).set('token', t.ownerToken).send(body);
  const page = (path: string, locale = 'en') => t.http.get(`/api/pages?path=${encodeURIComponent(path)}&locale=${locale}`);
  const redirectFrom = async (from: string) => (await t.dataSource.query(`SELECT "to", status, auto FROM "redirect" WHERE "from" = $1`, [from]))[0];
  const expectMoved = async (path: string, locale: string, location: string) => {
    const res = await page(path, locale);
    expect({ status: res.status, location: res.headers.location, body: res.body }).toEqual({
      status: 301,
      location,
      body: { statusCode: 301, message: `This page is now at ${location}`, code: 'moved', location },
    });
  };

  let n = 0;
  /** A published container at /<slug> with a French segment, and a post under it with its own French segment. */
  const site = async () => {
    const k = ++n;
    const blog = await cm.container({ slug: `blog${k}`, published: true, fields: [{ label: 'Related', name: 'related', type: 'CONTENT' }] });
    expect((await put(`/api/containers/${blog.id}?locale=fr`, { slug: `blogue${k}` })).status).toBe(200);
    const post = await cm.content({ containerId: blog.id, title: 'Hello', slug: `hello${k}`, published: true });
    const fr = await put(`/api/contents/${post.id}?locale=fr`, { slug: `bonjour${k}` });
    expect(fr.status).toBe(200);
    return { k, blog, post, frAnswer: fr.body };
  };

  it('gives a page its French segment under its parent’s French path, and answers it in every read', async () => {
    const { k, blog, post, frAnswer } = await site();
    expect(frAnswer).toMatchObject({ slug: `bonjour${k}`, defaultSlug: `hello${k}`, path: `/blogue${k}/bonjour${k}`, locale: 'fr' });
    // en's answer is unchanged; tr has no segment of its own: en's segment under the container's tr path (en's too).
    expect((await get(`/api/contents/${post.id}`)).body).toMatchObject({ slug: `hello${k}`, defaultSlug: `hello${k}`, path: `/blog${k}/hello${k}` });
    expect((await get(`/api/contents/${post.id}?locale=tr`)).body).toMatchObject({ slug: null, defaultSlug: `hello${k}`, path: `/blog${k}/hello${k}` });
    expect((await get(`/api/containers/${blog.id}?locale=fr`)).body).toMatchObject({ slug: `blogue${k}`, defaultSlug: `blog${k}`, path: `/blogue${k}` });

    // The page read: found by the locale's own path, with every locale's own address.
    const read = await page(`/blogue${k}/bonjour${k}`, 'fr');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ path: `/blogue${k}/bonjour${k}`, container: { path: `/blogue${k}` }, content: { id: post.id } });
    expect(read.body.alternates).toEqual([
      { locale: 'en', path: `/blog${k}/hello${k}` },
      { locale: 'fr', path: `/fr/blogue${k}/bonjour${k}` },
      { locale: 'tr', path: `/tr/blog${k}/hello${k}` },
      { locale: 'es', path: `/es/blog${k}/hello${k}` },
      { locale: 'it', path: `/it/blog${k}/hello${k}` },
    ]);
    expect((await page(`/blog${k}/hello${k}`, 'en')).body.alternates[1]).toEqual({ locale: 'fr', path: `/fr/blogue${k}/bonjour${k}` });

    // GET /api/slugs (the sitemap): each locale's path.
    const slugs = await t.http.get(`/api/slugs?filter=${q({ contentId: post.id })}`);
    expect(slugs.body[0].paths).toEqual({
      en: `/blog${k}/hello${k}`,
      fr: `/blogue${k}/bonjour${k}`,
      tr: `/blog${k}/hello${k}`,
      es: `/blog${k}/hello${k}`,
      it: `/blog${k}/hello${k}`,
    });

    // The contents list and its search answer the path in the locale asked.
    await put(`/api/contents/${post.id}?locale=fr`, { title: 'Hello', fields: {} });
    const list = await get(`/api/contents?locale=fr&filter=${q({ id: post.id })}`);
    expect(list.body[0]).toMatchObject({ slug: `bonjour${k}`, path: `/blogue${k}/bonjour${k}` });
    const enList = await get(`/api/contents?filter=${q({ id: post.id })}`);
    expect(enList.body[0]).toMatchObject({ slug: `hello${k}`, path: `/blog${k}/hello${k}` });
  });

  it('answers listed cards, referenced contents and the layout’s navigation links in the locale’s own address', async () => {
    const { k, blog, post } = await site();
    const other = await cm.content({ containerId: blog.id, title: 'Other', slug: `other${k}`, published: true, fields: { related: post.id } });
    const home = await cm.container({ slug: `list${k}`, published: true });
    await put(`/api/containers/${home.id}`, { sections: [{ type: 'PAGE', block: 'contents', containerContentId: blog.id, content: { title: 'Posts' } }] });
    expect(
      (
        await cm.as().post('/api/layout?locale=fr', {
          sections: [
            {
              type: 'HEADER',
              block: 'navigation',
              content: {
                items: [
                  { label: 'Blogue', href: `/fr/blog${k}`, children: [{ label: 'Bonjour', href: `/fr/blog${k}/hello${k}?x=1` }] },
                  { label: 'Autre', href: `/fr/blog${k}/other${k}` },
                  { label: 'Ailleurs', href: 'https://example.com/' },
                ],
              },
            },
          ],
        })
      ).status,
    ).toBeLessThan(300);

    const listing = await page(`/list${k}`, 'fr');
    expect(listing.status).toBe(200);
    const items = listing.body.sections[0].items as { id: number; path: string }[];
    expect(items.find((item) => item.id === post.id)?.path).toBe(`/blogue${k}/bonjour${k}`);
    expect(items.find((item) => item.id === other.id)?.path).toBe(`/blogue${k}/other${k}`);
    // Links named by en's path under the fr prefix lead to the French addresses; unchanged ones are left out.
    expect(listing.body.links).toEqual({
      [`/fr/blog${k}`]: `/fr/blogue${k}`,
      [`/fr/blog${k}/hello${k}?x=1`]: `/fr/blogue${k}/bonjour${k}?x=1`,
      [`/fr/blog${k}/other${k}`]: `/fr/blogue${k}/other${k}`,
    });

    const referring = await page(`/blogue${k}/other${k}`, 'fr');
    expect(referring.body.contents[post.id]).toMatchObject({ id: post.id, path: `/blogue${k}/bonjour${k}` });
    expect((await page(`/blog${k}/other${k}`, 'en')).body.contents[post.id].path).toBe(`/blog${k}/hello${k}`);
    // en's layout has no navigation: nothing to map.
    expect((await page(`/list${k}`, 'en')).body.links).toEqual({});
    await cm.as().post('/api/layout?locale=fr', { sections: [] });
  });

  it('checks a locale’s segment as en’s (400 naming the rule) and keeps paths unique per locale (409 naming the path)', async () => {
    const { k, blog, post } = await site();
    for (const [slug, rule] of [
      ['bon jour', /spaces/],
      ['a/b', /one segment/],
      ['Bonjour', /lower case/],
      ['x'.repeat(201), /200/],
      ['x'.repeat(300), /200/],
    ] as const) {
      const res = await put(`/api/contents/${post.id}?locale=fr`, { slug });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(rule);
    }
    // A reserved first segment in a locale's path.
    const reserved = await put(`/api/containers/${blog.id}?locale=es`, { slug: 'admin' });
    expect(reserved.status).toBe(400);
    expect(reserved.body.errors.slug[0]).toMatch(/reserved.*in es: \/es\/admin/);

    const sibling = await cm.content({ containerId: blog.id, title: 'Sibling', slug: `sibling${k}`, published: true });
    const taken = await put(`/api/contents/${sibling.id}?locale=fr`, { slug: `bonjour${k}` });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(`The path /fr/blogue${k}/bonjour${k} is already the address of content ${post.id}`);
    // The same segment in another locale is free, and en's own path stays taken only in en.
    expect((await put(`/api/contents/${sibling.id}?locale=es`, { slug: `bonjour${k}` })).status).toBe(200);
    // A French segment equal to another page's en segment: free in fr while that page has its own French one.
    expect((await put(`/api/contents/${sibling.id}?locale=fr`, { slug: `hello${k}` })).status).toBe(200);
    expect((await get(`/api/contents/${sibling.id}?locale=fr`)).body.path).toBe(`/blogue${k}/hello${k}`);
    // …but clearing the page's French segment would give it /fr/blogue/hello<k>: taken.
    const cleared = await put(`/api/contents/${post.id}?locale=fr`, { slug: null });
    expect(cleared.status).toBe(409);
    expect(cleared.body.message).toBe(`The path /fr/blogue${k}/hello${k} is already the address of content ${sibling.id}`);
    // A locale's slug needs the page to have one in en; the home page has none of its own.
    const bare = await cm.content({ containerId: blog.id, title: 'No page' });
    const noPage = await put(`/api/contents/${bare.id}?locale=fr`, { slug: 'sans-page' });
    expect(noPage.status).toBe(400);
    expect(noPage.body.errors.slug[0]).toMatch(/address in en/);
  });

  it('clears a locale’s own segment with null: the locale uses en’s again', async () => {
    const { k, post } = await site();
    const cleared = await put(`/api/contents/${post.id}?locale=fr`, { slug: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ slug: null, defaultSlug: `hello${k}`, path: `/blogue${k}/hello${k}` });
    expect((await page(`/blogue${k}/hello${k}`, 'fr')).status).toBe(200);
    await expectMoved(`/blogue${k}/bonjour${k}`, 'fr', `/fr/blogue${k}/hello${k}`);
  });

  it('sends another locale’s address of a page to the locale’s own (301)', async () => {
    const { k } = await site();
    await expectMoved(`/blog${k}/hello${k}`, 'fr', `/fr/blogue${k}/bonjour${k}`);
    await expectMoved(`/blogue${k}/bonjour${k}`, 'en', `/blog${k}/hello${k}`);
    // Twice: the second answer comes from the page cache, the same.
    await expectMoved(`/blog${k}/hello${k}`, 'fr', `/fr/blogue${k}/bonjour${k}`);
    expect((await page(`/nowhere${k}`, 'fr')).status).toBe(404);
  });

  it('records a redirect from every old address of a renamed page and its children, in en and fr, without chains or loops', async () => {
    const { k, blog, post } = await site();
    // Rename the container in en: the post moves in en and in the locales using en's container segment.
    expect((await put(`/api/containers/${blog.id}`, { slug: `news${k}` })).status).toBe(200);
    expect(await redirectFrom(`/blog${k}`)).toEqual({ to: `/news${k}`, status: 301, auto: true });
    expect(await redirectFrom(`/blog${k}/hello${k}`)).toMatchObject({ to: `/news${k}/hello${k}` });
    expect(await redirectFrom(`/tr/blog${k}/hello${k}`)).toMatchObject({ to: `/tr/news${k}/hello${k}` });
    // fr has its own container segment: its addresses did not change, no redirect.
    expect(await redirectFrom(`/fr/blogue${k}/bonjour${k}`)).toBeUndefined();
    await expectMoved(`/blog${k}/hello${k}`, 'en', `/news${k}/hello${k}`);
    // …the old en address asked in fr is another locale's? No: it is a redirect of en's; fr asks its own address.
    await expectMoved(`/blog${k}/hello${k}`, 'tr', `/tr/news${k}/hello${k}`);

    // Rename the post in fr twice: A→B then B→C is stored as A→C and B→C.
    expect((await put(`/api/contents/${post.id}?locale=fr`, { slug: `salut${k}` })).status).toBe(200);
    expect((await put(`/api/contents/${post.id}?locale=fr`, { slug: `coucou${k}` })).status).toBe(200);
    expect(await redirectFrom(`/fr/blogue${k}/bonjour${k}`)).toMatchObject({ to: `/fr/blogue${k}/coucou${k}` });
    expect(await redirectFrom(`/fr/blogue${k}/salut${k}`)).toMatchObject({ to: `/fr/blogue${k}/coucou${k}` });
    await expectMoved(`/blogue${k}/bonjour${k}`, 'fr', `/fr/blogue${k}/coucou${k}`);

    // Back to the first name: the redirect from the page's current address is gone (no loop), the others lead to it.
    expect((await put(`/api/contents/${post.id}?locale=fr`, { slug: `bonjour${k}` })).status).toBe(200);
    expect(await redirectFrom(`/fr/blogue${k}/bonjour${k}`)).toBeUndefined();
    expect(await redirectFrom(`/fr/blogue${k}/coucou${k}`)).toMatchObject({ to: `/fr/blogue${k}/bonjour${k}` });
    expect(await redirectFrom(`/fr/blogue${k}/salut${k}`)).toMatchObject({ to: `/fr/blogue${k}/bonjour${k}` });
    expect((await page(`/blogue${k}/bonjour${k}`, 'fr')).status).toBe(200);
    await expectMoved(`/blogue${k}/salut${k}`, 'fr', `/fr/blogue${k}/bonjour${k}`);
    const [{ hits }] = await t.dataSource.query(`SELECT hits FROM "redirect" WHERE "from" = $1`, [`/fr/blogue${k}/salut${k}`]);
    expect(typeof hits).toBe('number');
  });

  it('records redirects when a page moves under another parent, with its children, in every locale', async () => {
    const { k, blog, post } = await site();
    const shelf = await cm.container({ slug: `shelf${k}`, published: true });
    await put(`/api/containers/${shelf.id}?locale=fr`, { slug: `etagere${k}` });
    expect((await put(`/api/containers/${blog.id}`, { parentSlugId: shelf.slugId })).status).toBe(200);
    expect((await get(`/api/contents/${post.id}?locale=fr`)).body.path).toBe(`/etagere${k}/blogue${k}/bonjour${k}`);
    expect(await redirectFrom(`/fr/blogue${k}/bonjour${k}`)).toMatchObject({ to: `/fr/etagere${k}/blogue${k}/bonjour${k}` });
    expect(await redirectFrom(`/blog${k}/hello${k}`)).toMatchObject({ to: `/shelf${k}/blog${k}/hello${k}` });
    expect(await redirectFrom(`/it/blog${k}`)).toMatchObject({ to: `/it/shelf${k}/blog${k}` });
    await expectMoved(`/blogue${k}/bonjour${k}`, 'fr', `/fr/etagere${k}/blogue${k}/bonjour${k}`);
    // Back to the root: the old addresses lead to the current ones, none from where the pages are.
    expect((await put(`/api/containers/${blog.id}`, { parentSlugId: null })).status).toBe(200);
    expect(await redirectFrom(`/fr/blogue${k}/bonjour${k}`)).toBeUndefined();
    expect(await redirectFrom(`/fr/etagere${k}/blogue${k}/bonjour${k}`)).toMatchObject({ to: `/fr/blogue${k}/bonjour${k}` });
    expect((await page(`/blogue${k}/bonjour${k}`, 'fr')).status).toBe(200);
  });

  it('answers a redirect for an address no page can have, and 404 when none leads from it', async () => {
    await t.dataSource.query(`INSERT INTO "redirect" ("from", "to", status) VALUES ('/Old-Page.html', '/somewhere', 302), ('/fr/vieux', '/fr/neuf', 301)`);
    const res = await page('/Old-Page.html');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/somewhere');
    await expectMoved('/vieux', 'fr', '/fr/neuf');
    expect((await page('/Other-Page.html')).status).toBe(404);
    expect((await page('/vieux', 'en')).status).toBe(404);
  });

  it('keeps a French slug in a drafts container’s draft until the locale is published', async () => {
    const k = ++n;
    const news = await cm.container({ slug: `press${k}`, published: true, drafts: true });
    const item = await cm.content({ containerId: news.id, title: 'Item', slug: `item${k}`, published: true });
    const saved = await put(`/api/contents/${item.id}?locale=fr`, { slug: `article${k}` });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ hasDraft: true, slug: `article${k}`, path: `/press${k}/article${k}` });
    const [draft] = await t.dataSource.query(`SELECT changes FROM "content_draft" WHERE "contentId" = $1`, [item.id]);
    expect(draft.changes).toEqual({ shared: {}, locales: { fr: { slug: `article${k}` } } });
    // The public still reads the live address.
    expect((await page(`/press${k}/item${k}`, 'fr')).status).toBe(200);
    expect((await page(`/press${k}/article${k}`, 'fr')).status).toBe(404);
    const published = await t.http.post(`/api/contents/${item.id}/publish?locale=fr`).set('token', t.ownerToken);
    expect(published.status).toBeLessThan(300);
    expect((await page(`/press${k}/article${k}`, 'fr')).status).toBe(200);
    await expectMoved(`/press${k}/item${k}`, 'fr', `/fr/press${k}/article${k}`);
  });

  it('brings a locale’s slug back with a version’s restore', async () => {
    const { k, post } = await site();
    const versions = (await get(`/api/contents/${post.id}/versions`)).body as { id: number }[];
    const withBonjour = versions[0];
    expect((await put(`/api/contents/${post.id}?locale=fr`, { slug: `autre${k}` })).status).toBe(200);
    const restored = await t.http.post(`/api/contents/${post.id}/versions/${withBonjour.id}/restore`).set('token', t.ownerToken);
    expect(restored.status).toBe(200);
    expect(restored.body.dropped).toEqual([]);
    expect((await get(`/api/contents/${post.id}?locale=fr`)).body).toMatchObject({ slug: `bonjour${k}`, path: `/blogue${k}/bonjour${k}` });
    await expectMoved(`/blogue${k}/autre${k}`, 'fr', `/fr/blogue${k}/bonjour${k}`);
    // A version from before the French segment clears it: fr uses en's.
    const first = versions[versions.length - 1];
    await t.http.post(`/api/contents/${post.id}/versions/${first.id}/restore`).set('token', t.ownerToken);
    expect((await get(`/api/contents/${post.id}?locale=fr`)).body).toMatchObject({ slug: null, path: `/blogue${k}/hello${k}` });
  });
});

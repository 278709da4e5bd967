/**
 * Drafts, scheduled publishing and previews (issue 25), through the HTTP API on the real
 * application: a draft never reaches a public read (page, listing card, CONTENT reference,
 * sitemap's slugs, search), publish / discard / schedule do what they say once, and preview
 * tokens show the draft only to the page and locale they were made for, and never after they expire.
 */
import { RightType, withoutPreviewToken } from '@cms/contracts';
import { JwtService } from '@nestjs/jwt';
import { BadRequestException } from '@nestjs/common';
import { Client } from 'pg';
import { ContentPublishingService, isTheContentsOwnFault } from '../src/contents/content-publishing.service';
import { RevalidationService, type RevalidationEvent } from '../src/revalidation/revalidation.service';
import { contentModel } from './support/content-model';
import { createTestApp, onServer, useTwoInstances, type TestApp } from './support/test-app';

describe('drafts, scheduled publishing and previews', () => {
  let t: TestApp;
  let cm: ReturnType<typeof contentModel>;
  let blog: { id: number };
  let plain: { id: number };
  const events: RevalidationEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    cm = contentModel(t);
    t.app.get(RevalidationService).subscribe((event) => events.push(event));
    blog = await cm.container({
      slug: 'blog',
      published: true,
      drafts: true,
      fields: [
        { label: 'Body', name: 'body', type: 'STRING', required: true },
        { label: 'Related', name: 'related', type: 'CONTENT' },
      ],
    });
    plain = await cm.container({ slug: 'plain', published: true, fields: [{ label: 'Body', name: 'body', type: 'STRING' }] });
  });
  afterAll(() => t?.close());

  const page = (path: string, locale = 'en', preview?: string) =>
    t.http.get(`/api/pages?path=${encodeURIComponent(path)}&locale=${locale}${preview === undefined ? '' : `&preview=${encodeURIComponent(preview)}`}`);
  const post = (url: string) => t.http.post(url).set('token', t.ownerToken);
  const publishedPost = async (slug: string, body: string) => {
    const created = await cm.content({ containerId: blog.id, title: `Post ${slug}`, slug, published: true, fields: { body } });
    return created.id;
  };

  it('is off for a container created through the API without it, on when asked, and shown on both', async () => {
    expect((await t.http.get(`/api/containers/${plain.id}`).set('token', t.ownerToken)).body.drafts).toBe(false);
    expect((await t.http.get(`/api/containers/${blog.id}`).set('token', t.ownerToken)).body.drafts).toBe(true);
  });

  it('keeps saving live where drafts are off (the spec’s behaviour)', async () => {
    const { id } = await cm.content({ containerId: plain.id, title: 'Plain', slug: 'p1', published: true, fields: { body: 'one' } });
    await t.ownerUpdates(`/api/contents/${id}`, { fields: { body: 'two' } });
    expect((await page('/plain/p1')).body.content.fields.body).toBe('two');
    const read = (await t.http.get(`/api/contents/${id}`).set('token', t.ownerToken)).body;
    expect(read).toMatchObject({ drafts: false, hasDraft: false, publishAt: null, unpublishAt: null });
  });

  it('saves a PUT into the draft: staff read it, every public path keeps the live version', async () => {
    const id = await publishedPost('first', 'live text');
    // A page listing the blog, and a content that refers to the post.
    await cm.content({ containerId: blog.id, title: 'Referrer', slug: 'referrer', published: true, fields: { body: 'see also', related: id } });
    await t.http
      .put(`/api/containers/${plain.id}`)
      .set('token', t.ownerToken)
      .send({ sections: [{ block: 'contents', containerContentId: blog.id, content: { limit: 10 } }] });
    const listing = () => page('/plain');

    const saved = await t.ownerUpdates<Record<string, unknown>>(`/api/contents/${id}`, {
      title: 'Draft title',
      slug: 'first-moved',
      fields: { body: 'draftword text' },
    });
    expect(saved).toMatchObject({ title: 'Draft title', slug: 'first-moved', hasDraft: true, fields: { body: 'draftword text' } });
    const staff = (await t.http.get(`/api/contents/${id}`).set('token', t.ownerToken)).body;
    expect(staff).toMatchObject({ title: 'Draft title', hasDraft: true, published: true });

    // The page, at its live path, with its live values; the draft's path is no page.
    const live = await page('/blog/first');
    expect(live.status).toBe(200);
    expect(live.body.content.fields.body).toBe('live text');
    expect(live.body.content.title).toBe('Post first');
    expect((await page('/blog/first-moved')).status).toBe(404);
    // Listing cards.
    const cards = JSON.stringify((await listing()).body);
    expect(cards).toContain('Post first');
    expect(cards).not.toContain('Draft title');
    expect(cards).not.toContain('draftword');
    // CONTENT references.
    const referrer = JSON.stringify((await page('/blog/referrer')).body);
    expect(referrer).toContain('Post first');
    expect(referrer).not.toContain('Draft title');
    // The sitemap's slugs.
    const slugs = JSON.stringify((await t.http.get('/api/slugs')).body);
    expect(slugs).toContain('blog/first');
    expect(slugs).not.toContain('first-moved');
    // Search reads the live values.
    expect((await t.http.get('/api/contents?filter={"q":"draftword"}').set('token', t.ownerToken)).body).toEqual([]);
    // The list: live values, and the draft waiting.
    const [row] = (await t.http.get(`/api/contents?filter={"id":${id}}`).set('token', t.ownerToken)).body;
    expect(row).toMatchObject({ title: 'Post first', hasDraft: true });
    const changed = (await t.http.get(`/api/contents?filter={"state":"changed"}`).set('token', t.ownerToken)).body.map((c: { id: number }) => c.id);
    expect(changed).toEqual([id]);
  });

  it('refuses a draft that breaks the container’s rules, and keeps none of it', async () => {
    const id = await publishedPost('rules', 'fine');
    const res = await t.http
      .put(`/api/contents/${id}`)
      .set('token', t.ownerToken)
      .send({ fields: { body: null } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(['fields.body']);
    const bad = await t.http
      .put(`/api/contents/${id}`)
      .set('token', t.ownerToken)
      .send({ fields: { nope: 1 } });
    expect(bad.status).toBe(400);
    expect((await t.http.get(`/api/contents/${id}`).set('token', t.ownerToken)).body.hasDraft).toBe(false);
  });

  it('refuses `published` in a PUT on a drafts container: publish and unpublish have their own routes', async () => {
    const id = await publishedPost('flag', 'x');
    const res = await t.http.put(`/api/contents/${id}`).set('token', t.ownerToken).send({ published: false });
    expect(res.status).toBe(400);
    expect(res.body.errors.published[0]).toContain('/unpublish');
    // The same value as the live one says nothing and is accepted (the back office may send it).
    expect((await t.http.put(`/api/contents/${id}`).set('token', t.ownerToken).send({ published: true })).status).toBe(200);
  });

  it('drops the draft when the editor puts back what is live', async () => {
    const id = await publishedPost('back', 'original');
    expect((await t.ownerUpdates<{ hasDraft: boolean }>(`/api/contents/${id}`, { fields: { body: 'changed' } })).hasDraft).toBe(true);
    expect((await t.ownerUpdates<{ hasDraft: boolean }>(`/api/contents/${id}`, { fields: { body: 'original' } })).hasDraft).toBe(false);
  });

  it('drops a draft of sections put back as they are live (their rows get new ids when applied)', async () => {
    const { id } = await cm.content({
      containerId: blog.id,
      title: 'Sections',
      slug: 'sections',
      published: true,
      fields: { body: 'x' },
      sections: [{ block: 'richtext', content: { html: '<p>Live</p>' } }],
    });
    const changed = await t.ownerUpdates<{ hasDraft: boolean }>(`/api/contents/${id}`, {
      sections: [{ block: 'richtext', content: { html: '<p>Draft</p>' } }],
    });
    expect(changed.hasDraft).toBe(true);
    const back = await t.ownerUpdates<{ hasDraft: boolean }>(`/api/contents/${id}`, { sections: [{ block: 'richtext', content: { html: '<p>Live</p>' } }] });
    expect(back.hasDraft).toBe(false);
  });

  it('publishes the draft: the page changes, its old path is purged, the draft is gone', async () => {
    const id = await publishedPost('second', 'before');
    await t.ownerUpdates(`/api/contents/${id}`, { fields: { body: 'after' } });
    expect((await page('/blog/second')).body.content.fields.body).toBe('before');
    events.length = 0;
    const res = await post(`/api/contents/${id}/publish`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hasDraft: false, published: true, fields: { body: 'after' } });
    expect(Date.parse(res.body.publishedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await page('/blog/second')).body.content.fields.body).toBe('after');
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).toMatch(/blog\/second|"all"/);
  });

  it('publishes one locale alone: the other locales’ changes wait', async () => {
    const id = await publishedPost('locales', 'en live');
    await t.ownerUpdates(`/api/contents/${id}?locale=fr`, { fields: { body: 'fr draft' } });
    await t.ownerUpdates(`/api/contents/${id}?locale=es`, { fields: { body: 'es draft' } });
    const res = await post(`/api/contents/${id}/publish?locale=fr`);
    expect(res.status).toBe(200);
    expect((await page('/blog/locales', 'fr')).body.content.fields.body).toBe('fr draft');
    expect((await page('/blog/locales', 'es')).body.content.fields.body).toBe('en live');
    expect((await t.http.get(`/api/contents/${id}?locale=es`).set('token', t.ownerToken)).body).toMatchObject({ hasDraft: true, fields: { body: 'es draft' } });
  });

  it('discards the draft: the live version comes back; discarding nothing is a 409', async () => {
    const id = await publishedPost('discard', 'kept');
    await t.ownerUpdates(`/api/contents/${id}`, { fields: { body: 'thrown away' } });
    const res = await post(`/api/contents/${id}/discard`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hasDraft: false, fields: { body: 'kept' } });
    const again = await post(`/api/contents/${id}/discard`);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('no draft');
    expect((await post(`/api/contents/999999/discard`)).status).toBe(404);
  });

  it('unpublishes: the page is gone for visitors, the content and its draft stay', async () => {
    const id = await publishedPost('down', 'x');
    await t.ownerUpdates(`/api/contents/${id}`, { fields: { body: 'y' } });
    const res = await post(`/api/contents/${id}/unpublish`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ published: false, hasDraft: true });
    expect((await page('/blog/down')).status).toBe(404);
  });

  it('lets only those who may update contents publish, discard, preview and schedule', async () => {
    const id = await publishedPost('rights', 'x');
    const reader = await t.userWithRights([RightType.VIEW_CONTENT], 'reader');
    for (const action of ['publish', 'unpublish', 'discard', 'preview'])
      expect((await t.http.post(`/api/contents/${id}/${action}`).set('token', reader.token)).status).toBe(403);
    expect((await t.http.post(`/api/contents/${id}/publish`)).status).toBe(401);
  });

  describe('schedules', () => {
    const scheduler = () => t.app.get(ContentPublishingService);
    const due = (id: number, column: 'publishAt' | 'unpublishAt') =>
      t.dataSource.query(`UPDATE "content" SET "${column}" = now() - interval '1 second' WHERE id = $1`, [id]);

    it('refuses a time in the past or that is not a time, naming the field', async () => {
      const id = await publishedPost('past', 'x');
      const past = await t.http.put(`/api/contents/${id}`).set('token', t.ownerToken).send({ publishAt: '2020-01-01T00:00:00Z' });
      expect(past.status).toBe(400);
      expect(past.body.errors.publishAt[0]).toContain('future');
      const nonsense = await t.http.put(`/api/contents/${id}`).set('token', t.ownerToken).send({ unpublishAt: 'tomorrow' });
      expect(nonsense.status).toBe(400);
      expect(Object.keys(nonsense.body.errors)).toEqual(['unpublishAt']);
      const soon = new Date(Date.now() + 3_600_000).toISOString();
      const order = await t.http.put(`/api/contents/${id}`).set('token', t.ownerToken).send({ publishAt: soon, unpublishAt: soon });
      expect(order.status).toBe(400);
      expect(order.body.errors.unpublishAt[0]).toContain('after publishAt');
    });

    it('publishes a draft when its time comes, once, and shows it as scheduled until then', async () => {
      const id = await publishedPost('scheduled', 'old');
      const at = new Date(Date.now() + 3_600_000).toISOString();
      const saved = await t.ownerUpdates<Record<string, unknown>>(`/api/contents/${id}`, { fields: { body: 'new' }, publishAt: at });
      expect(saved).toMatchObject({ publishAt: at, hasDraft: true });
      const scheduled = (await t.http.get(`/api/contents?filter={"state":"scheduled"}`).set('token', t.ownerToken)).body.map((c: { id: number }) => c.id);
      expect(scheduled).toContain(id);
      expect(await scheduler().runDue()).not.toContain(id);
      await due(id, 'publishAt');
      // Two looks at once (two instances on one database run the same statements): one publishes.
      const [a, b] = await Promise.all([scheduler().runDue(), scheduler().runDue()]);
      expect([...a, ...b].filter((done) => done === id)).toEqual([id]);
      expect((await page('/blog/scheduled')).body.content.fields.body).toBe('new');
      expect((await t.http.get(`/api/contents/${id}`).set('token', t.ownerToken)).body).toMatchObject({ publishAt: null, hasDraft: false });
      expect(await scheduler().runDue()).not.toContain(id);
    });

    it('unpublishes when its time comes, and works on containers without drafts', async () => {
      const { id } = await cm.content({ containerId: plain.id, title: 'Timed', slug: 'timed', published: true, fields: { body: 'x' } });
      await t.ownerUpdates(`/api/contents/${id}`, { unpublishAt: new Date(Date.now() + 3_600_000).toISOString() });
      await due(id, 'unpublishAt');
      expect(await scheduler().runDue()).toContain(id);
      expect((await page('/plain/timed')).status).toBe(404);
      expect((await t.http.get(`/api/contents/${id}`).set('token', t.ownerToken)).body).toMatchObject({ published: false, unpublishAt: null });
    });

    it("cancels a scheduled change that fails for the content's own reasons, and keeps one that met a busy or unreachable database", async () => {
      // The content's own: its draft refused by its container's rules, or by a constraint.
      expect(isTheContentsOwnFault(new BadRequestException('Invalid input. body: required'))).toBe(true);
      const id = await publishedPost('taken', 'x');
      const duplicate = await t.dataSource.query(`INSERT INTO "content" SELECT * FROM "content" WHERE id = $1`, [id]).catch((error: unknown) => error);
      expect(isTheContentsOwnFault(duplicate)).toBe(true);
      // The moment's: a connection that cannot be made (a pool timeout, a restart, a deadlock alike).
      const refused = await new Client({ host: '127.0.0.1', port: 9, connectionTimeoutMillis: 2_000 }).connect().catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
      expect(isTheContentsOwnFault(refused)).toBe(false);
      expect(isTheContentsOwnFault(new Error('timeout exceeded when trying to connect'))).toBe(false);
    });

    it('clears the schedule with null', async () => {
      const id = await publishedPost('clear', 'x');
      await t.ownerUpdates(`/api/contents/${id}`, { publishAt: new Date(Date.now() + 3_600_000).toISOString() });
      expect((await t.ownerUpdates<{ publishAt: string | null }>(`/api/contents/${id}`, { publishAt: null })).publishAt).toBeNull();
    });
  });

  describe('previews', () => {
    const previewOf = async (id: number, locale = 'en') => {
      const res = await post(`/api/contents/${id}/preview?locale=${locale}`);
      expect(res.status).toBe(200);
      const url = new URL(res.body.url, 'http://site.test');
      expect(Date.parse(res.body.expiresAt) - Date.now()).toBeLessThanOrEqual(3_600_000);
      return { path: url.pathname, token: url.searchParams.get('preview')! };
    };

    it('renders the draft for the token’s page and locale, private and noindex, and the live page without it', async () => {
      const id = await publishedPost('preview', 'live words');
      await t.ownerUpdates(`/api/contents/${id}?locale=fr`, { fields: { body: 'mots du brouillon' } });
      const { path, token } = await previewOf(id, 'fr');
      expect(path).toBe('/fr/blog/preview');
      const shown = await page('/blog/preview', 'fr', token);
      expect(shown.status).toBe(200);
      expect(shown.body.content.fields.body).toBe('mots du brouillon');
      expect(shown.headers['cache-control']).toBe('private, no-store');
      expect(shown.headers['x-robots-tag']).toBe('noindex');
      // Without the token, and after it: the live page (nothing of the preview was cached).
      expect((await page('/blog/preview', 'fr')).body.content.fields.body).toBe('live words');
      expect((await page('/blog/preview', 'fr')).body.content.fields.body).toBe('live words');
    });

    it('reads a preview with cold caches (on the embedded database the transaction holds the one connection)', async () => {
      const id = await publishedPost('cold', 'warm');
      await t.ownerUpdates(`/api/contents/${id}`, { fields: { body: 'cold draft' } });
      const { token } = await previewOf(id);
      expect((await post('/api/revalidate/all')).status).toBe(204);
      const shown = await page('/blog/cold', 'en', token);
      expect(shown.status).toBe(200);
      expect(shown.body.content.fields.body).toBe('cold draft');
    });

    it('shows a page that is not published yet to the token only', async () => {
      const { id } = await cm.content({ containerId: blog.id, title: 'Unborn', slug: 'unborn', fields: { body: 'soon' } });
      const { token } = await previewOf(id);
      expect((await page('/blog/unborn', 'en', token)).body.content.fields.body).toBe('soon');
      expect((await page('/blog/unborn')).status).toBe(404);
    });

    it('refuses a tampered, expired, foreign or session token, another page and another locale', async () => {
      const id = await publishedPost('guarded-preview', 'a');
      const other = await publishedPost('other-page', 'b');
      const { token } = await previewOf(id);
      const [head, body, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
      const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, c: other })).toString('base64url')}.${signature}`;
      expect((await page('/blog/other-page', 'en', forged)).status).toBe(403);
      expect((await page('/blog/guarded-preview', 'en', `${token.slice(0, -2)}xx`)).status).toBe(403);
      const expired = await t.app.get(JwtService).signAsync({ typ: 'preview', c: id, l: 'en', u: 1, exp: Math.floor(Date.now() / 1000) - 10 });
      const refused = await page('/blog/guarded-preview', 'en', expired);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('expired');
      expect((await page('/blog/guarded-preview', 'en', t.ownerToken)).status).toBe(403);
      expect((await page('/blog/other-page', 'en', token)).status).toBe(403);
      expect((await page('/blog/guarded-preview', 'fr', token)).status).toBe(403);
      expect((await page('/blog/guarded-preview', 'en', '')).status).toBe(403);
    });

    it('previews a members-only page for staff, while everyone else still needs to sign in', async () => {
      const { id } = await cm.content({
        containerId: blog.id,
        title: 'Members',
        slug: 'members-only',
        published: true,
        fields: { body: 'secret' },
        accesses: [{ roleId: 'super-admin' }],
      });
      const { token } = await previewOf(id);
      expect((await page('/blog/members-only', 'en', token)).status).toBe(200);
      expect((await page('/blog/members-only')).status).toBe(401);
    });

    it('answers 409 for a content without a page', async () => {
      const { id } = await cm.content({ containerId: blog.id, title: 'No page', fields: { body: 'x' } });
      const res = await post(`/api/contents/${id}/preview`);
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('slug');
    });
  });

  it('refuses to turn drafts off while drafts wait', async () => {
    const c = await cm.container({ drafts: true, fields: [{ label: 'Body', name: 'body', type: 'STRING' }] });
    const { id } = await cm.content({ containerId: c.id, title: 'W', slug: 'w', published: true, fields: { body: 'a' } });
    await t.ownerUpdates(`/api/contents/${id}`, { fields: { body: 'b' } });
    const res = await t.http.put(`/api/containers/${c.id}`).set('token', t.ownerToken).send({ drafts: false });
    expect(res.status).toBe(400);
    expect(res.body.errors.drafts[0]).toContain('1 of its contents');
    await post(`/api/contents/${id}/discard`);
    expect((await t.http.put(`/api/containers/${c.id}`).set('token', t.ownerToken).send({ drafts: false })).status).toBe(200);
  });
});

// Two instances on one database (the embedded database serves one process only: CI's second run).
onServer('a schedule on two instances', () => {
  const { first, second } = useTwoInstances();

  it('publishes each due content once, whichever instance runs it', async () => {
    const cm = contentModel(first);
    const container = await cm.container({ slug: 'news', published: true, drafts: true, fields: [{ label: 'Body', name: 'body', type: 'STRING' }] });
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      const { id } = await cm.content({ containerId: container.id, title: `N${i}`, slug: `n${i}`, published: true, fields: { body: 'old' } });
      await first.ownerUpdates(`/api/contents/${id}`, { fields: { body: 'new' }, publishAt: new Date(Date.now() + 3_600_000).toISOString() });
      ids.push(id);
    }
    await first.dataSource.query(`UPDATE "content" SET "publishAt" = now() - interval '1 second' WHERE id = ANY($1::int[])`, [ids]);
    // A look that meets a busy database (a pool timeout on a loaded machine) leaves the change due
    // for the next look: each instance looks until nothing is due. Each instance's own timer (every
    // 15 s) may look at the same time, so what ran is read from the versions the changes kept:
    // one scheduled version per content, whichever instance or look ran it.
    const done: number[] = [];
    for (let look = 0; look < 3; look++) {
      const [a, b] = await Promise.all([first.app.get(ContentPublishingService).runDue(), second.app.get(ContentPublishingService).runDue()]);
      done.push(...a, ...b);
    }
    expect(new Set(done).size).toBe(done.length);
    const runs: { recordId: number; n: number }[] = await first.dataSource.query(
      `SELECT "recordId", count(*)::int AS n FROM "record_version" WHERE resource = 'contents' AND action = 'schedule' AND "recordId" = ANY($1::int[])
       GROUP BY "recordId" ORDER BY "recordId"`,
      [ids],
    );
    expect(runs).toEqual(ids.map((recordId) => ({ recordId, n: 1 })));
    const [{ n }] = await first.dataSource.query(`SELECT count(*)::int AS n FROM "content" WHERE id = ANY($1::int[]) AND "publishAt" IS NULL AND published`, [
      ids,
    ]);
    expect(n).toBe(30);
    expect((await second.http.get('/api/pages?path=/news/n7')).body.content.fields.body).toBe('new');
  });
});

describe('request log', () => {
  it('leaves a preview link’s token out of the logged URL', async () => {
    expect(withoutPreviewToken('/fr/blog/a?preview=eyJh.eyJj.sig&page=2')).toBe('/fr/blog/a?preview=…&page=2');
    expect(withoutPreviewToken('/api/pages?path=%2Fa&preview=abc')).toBe('/api/pages?path=%2Fa&preview=…');
    expect(withoutPreviewToken('/blog/a')).toBe('/blog/a');
  });
});

/**
 * Drafts of a container's own page (issue 25: "container pages (sections, metadata) follow their
 * container's switch"), through the HTTP API on the real application: on a container with drafts a
 * PUT's sections and metadata go to the page's draft (the rest of the body stays live), visitors
 * keep the live page until a publish (all locales or one) that purges it, discard throws the draft
 * away, and preview tokens open the container's page only with a container token.
 */
import { RightType } from '@cms/contracts';
import { JwtService } from '@nestjs/jwt';
import { RevalidationService, type RevalidationEvent } from '../src/revalidation/revalidation.service';
import { contentModel } from './support/content-model';
import { createTestApp, type TestApp } from './support/test-app';

const richtext = (html: string) => [{ block: 'richtext', content: { html } }];

describe('container pages', () => {
  let t: TestApp;
  let cm: ReturnType<typeof contentModel>;
  const events: RevalidationEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    cm = contentModel(t);
    t.app.get(RevalidationService).subscribe((event) => events.push(event));
  });
  afterAll(() => t?.close());

  const page = (path: string, locale = 'en', preview?: string) =>
    t.http.get(`/api/pages?path=${encodeURIComponent(path)}&locale=${locale}${preview === undefined ? '' : `&preview=${encodeURIComponent(preview)}`}`);
  const post = (url: string) => t.http.post(url).set('token', t.ownerToken);
  const put = (url: string, body: object) => t.http.put(url).set('token', t.ownerToken).send(body);
  const staff = async (id: number, locale = 'en') => (await t.http.get(`/api/containers/${id}?locale=${locale}`).set('token', t.ownerToken)).body;
  const html = (body: { sections: { content: { html?: string } }[] }) => body.sections.map((s) => s.content.html).join('');
  /** A published container with drafts and a live page. */
  const draftsContainer = async (slug: string, extra: Record<string, unknown> = {}) =>
    cm.container({
      slug,
      published: true,
      drafts: true,
      sections: richtext('<p>live</p>'),
      metadata: [{ name: 'description', content: 'live description' }],
      fields: [{ label: 'Body', name: 'body', type: 'STRING' }],
      ...extra,
    });

  it('keeps the draft of sections and metadata away from visitors, shows it to staff, and writes the rest live', async () => {
    const c = await draftsContainer('news');
    expect((await staff(c.id)).hasDraft).toBe(false);
    const saved = await put(`/api/containers/${c.id}`, {
      title: 'News, renamed',
      sections: richtext('<p>draft</p>'),
      metadata: [{ name: 'description', content: 'draft description' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ title: 'News, renamed', hasDraft: true, metadata: [{ name: 'description', content: 'draft description' }] });
    expect(html(saved.body)).toBe('<p>draft</p>');

    const read = await staff(c.id);
    expect(read).toMatchObject({ title: 'News, renamed', hasDraft: true });
    expect(html(read)).toBe('<p>draft</p>');

    const visitor = await page('/news');
    expect(visitor.status).toBe(200);
    // The title is live at once; the page parts wait.
    expect(visitor.body.title).toBe('News, renamed');
    expect(html(visitor.body)).toBe('<p>live</p>');
    expect(visitor.body.metadata).toEqual([{ name: 'description', content: 'live description' }]);
    expect(JSON.stringify(visitor.body)).not.toContain('draft');
    // The rows are the live ones.
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM "section" WHERE "containerId" = $1 AND content::text LIKE '%draft%'`, [c.id]);
    expect(n).toBe(0);
  });

  it('refuses a draft that breaks the rules (nothing of the PUT is written), and drops one that shows what is live', async () => {
    const c = await draftsContainer('rules');
    const bad = await put(`/api/containers/${c.id}`, { title: 'Not written', sections: [{ block: 'form', formId: 999999 }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).some((key) => key.startsWith('sections'))).toBe(true);
    expect(await staff(c.id)).toMatchObject({ title: c.title, hasDraft: false });

    expect((await put(`/api/containers/${c.id}`, { sections: richtext('<p>changed</p>') })).body.hasDraft).toBe(true);
    const back = await put(`/api/containers/${c.id}`, { sections: richtext('<p>live</p>') });
    expect(back.body.hasDraft).toBe(false);
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM "container_draft" WHERE "containerId" = $1`, [c.id]);
    expect(n).toBe(0);
  });

  it('takes back its own GET answer without a draft', async () => {
    const c = await draftsContainer('round-trip');
    const answer = await staff(c.id);
    const res = await put(`/api/containers/${c.id}`, answer);
    expect(res.status).toBe(200);
    expect(res.body.hasDraft).toBe(false);
  });

  it('publishes the draft: the page changes, is purged, the draft is gone', async () => {
    const c = await draftsContainer('publish');
    await put(`/api/containers/${c.id}`, { sections: richtext('<p>after</p>'), metadata: [{ name: 'description', content: 'after' }] });
    expect(html((await page('/publish')).body)).toBe('<p>live</p>');
    events.length = 0;
    const res = await post(`/api/containers/${c.id}/publish`);
    expect(res.status).toBe(200);
    expect(res.body.hasDraft).toBe(false);
    expect(html(res.body)).toBe('<p>after</p>');
    const visitor = (await page('/publish')).body;
    expect(html(visitor)).toBe('<p>after</p>');
    expect(visitor.metadata).toEqual([{ name: 'description', content: 'after' }]);
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).toMatch(/"\/publish"|"all"/);
    // Publishing again, with nothing waiting, changes nothing.
    events.length = 0;
    expect((await post(`/api/containers/${c.id}/publish`)).status).toBe(200);
    expect(events).toEqual([]);
    expect((await post(`/api/containers/999999/publish`)).status).toBe(404);
  });

  it('publishes one locale alone: the other locales’ changes wait', async () => {
    const c = await draftsContainer('locales');
    await put(`/api/containers/${c.id}?locale=fr`, { sections: richtext('<p>fr draft</p>') });
    await put(`/api/containers/${c.id}?locale=es`, { sections: richtext('<p>es draft</p>') });
    const res = await post(`/api/containers/${c.id}/publish?locale=fr`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ locale: 'fr', hasDraft: true });
    expect(html((await page('/locales', 'fr')).body)).toBe('<p>fr draft</p>');
    expect(html((await page('/locales', 'es')).body)).toBe('<p>live</p>');
    expect(html(await staff(c.id, 'es'))).toBe('<p>es draft</p>');
    await post(`/api/containers/${c.id}/publish?locale=es`);
    expect(html((await page('/locales', 'es')).body)).toBe('<p>es draft</p>');
    expect((await staff(c.id)).hasDraft).toBe(false);
  });

  it('discards the draft: the live page comes back; discarding nothing is a 409', async () => {
    const c = await draftsContainer('discard');
    await put(`/api/containers/${c.id}`, { sections: richtext('<p>thrown away</p>') });
    const res = await post(`/api/containers/${c.id}/discard`);
    expect(res.status).toBe(200);
    expect(res.body.hasDraft).toBe(false);
    expect(html(res.body)).toBe('<p>live</p>');
    const again = await post(`/api/containers/${c.id}/discard`);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('no draft');
    expect((await post(`/api/containers/999999/discard`)).status).toBe(404);
  });

  it('refuses to turn drafts off while its page has a draft', async () => {
    const c = await draftsContainer('switch');
    await put(`/api/containers/${c.id}`, { sections: richtext('<p>waiting</p>') });
    const res = await put(`/api/containers/${c.id}`, { drafts: false });
    expect(res.status).toBe(400);
    expect(res.body.errors.drafts[0]).toContain('own page');
    await post(`/api/containers/${c.id}/discard`);
    expect((await put(`/api/containers/${c.id}`, { drafts: false })).status).toBe(200);
  });

  it('lets only those who may update containers publish, discard and preview', async () => {
    const c = await draftsContainer('rights');
    const reader = await t.userWithRights([RightType.VIEW_CONTAINER], 'container-reader');
    for (const action of ['publish', 'discard', 'preview'])
      expect((await t.http.post(`/api/containers/${c.id}/${action}`).set('token', reader.token)).status).toBe(403);
    expect((await t.http.post(`/api/containers/${c.id}/publish`)).status).toBe(401);
  });

  describe('previews', () => {
    const previewOf = async (url: string) => {
      const res = await post(url);
      expect(res.status).toBe(200);
      expect(Date.parse(res.body.expiresAt) - Date.now()).toBeLessThanOrEqual(3_600_000);
      const parsed = new URL(res.body.url, 'http://site.test');
      return { path: parsed.pathname, token: parsed.searchParams.get('preview')! };
    };

    it('renders the container page’s draft with a container token, private and noindex; the live page without it', async () => {
      const c = await draftsContainer('shop');
      await put(`/api/containers/${c.id}?locale=fr`, { sections: richtext('<p>brouillon</p>') });
      const { path, token } = await previewOf(`/api/containers/${c.id}/preview?locale=fr`);
      expect(path).toBe('/fr/shop');
      const shown = await page('/shop', 'fr', token);
      expect(shown.status).toBe(200);
      expect(html(shown.body)).toBe('<p>brouillon</p>');
      expect(shown.headers['cache-control']).toBe('private, no-store');
      expect(shown.headers['x-robots-tag']).toBe('noindex');
      expect(html((await page('/shop', 'fr')).body)).toBe('<p>live</p>');
      // Another locale than the token's.
      expect((await page('/shop', 'en', token)).status).toBe(403);
    });

    it('shows a container page that is not published yet to the token only', async () => {
      const c = await draftsContainer('hidden', { published: false });
      const { token } = await previewOf(`/api/containers/${c.id}/preview`);
      expect((await page('/hidden', 'en', token)).status).toBe(200);
      expect((await page('/hidden')).status).toBe(404);
    });

    it('refuses a content token on the container’s page, and a container token on a content’s page or another container’s', async () => {
      const c = await draftsContainer('mixed');
      const other = await draftsContainer('elsewhere');
      const { id: contentId } = await cm.content({ containerId: c.id, title: 'Item', slug: 'item', published: true, fields: { body: 'x' } });
      await put(`/api/containers/${c.id}`, { sections: richtext('<p>container draft</p>') });
      const containerToken = (await previewOf(`/api/containers/${c.id}/preview`)).token;
      const contentToken = (await previewOf(`/api/contents/${contentId}/preview`)).token;

      expect((await page('/mixed', 'en', containerToken)).status).toBe(200);
      expect((await page('/mixed/item', 'en', contentToken)).status).toBe(200);
      const contentOnContainer = await page('/mixed', 'en', contentToken);
      expect(contentOnContainer.status).toBe(403);
      expect(JSON.stringify(contentOnContainer.body)).not.toContain('container draft');
      expect((await page('/mixed/item', 'en', containerToken)).status).toBe(403);
      expect((await page('/elsewhere', 'en', containerToken)).status).toBe(403);
      expect(other.id).not.toBe(c.id);

      // A forged token (the content added to a container token) breaks its signature.
      const [head, body, signature] = containerToken.split('.');
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
      const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, c: contentId })).toString('base64url')}.${signature}`;
      expect((await page('/mixed/item', 'en', forged)).status).toBe(403);
      // A token naming both kinds of page (or neither) opens none, even when properly signed.
      const jwt = t.app.get(JwtService);
      const both = await jwt.signAsync({ typ: 'preview', c: contentId, k: c.id, l: 'en', u: 1 }, { expiresIn: 60 });
      expect((await page('/mixed/item', 'en', both)).status).toBe(403);
      expect((await page('/mixed', 'en', both)).status).toBe(403);
      const neither = await jwt.signAsync({ typ: 'preview', l: 'en', u: 1 }, { expiresIn: 60 });
      expect((await page('/mixed', 'en', neither)).status).toBe(403);
    });

    it('reads the layout and settings in its own transaction: a preview right after a purge of everything is answered', async () => {
      const c = await draftsContainer('cold');
      const { id: contentId } = await cm.content({ containerId: c.id, title: 'Cold item', slug: 'item', published: true, fields: { body: 'x' } });
      const containerToken = (await previewOf(`/api/containers/${c.id}/preview`)).token;
      const contentToken = (await previewOf(`/api/contents/${contentId}/preview`)).token;
      for (const [path, token] of [
        ['/cold', containerToken],
        ['/cold/item', contentToken],
      ]) {
        // The page cache forgets the layout and settings; the preview is the first read after it.
        t.app.get(RevalidationService).emit({ scope: 'all' });
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect((await page(path, 'en', token)).status).toBe(200);
      }
    });

    it('answers 409 for a container without a page', async () => {
      const c = await cm.container({ drafts: true });
      const res = await post(`/api/containers/${c.id}/preview`);
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('slug');
    });
  });

  describe('with drafts off', () => {
    it('writes sections and metadata live, as before', async () => {
      const c = await cm.container({ slug: 'plain', published: true, sections: richtext('<p>one</p>') });
      events.length = 0;
      const saved = await put(`/api/containers/${c.id}?locale=fr`, { sections: richtext('<p>deux</p>'), metadata: [{ name: 'description', content: 'fr' }] });
      expect(saved.status).toBe(200);
      expect(saved.body.hasDraft).toBe(false);
      expect(html((await page('/plain', 'fr')).body)).toBe('<p>deux</p>');
      expect((await page('/plain', 'fr')).body.metadata).toEqual([{ name: 'description', content: 'fr' }]);
      expect(events.length).toBeGreaterThan(0);
      expect(html(await staff(c.id))).toBe('<p>one</p>');
      expect((await post(`/api/containers/${c.id}/discard`)).status).toBe(409);
    });

    it('writes them live in the PUT that turns drafts off', async () => {
      const c = await draftsContainer('turned-off');
      const res = await put(`/api/containers/${c.id}`, { drafts: false, sections: richtext('<p>now live</p>') });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ drafts: false, hasDraft: false });
      expect(html((await page('/turned-off')).body)).toBe('<p>now live</p>');
    });
  });
});

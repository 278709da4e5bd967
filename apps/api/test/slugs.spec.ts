import { RightType } from '@cms/contracts';
import { contentModel, q } from './support/content-model';
import { useTestApp } from './support/test-app';

describe('slugs', () => {
  const t = useTestApp();
  const cm = contentModel(t);

  const fullOf = async (slugId: number | null) => (await t.dataSource.query(`SELECT "full" FROM slug WHERE id = $1`, [slugId]))[0]?.full;

  it('builds the full path from the parent chain: container slug / content slug', async () => {
    const blog = await cm.container({ slug: 'blog', published: true });
    const post = await cm.content({ containerId: blog.id, slug: 'hello-world', published: true });
    expect(blog).toMatchObject({ slug: 'blog', path: '/blog', parentSlugId: null });
    expect(post).toMatchObject({ slug: 'hello-world', path: '/blog/hello-world', parentSlugId: blog.slugId });
    const nested = await cm.container({ slug: 'archive', parentSlugId: blog.slugId });
    expect(nested.path).toBe('/blog/archive');
  });

  it('recomputes the paths of every descendant when a parent moves', async () => {
    const docs = await cm.container({ slug: 'docs', published: true });
    const guide = await cm.container({ slug: 'guide', parentSlugId: docs.slugId, published: true });
    const page = await cm.content({ containerId: guide.id, slug: 'install', published: true });
    expect(page.path).toBe('/docs/guide/install');
    const moved = await cm.as().put(`/api/containers/${docs.id}`, { slug: 'manual' });
    expect(moved.body.path).toBe('/manual');
    expect(await fullOf(guide.slugId)).toBe('manual/guide');
    expect(await fullOf(page.slugId)).toBe('manual/guide/install');
    const again = await cm.as().put(`/api/contents/${page.id}`, { parentSlugId: null });
    expect(again.body.path).toBe('/install');
  });

  it.each([
    ['a space', 'hello world', /spaces/],
    ['a slash', 'a/b', /one segment/],
    ['upper case', 'Hello', /lower case/],
    ['a double dash', 'a--b', /dashes/],
    ['an underscore', '_site', /letters and digits/],
    ['the reserved api', 'api', /reserved/],
    ['the reserved admin', 'admin', /reserved/],
    ['the reserved sign-in', 'sign-in', /reserved/],
    ['the reserved not-found', 'not-found', /reserved/],
    ['a locale code', 'fr', /reserved/],
    ['another locale code', 'it', /reserved/],
  ])('answers 400 for a segment with %s', async (_label, slug, rule) => {
    const res = await cm.as().post('/api/containers', { title: 'Bad slug', slug });
    expect(res.status).toBe(400);
    expect(res.body.errors.slug[0]).toMatch(rule);
  });

  it('allows reserved words below the root (only a path’s first segment is reserved)', async () => {
    const help = await cm.container({ slug: 'help' });
    const api = await cm.content({ containerId: help.id, slug: 'api' });
    expect(api.path).toBe('/help/api');
  });

  it('answers 409 for a path another page has, whether created or moved there, and keeps the old path', async () => {
    await cm.container({ slug: 'team' });
    const dup = await cm.as().post('/api/containers', { title: 'Team again', slug: 'team' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/\/team/);

    const x = await cm.container({ slug: 'x-side' });
    const y = await cm.container({ slug: 'y-side' });
    await cm.container({ slug: 'x-side', parentSlugId: y.slugId });
    expect((await cm.as().put(`/api/containers/${x.id}`, { slug: 'y-side' })).status).toBe(409);
    expect((await cm.as().put(`/api/containers/${x.id}`, { parentSlugId: y.slugId })).status).toBe(409);
    expect(await fullOf(x.slugId)).toBe('x-side');
  });

  it('answers 400 for a cycle in the parent chain', async () => {
    const top = await cm.container({ slug: 'top' });
    const mid = await cm.container({ slug: 'mid', parentSlugId: top.slugId });
    const self = await cm.as().put(`/api/containers/${top.id}`, { parentSlugId: top.slugId });
    expect(self.status).toBe(400);
    expect(self.body.errors.parentSlugId[0]).toMatch(/cycle/);
    const loop = await cm.as().put(`/api/containers/${top.id}`, { parentSlugId: mid.slugId });
    expect(loop.status).toBe(400);
    expect(loop.body.errors.parentSlugId[0]).toMatch(/cycle/);
    expect((await cm.as().put(`/api/containers/${top.id}`, { parentSlugId: 999999 })).status).toBe(400);
  });

  it('publishes a slug with its page', async () => {
    const c = await cm.container({ slug: 'soon' });
    const published = async () => (await t.dataSource.query(`SELECT published FROM slug WHERE id = $1`, [c.slugId]))[0].published;
    expect(await published()).toBe(false);
    await cm.as().put(`/api/containers/${c.id}`, { published: true });
    expect(await published()).toBe(true);
  });

  it('lists only published public slugs to the public and every slug to staff holding VIEW_CONTENT', async () => {
    const hidden = await cm.container({ slug: 'hidden-page' });
    const shown = await cm.container({ slug: 'shown-page', published: true });
    const guarded = await cm.container({ slug: 'guarded-page', published: true, accesses: [{ roleId: 'super-admin' }] });
    const anonymous = await t.http.get('/api/slugs');
    expect(anonymous.status).toBe(200);
    const paths = anonymous.body.map((s: { path: string }) => s.path);
    expect(paths).toContain('/shown-page');
    expect(paths).not.toContain('/hidden-page');
    expect(paths).not.toContain('/guarded-page');
    expect(anonymous.body.every((s: { published: boolean; guarded: boolean }) => s.published && !s.guarded)).toBe(true);
    expect(anonymous.body.find((s: { path: string }) => s.path === '/shown-page')).toMatchObject({
      guarded: false,
      containerId: shown.id,
      basic: 'shown-page',
      full: 'shown-page',
    });
    expect(anonymous.headers['content-range']).toMatch(/^slugs 0-\d+\/\d+$/);
    const owner = await t.http.get(`/api/slugs?filter=${q({ q: 'guarded-page' })}`).set('token', t.ownerToken);
    expect(owner.body).toEqual([expect.objectContaining({ guarded: true, containerId: guarded.id })]);

    const staff = await t.userWithRights([RightType.VIEW_CONTENT]);
    const all = await t.http.get(`/api/slugs?filter=${q({ q: 'hidden' })}`).set('token', staff.token);
    expect(all.body.map((s: { path: string }) => s.path)).toEqual(['/hidden-page']);
    const other = await t.userWithRights([RightType.VIEW_USER]);
    expect((await t.http.get(`/api/slugs?filter=${q({ q: 'hidden' })}`).set('token', other.token)).body).toEqual([]);
    expect(hidden.id).toEqual(expect.any(Number));
  });

  it('makes the page with the empty slug at the root the home page, only one of them', async () => {
    const home = await cm.container({ slug: '', published: true });
    expect(home.path).toBe('/');
    const second = await cm.as().post('/api/containers', { title: 'Another home', slug: '' });
    expect(second.status).toBe(409);
    const child = await cm.content({ containerId: home.id, slug: 'welcome' });
    expect(child.path).toBe('/welcome');
    const emptyChild = await cm.as().post('/api/contents', { title: 'x', containerId: home.id, slug: '' });
    expect(emptyChild.status).toBe(400);
  });

  it('refuses to delete a page other pages hang under', async () => {
    const parent = await cm.container({ slug: 'parent-page' });
    const c = await cm.container({ slug: 'lonely' });
    const content = await cm.content({ containerId: c.id, slug: 'holder' });
    await cm.container({ slug: 'child', parentSlugId: content.slugId });
    const res = await cm.as().delete(`/api/contents/${content.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/\/lonely\/holder\/child/);
    await cm.container({ slug: 'kid', parentSlugId: parent.slugId });
    expect((await cm.as().delete(`/api/containers/${parent.id}`)).status).toBe(409);
  });

  it('removes a page with slug null', async () => {
    const c = await cm.container({ slug: 'gone-soon' });
    const res = await cm.as().put(`/api/containers/${c.id}`, { slug: null });
    expect(res.body).toMatchObject({ slug: null, path: null, slugId: null });
  });
});

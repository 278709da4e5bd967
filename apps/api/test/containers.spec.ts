import { RightType } from '@cms/contracts';
import type { RevalidationEvent } from '../src/revalidation/revalidation.service';
import { RevalidationService } from '../src/revalidation/revalidation.service';
import { contentModel, q } from './support/content-model';
import { createTestApp, type TestApp } from './support/test-app';

describe('containers API', () => {
  let t: TestApp;
  let cm: ReturnType<typeof contentModel>;
  const events: RevalidationEvent[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    cm = contentModel(t);
    t.app.get(RevalidationService).subscribe((event) => events.push(event));
  });
  afterAll(() => t.close());

  const fields = [
    { label: 'Price', name: 'price', type: 'NUMBER', required: true, min: 0 },
    { label: 'Colour', name: 'colour', type: 'OPTION', options: ['red', 'blue'] },
    { label: 'Tags', name: 'tags', type: 'STRING', multiple: true, max: 3 },
  ];

  it('creates a container with its field definitions, slug, sections, metadata and accesses, and reads them back', async () => {
    const res = await cm.as().post('/api/containers', {
      title: 'Products',
      published: true,
      hideFooter: true,
      slug: 'products',
      fields,
      sections: [{ block: 'hero', content: { title: 'Our products', theme: 'black' } }],
      metadata: [{ name: 'description', content: 'All products' }],
      accesses: [],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Products',
      published: true,
      hideFooter: true,
      disableContentSections: false,
      status: 'AVAILABLE',
      slug: 'products',
      path: '/products',
      locale: 'en',
      sections: [{ type: 'PAGE', block: 'hero', position: 0, lang: 'en', content: { title: 'Our products', theme: 'black' } }],
      sectionsFallback: false,
      metadata: [{ name: 'description', content: 'All products' }],
      accesses: [],
    });
    expect(res.body.fields.map((f: { name: string; position: number }) => [f.name, f.position])).toEqual([
      ['price', 0],
      ['colour', 1],
      ['tags', 2],
    ]);
    expect(res.body.fields[0]).toMatchObject({ id: expect.any(Number), type: 'NUMBER', required: true, min: 0, max: null, multiple: false, options: null });
    const read = await cm.as().get(`/api/containers/${res.body.id}`);
    expect(read.body).toEqual(res.body);
  });

  it("stores where its contents' pages show their sections among their fields, answers it to the site, and refuses what is no place", async () => {
    const c = await cm.container({ fields, slug: 'placed', published: true });
    expect(c.sectionsPosition).toBeNull();
    const put = await cm.as().put(`/api/containers/${c.id}`, { sectionsPosition: 1 });
    expect(put.status).toBe(200);
    expect(put.body.sectionsPosition).toBe(1);
    expect((await cm.as().get(`/api/containers/${c.id}`)).body.sectionsPosition).toBe(1);
    await cm.content({ containerId: c.id, slug: 'one', published: true, fields: { price: 3 } });
    const page = await t.http.get('/api/pages?path=/placed/one&locale=en');
    expect(page.body.container).toMatchObject({ id: c.id, sectionsPosition: 1 });
    // null puts them after the last field again.
    expect((await cm.as().put(`/api/containers/${c.id}`, { sectionsPosition: null })).body.sectionsPosition).toBeNull();
    for (const bad of [-1, 101, 1.5, '2', true]) {
      const res = await cm.as().put(`/api/containers/${c.id}`, { sectionsPosition: bad });
      expect({ bad, status: res.status, message: JSON.stringify(res.body) }).toEqual({
        bad,
        status: 400,
        message: expect.stringContaining('sectionsPosition must be a whole number from 0 to 100'),
      });
    }
    expect((await cm.as().get(`/api/containers/${c.id}`)).body.sectionsPosition).toBeNull();
  });

  it('accepts its own read sent back (fields, sections, metadata and accesses) and changes nothing', async () => {
    const c = await cm.container({
      fields,
      sections: [{ block: 'hero', content: { title: 'Hi' } }],
      metadata: [{ name: 'robots', content: 'noindex' }],
      accesses: [{ roleId: 'super-admin' }],
    });
    const read = (await cm.as().get(`/api/containers/${c.id}`)).body;
    const res = await cm
      .as()
      .put(`/api/containers/${c.id}`, { fields: read.fields, sections: read.sections, metadata: read.metadata, accesses: read.accesses });
    expect(res.status).toBe(200);
    expect({ ...res.body, updatedAt: null, sections: res.body.sections.map((s: object) => ({ ...s, id: null })) }).toEqual({
      ...read,
      updatedAt: null,
      sections: read.sections.map((s: object) => ({ ...s, id: null })),
    });
  });

  it('answers GET /api/containers?q= with [{ id, title }] of matching containers', async () => {
    await cm.container({ title: 'News items' });
    await cm.container({ title: 'Newsletters' });
    const res = await cm.as().get('/api/containers?q=news');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: expect.any(Number), title: 'News items' },
      { id: expect.any(Number), title: 'Newsletters' },
    ]);
    const all = await cm.as().get('/api/containers');
    expect(all.body.every((c: object) => Object.keys(c).sort().join() === 'id,title')).toBe(true);
  });

  it('speaks the ra-data-simple-rest dialect with sort, range, filter and Content-Range', async () => {
    const res = await cm.as().get(`/api/containers?sort=${q(['title', 'DESC'])}&range=${q([0, 0])}&filter=${q({ q: 'news' })}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('containers 0-0/2');
    expect(res.body).toEqual([expect.objectContaining({ title: 'Newsletters', published: false, slug: null, path: null })]);
    expect((await cm.as().get(`/api/containers?sort=${q(['secret', 'ASC'])}`)).status).toBe(400);
    expect((await cm.as().get(`/api/containers?filter=${q({ nope: 1 })}`)).status).toBe(400);
  });

  it('keeps PAGE sections and metadata per locale, reading en when the locale has none', async () => {
    const c = await cm.container({
      sections: [{ block: 'richtext', content: { html: '<p>English</p>' } }],
      metadata: [{ name: 'description', content: 'EN' }],
    });
    const fr = await cm.as().get(`/api/containers/${c.id}?locale=fr`);
    expect(fr.body).toMatchObject({
      locale: 'fr',
      sectionsFallback: true,
      metadataFallback: true,
      sections: [{ lang: 'en', content: { html: '<p>English</p>' } }],
      metadata: [{ content: 'EN' }],
    });

    const saved = await cm.as().put(`/api/containers/${c.id}?locale=fr`, {
      sections: [{ block: 'richtext', content: { html: '<p>Français</p>' } }],
      metadata: [{ name: 'description', content: 'FR' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      locale: 'fr',
      sectionsFallback: false,
      sections: [{ lang: 'fr', content: { html: '<p>Français</p>' } }],
      metadata: [{ content: 'FR' }],
    });
    const en = await cm.as().get(`/api/containers/${c.id}`);
    expect(en.body.sections[0].content.html).toBe('<p>English</p>');
    expect(en.body.metadata).toEqual([{ name: 'description', content: 'EN' }]);
  });

  it('answers 400 for a locale outside the five', async () => {
    const res = await cm.as().get('/api/containers/1?locale=de');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/locale/);
    expect((await cm.as().post('/api/containers?locale=xx', { title: 'X' })).status).toBe(400);
  });

  it.each([
    [
      'two fields with one name',
      [
        { label: 'A', name: 'a', type: 'STRING' },
        { label: 'B', name: 'a', type: 'NUMBER' },
      ],
      'fields.1.name',
    ],
    ['an OPTION field without options', [{ label: 'A', name: 'a', type: 'OPTION' }], 'fields.0.options'],
    ['options on a STRING field', [{ label: 'A', name: 'a', type: 'STRING', options: ['x'] }], 'fields.0.options'],
    ['a ZOHOOPTIONS field without its list key', [{ label: 'A', name: 'a', type: 'ZOHOOPTIONS' }], 'fields.0.zohoOptionsKey'],
    ['a CONTENT field linked to a missing container', [{ label: 'A', name: 'a', type: 'CONTENT', linkedContainerId: 999999 }], 'fields.0.linkedContainerId'],
    ['min above max', [{ label: 'A', name: 'a', type: 'NUMBER', min: 5, max: 1 }], 'fields.0.min'],
    ['a field name with a space', [{ label: 'A', name: 'a b', type: 'STRING' }], 'fields.0.name'],
    ['an unknown field type', [{ label: 'A', name: 'a', type: 'MONEY' }], 'fields.0.type'],
  ])('refuses %s with a 400 naming it, and writes nothing', async (_label, bad, path) => {
    const before = await t.dataSource.query(`SELECT count(*)::int AS n FROM container`);
    const res = await cm.as().post('/api/containers', { title: 'Broken', fields: bad });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty([path]);
    const after = await t.dataSource.query(`SELECT count(*)::int AS n FROM container`);
    expect(after[0].n).toBe(before[0].n);
  });

  it('keeps values of renamed fields, drops values of removed fields and of fields whose type changed', async () => {
    const c = await cm.container({
      fields: [
        { label: 'A', name: 'a', type: 'STRING' },
        { label: 'B', name: 'b', type: 'STRING' },
        { label: 'C', name: 'c', type: 'STRING' },
        { label: 'Tags', name: 'tags', type: 'STRING', multiple: true },
      ],
    });
    const content = await cm.content({ containerId: c.id, fields: { a: 'alpha', b: 'beta', c: 'gamma', tags: ['x', 'y'] } });
    const [a, b, , tags] = c.fields;
    const res = await cm.as().put(`/api/containers/${c.id}`, {
      fields: [
        { id: b.id, label: 'A now', name: 'a', type: 'STRING' },
        { id: a.id, label: 'B now', name: 'b', type: 'STRING' },
        { label: 'C', name: 'c', type: 'NUMBER' },
        { id: tags.id, label: 'Tag', name: 'tag', type: 'STRING', multiple: false },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.fields.map((f: { id: number; name: string }) => [f.id, f.name])).toEqual([
      [b.id, 'a'],
      [a.id, 'b'],
      [expect.any(Number), 'c'],
      [tags.id, 'tag'],
    ]);
    const read = await cm.as().get(`/api/contents/${content.id}`);
    expect(read.body.fields).toEqual({ a: 'beta', b: 'alpha', tag: 'x' });
  });

  it('answers 409 with the count when deleting a container that has contents, and deletes them with ?cascade=true', async () => {
    const c = await cm.container({ slug: 'doomed', published: true, fields: [{ label: 'T', name: 't', type: 'STRING' }] });
    const one = await cm.content({ containerId: c.id, slug: 'one', fields: { t: 'x' } });
    await cm.content({ containerId: c.id, slug: 'two' });
    const refused = await cm.as().delete(`/api/containers/${c.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/2 contents/);
    expect((await cm.as().get(`/api/contents/${one.id}`)).status).toBe(200);

    const deleted = await cm.as().delete(`/api/containers/${c.id}?cascade=true`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: c.id, path: '/doomed' });
    expect((await cm.as().get(`/api/contents/${one.id}`)).status).toBe(404);
    expect((await cm.as().get(`/api/containers/${c.id}`)).status).toBe(404);
    const slugs = await t.dataSource.query(`SELECT "full" FROM slug WHERE "full" LIKE 'doomed%'`);
    expect(slugs).toEqual([]);
  });

  it('deletes an empty container without cascade', async () => {
    const c = await cm.container({});
    expect((await cm.as().delete(`/api/containers/${c.id}`)).status).toBe(200);
  });

  it('refuses accesses naming a role that does not exist', async () => {
    const res = await cm.as().post('/api/containers', { title: 'Members', accesses: [{ roleId: 'ghosts' }] });
    expect(res.status).toBe(400);
    expect(res.body.errors['accesses.0.roleId'][0]).toMatch(/ghosts/);
  });

  it('enforces VIEW_, CREATE_, UPDATE_ and DELETE_CONTAINER', async () => {
    const c = await cm.container({});
    const viewer = await t.userWithRights([RightType.VIEW_CONTAINER]);
    expect((await cm.as(viewer.token).get('/api/containers?q=')).status).toBe(200);
    expect((await cm.as(viewer.token).get(`/api/containers/${c.id}`)).status).toBe(200);
    const create = await cm.as(viewer.token).post('/api/containers', { title: 'X' });
    expect(create.status).toBe(403);
    expect(create.body.message).toMatch(/CREATE_CONTAINER/);
    expect((await cm.as(viewer.token).put(`/api/containers/${c.id}`, { title: 'Y' })).status).toBe(403);
    expect((await cm.as(viewer.token).delete(`/api/containers/${c.id}`)).status).toBe(403);
    const nobody = await t.userWithRights([RightType.VIEW_CONTENT]);
    expect((await cm.as(nobody.token).get('/api/containers?q=')).status).toBe(403);
  });

  it('emits revalidation events naming the container and content pages it changes', async () => {
    const c = await cm.container({ slug: 'shop', published: true });
    await cm.content({ containerId: c.id, slug: 'chair', published: true });
    events.length = 0;
    await cm.as().put(`/api/containers/${c.id}?locale=fr`, { sections: [{ block: 'richtext', content: { html: '<p>x</p>' } }] });
    expect(events).toEqual([{ scope: 'paths', paths: ['/shop'], locales: ['fr'] }]);
    events.length = 0;
    // A write that changes no address purges the pages it names, in every locale when it is not the locale's alone.
    await cm.as().put(`/api/containers/${c.id}`, { title: 'Shop' });
    expect(events).toHaveLength(1);
    const event = events[0] as Extract<RevalidationEvent, { scope: 'paths' }>;
    expect(event.paths.sort()).toEqual(['/shop', '/shop/chair']);
    expect(event.locales).toEqual(['en', 'fr', 'tr', 'es', 'it']);
    // A rename changes addresses that the layout's navigation links (resolved once per layout read) may name: everything is purged.
    events.length = 0;
    await cm.as().put(`/api/containers/${c.id}`, { slug: 'store' });
    expect(events).toEqual([{ scope: 'all' }]);
  });
});

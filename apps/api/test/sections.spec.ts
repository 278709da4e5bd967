import { RightType } from '@cms/contracts';
import { RevalidationService, type RevalidationEvent } from '../src/revalidation/revalidation.service';
import { contentModel, q } from './support/content-model';
import { createTestApp, type TestApp } from './support/test-app';

describe('sections, elements and layout', () => {
  let t: TestApp;
  let cm: ReturnType<typeof contentModel>;
  let formId: number;
  let mediaId: number;
  const events: RevalidationEvent[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    cm = contentModel(t);
    t.app.get(RevalidationService).subscribe((event) => events.push(event));
    formId = await cm.form([{ name: 'email', lang: 'en', label: 'E-mail' }]);
    mediaId = await cm.media();
  });
  afterAll(() => t.close());

  describe('sections', () => {
    it('saves every block of the registry with its reference, in order', async () => {
      const listed = await cm.container({});
      const element = await cm.as().post('/api/elements', { title: 'Promo', block: 'cta', content: { title: 'Join', action: { label: 'Go', href: '/join' } } });
      const sections = [
        { block: 'hero', content: { title: 'Hi', subtitle: 'there', mediaId, theme: 'black', action: { label: 'More', href: 'https://example.com' } } },
        { block: 'richtext', content: { html: '<h2>T</h2><p>x</p>', theme: 'grey' } },
        { block: 'media', content: { mediaId, caption: 'A picture' } },
        { block: 'form', formId, content: { title: 'Write to us' } },
        { block: 'element', elementId: element.body.id },
        { block: 'contents', containerContentId: listed.id, content: { limit: 5, sort: 'title' } },
        { block: 'cta', content: { title: 'Buy', action: { label: 'Now', href: '/buy' }, theme: 'white' } },
        { block: 'feature-list', content: { items: [{ title: 'Fast' }, { title: 'Safe', text: 'Very' }] } },
      ];
      const c = await cm.container({ sections });
      expect(c.sections).toEqual(sections.map((s, position) => expect.objectContaining({ ...s, position, type: 'PAGE', formId: s.formId ?? null })));
    });

    it.each([
      ['an unknown block', { block: 'carousel' }, 'sections.0.block', /not a known block/],
      ['a hero without its title', { block: 'hero', content: {} }, 'sections.0.content.title', /required/],
      ['a property the block does not have', { block: 'hero', content: { title: 'x', colour: 'red' } }, 'sections.0.content.colour', /not a property/],
      [
        'a theme outside black, grey, white',
        { block: 'cta', content: { title: 'x', action: { label: 'a', href: '/a' }, theme: 'pink' } },
        'sections.0.content.theme',
        /black, grey, white/,
      ],
      [
        'a javascript: link',
        { block: 'cta', content: { title: 'x', action: { label: 'a', href: 'javascript:alert(1)' } } },
        'sections.0.content.action.href',
        /URL/,
      ],
      ['a media that does not exist', { block: 'media', content: { mediaId: 999999 } }, 'sections.0.content', /media 999999 does not exist/],
      ['a form block without its form', { block: 'form' }, 'sections.0.formId', /required/],
      ['a form that does not exist', { block: 'form', formId: 999999 }, 'sections.0.formId', /form 999999 does not exist/],
      ['an element that does not exist', { block: 'element', elementId: 999999 }, 'sections.0.elementId', /element 999999 does not exist/],
      [
        'a container that does not exist',
        { block: 'contents', containerContentId: 999999 },
        'sections.0.containerContentId',
        /container 999999 does not exist/,
      ],
      ['a reference the block does not use', { block: 'richtext', content: { html: 'x' }, formId: 1 }, 'sections.0.formId', /not used/],
      ['a contents limit out of range', { block: 'contents', containerContentId: 1, content: { limit: 500 } }, 'sections.0.content.limit', /at most 50/],
      ['a layout type on a page', { type: 'FOOTER', block: 'richtext', content: { html: 'x' } }, 'sections.0.type', /PAGE/],
      ['a navigation without items', { block: 'navigation', content: {} }, 'sections.0.content.items', /required/],
      [
        'a javascript: menu link',
        { block: 'navigation', content: { items: [{ label: 'x', href: 'javascript:alert(1)' }] } },
        'sections.0.content.items.0.href',
        /URL/,
      ],
      [
        'a second level of submenus',
        { block: 'navigation', content: { items: [{ label: 'a', href: '/a', children: [{ label: 'b', href: '/b', children: [] }] }] } },
        'sections.0.content.items.0.children.0.children',
        /not a property/,
      ],
      ['a menu entry without its label', { block: 'navigation', content: { items: [{ href: '/a' }] } }, 'sections.0.content.items.0.label', /required/],
    ])('answers 400 for %s, naming it, and writes nothing', async (_label, section, path, rule) => {
      const c = await cm.container({ sections: [{ block: 'richtext', content: { html: '<p>before</p>' } }] });
      const res = await cm.as().put(`/api/containers/${c.id}`, { title: 'Renamed', sections: [section] });
      expect(res.status).toBe(400);
      expect(res.body.errors[path]).toEqual(expect.arrayContaining([expect.stringMatching(rule)]));
      const after = await cm.as().get(`/api/containers/${c.id}`);
      expect(after.body.title).not.toBe('Renamed');
      expect(after.body.sections.map((s: { content: unknown }) => s.content)).toEqual([{ html: '<p>before</p>' }]);
    });

    it('stores a navigation menu with one level of children, in the layout or as a reusable element', async () => {
      const menu = {
        items: [
          { label: 'Blog', href: '/blog', children: [{ label: 'News', href: '/blog/news' }] },
          { label: 'Contact', href: 'mailto:hi@example.com' },
        ],
      };
      const layout = await cm.as().post('/api/layout?locale=fr', { sections: [{ type: 'HEADER', block: 'navigation', content: menu }] });
      expect(layout.status).toBe(200);
      expect((await cm.as().get('/api/layout?locale=fr')).body.sections).toEqual([
        expect.objectContaining({ type: 'HEADER', block: 'navigation', content: menu }),
      ]);
      const element = await cm.as().post('/api/elements', { title: 'Footer menu', block: 'navigation', content: menu });
      expect(element.status).toBe(201);
      await cm.as().post('/api/layout?locale=fr', { sections: [] });
    });

    it('sanitises the HTML of richtext blocks', async () => {
      const c = await cm.container({
        sections: [{ block: 'richtext', content: { html: '<p style="x" onmouseover="evil()">ok<script>evil()</script><iframe src="x"></iframe></p>' } }],
      });
      expect(c.sections).toEqual([expect.objectContaining({ content: { html: '<p>ok</p>' } })]);
    });
  });

  describe('elements', () => {
    it('creates, lists, reads, updates and deletes an element', async () => {
      const created = await cm.as().post('/api/elements', { title: 'Signup', block: 'form', formId, content: { title: 'Sign up' } });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ title: 'Signup', block: 'form', formId, content: { title: 'Sign up' }, status: 'AVAILABLE' });
      const list = await cm.as().get(`/api/elements?filter=${q({ q: 'sign' })}&sort=${q(['title', 'ASC'])}&range=${q([0, 9])}`);
      expect(list.body.map((e: { id: number }) => e.id)).toEqual([created.body.id]);
      expect(list.headers['content-range']).toBe('elements 0-0/1');
      expect((await cm.as().get(`/api/elements/${created.body.id}`)).body).toEqual(created.body);
      const updated = await cm.as().put(`/api/elements/${created.body.id}`, { status: 'DISCONTINUED', content: { title: 'Join us', theme: 'grey' } });
      expect(updated.body).toMatchObject({ status: 'DISCONTINUED', content: { title: 'Join us', theme: 'grey' }, formId });
      const deleted = await cm.as().delete(`/api/elements/${created.body.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body.id).toBe(created.body.id);
    });

    it.each([
      ['an element block', { block: 'element' }, 'block'],
      ['a contents block', { block: 'contents' }, 'block'],
      ['an unknown block', { block: 'nope' }, 'block'],
      ['content that breaks the schema', { block: 'hero', content: { title: 3 } }, 'content.title'],
      ['a form block without a form', { block: 'form' }, 'formId'],
    ])('refuses %s', async (_label, body, path) => {
      const res = await cm.as().post('/api/elements', { title: 'Bad', ...body });
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty([path]);
    });

    it('answers 409 naming where an element in use is placed', async () => {
      const element = (await cm.as().post('/api/elements', { title: 'Banner', block: 'hero', content: { title: 'Sale' } })).body;
      await cm.container({ title: 'Landing', sections: [{ block: 'element', elementId: element.id }] }, 'fr');
      await cm.as().post('/api/layout?locale=en', { sections: [{ type: 'FOOTER', block: 'element', elementId: element.id }] });
      const res = await cm.as().delete(`/api/elements/${element.id}`);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/container "Landing" in fr/);
      expect(res.body.message).toMatch(/the layout \(FOOTER\) in en/);
      expect((await cm.as().get(`/api/elements/${element.id}`)).status).toBe(200);
      await cm.as().post('/api/layout?locale=en', { sections: [] });
    });

    it('purges the pages placing an element when it changes', async () => {
      const element = (await cm.as().post('/api/elements', { title: 'Note', block: 'richtext', content: { html: 'a' } })).body;
      await cm.container({ slug: 'noted', published: true, sections: [{ block: 'element', elementId: element.id }] });
      events.length = 0;
      await cm.as().put(`/api/elements/${element.id}`, { content: { html: 'b' } });
      expect(events).toEqual([{ scope: 'paths', paths: ['/noted'], locales: ['en', 'fr', 'tr', 'es', 'it'] }]);
    });

    it('enforces VIEW_, CREATE_, UPDATE_ and DELETE_ELEMENT', async () => {
      const element = (await cm.as().post('/api/elements', { title: 'Mine', block: 'richtext', content: { html: 'a' } })).body;
      const viewer = await t.userWithRights([RightType.VIEW_ELEMENT]);
      expect((await cm.as(viewer.token).get('/api/elements')).status).toBe(200);
      expect((await cm.as(viewer.token).post('/api/elements', { title: 'X', block: 'richtext', content: { html: 'a' } })).status).toBe(403);
      expect((await cm.as(viewer.token).put(`/api/elements/${element.id}`, { title: 'Y' })).status).toBe(403);
      expect((await cm.as(viewer.token).delete(`/api/elements/${element.id}`)).status).toBe(403);
      const nobody = await t.userWithRights([RightType.VIEW_CONTENT]);
      expect((await cm.as(nobody.token).get(`/api/elements/${element.id}`)).status).toBe(403);
    });
  });

  describe('layout', () => {
    it('replaces the layout of a locale and answers it publicly, each type falling back to en', async () => {
      const en = await cm.as().post('/api/layout', {
        sections: [
          { type: 'HEADER', block: 'richtext', content: { html: '<p>Header EN</p>' } },
          { type: 'FOOTER', block: 'richtext', content: { html: '<p>Footer EN</p>' } },
          { type: 'FOOTER', block: 'cta', content: { title: 'Contact', action: { label: 'Mail', href: 'mailto:a@b.c' } } },
        ],
      });
      expect(en.status).toBe(200);
      expect(en.body.sections.map((s: { type: string; position: number }) => [s.type, s.position])).toEqual([
        ['HEADER', 0],
        ['FOOTER', 0],
        ['FOOTER', 1],
      ]);
      events.length = 0;
      await cm.as().post('/api/layout?locale=fr', { sections: [{ type: 'HEADER', block: 'richtext', content: { html: '<p>Entête</p>' } }] });
      expect(events).toEqual([{ scope: 'all' }]);
      const fr = await t.http.get('/api/layout?locale=fr');
      expect(fr.status).toBe(200);
      expect(fr.body.locale).toBe('fr');
      expect(fr.body.fallbackTypes).toEqual(['FOOTER']);
      expect(fr.body.sections.map((s: { type: string; lang: string; content: { html?: string } }) => [s.type, s.lang])).toEqual([
        ['HEADER', 'fr'],
        ['FOOTER', 'en'],
        ['FOOTER', 'en'],
      ]);
      const tr = await t.http.get('/api/layout?locale=tr');
      expect(tr.body.sections[0].content.html).toBe('<p>Header EN</p>');
    });

    it('writes nothing when one layout section is wrong, and refuses PAGE or a missing type', async () => {
      const before = (await t.http.get('/api/layout')).body;
      const bad = await cm.as().post('/api/layout', {
        sections: [
          { type: 'HEADER', block: 'richtext', content: { html: 'new' } },
          { type: 'FOOTER', block: 'hero', content: {} },
        ],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toHaveProperty(['sections.1.content.title']);
      expect((await t.http.get('/api/layout')).body).toEqual(before);
      expect((await cm.as().post('/api/layout', { sections: [{ type: 'PAGE', block: 'richtext', content: { html: 'x' } }] })).status).toBe(400);
      const untyped = await cm.as().post('/api/layout', { sections: [{ block: 'richtext', content: { html: 'x' } }] });
      expect(untyped.status).toBe(400);
      expect(untyped.body.errors).toHaveProperty(['sections.0.type']);
      expect((await t.http.get('/api/layout?locale=de')).status).toBe(400);
    });

    it('requires UPDATE_LAYOUT to write it', async () => {
      const viewer = await t.userWithRights([RightType.VIEW_LAYOUT]);
      expect((await cm.as(viewer.token).post('/api/layout', { sections: [] })).status).toBe(403);
      expect((await t.http.post('/api/layout').send({ sections: [] })).status).toBe(401);
      const editor = await t.userWithRights([RightType.UPDATE_LAYOUT]);
      expect((await cm.as(editor.token).post('/api/layout?locale=it', { sections: [] })).status).toBe(200);
    });
  });
});

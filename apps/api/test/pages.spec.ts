import { Lang } from '@cms/contracts';
import { NotFoundException } from '@nestjs/common';
import { PagesService } from '../src/pages/pages.service';
import { contentModel, countQueries, q } from './support/content-model';
import { createTestApp, type TestApp } from './support/test-app';

describe('public page read', () => {
  let t: TestApp;
  let cm: ReturnType<typeof contentModel>;
  let blog: { id: number; slugId: number | null };
  let people: { id: number };
  let hello: { id: number };
  let author: { id: number };
  let cover: number;
  let heroImage: number;
  let formId: number;
  let elementId: number;

  beforeAll(async () => {
    t = await createTestApp();
    cm = contentModel(t);
    cover = await cm.media('image/jpeg', { en: 'A cover', fr: 'Une couverture' });
    heroImage = await cm.media('image/png', { en: 'Hero' });
    formId = await cm.form([
      { name: 'email', lang: 'en', label: 'E-mail' },
      { name: 'country', lang: 'en', label: 'Country', type: 'ZOHOOPTIONS', options: ['countries'] },
      { name: 'email', lang: 'fr', label: 'Courriel' },
    ]);
    await cm.setting('optionLists', { countries: ['France', 'Italy'], other: ['x'] });
    await cm.setting('primaryColor', '#112233');
    elementId = (await cm.as().post('/api/elements', { title: 'Newsletter', block: 'form', formId, content: { title: 'Subscribe', theme: 'grey' } })).body.id;
    people = await cm.container({ title: 'People', slug: 'people', published: true, fields: [{ label: 'Photo', name: 'photo', type: 'IMAGE' }] });
    author = await cm.content({ containerId: people.id, title: 'Ada', slug: 'ada', published: true, fields: { photo: heroImage } });
    blog = await cm.container({
      title: 'Blog',
      slug: 'blog',
      published: true,
      fields: [
        { label: 'Heading', name: 'heading', type: 'STRING' },
        { label: 'Intro', name: 'intro', type: 'PARAGRAPH' },
        { label: 'Cover', name: 'cover', type: 'IMAGE' },
        { label: 'Author', name: 'author', type: 'CONTENT' },
      ],
    });
    hello = await cm.content({
      containerId: blog.id,
      title: 'Hello',
      slug: 'hello',
      published: true,
      fields: { heading: 'Hello', intro: 'Welcome', cover, author: author.id },
      sections: [
        { block: 'hero', content: { title: 'Hello!', mediaId: heroImage, theme: 'black' } },
        { block: 'element', elementId },
        { block: 'contents', containerContentId: people.id, content: { title: 'Our people' } },
      ],
      metadata: [{ name: 'description', content: 'A first post' }],
    });
    await cm
      .as()
      .put(`/api/contents/${hello.id}?locale=fr`, { fields: { heading: 'Bonjour' }, metadata: [{ name: 'description', content: 'Un premier billet' }] });
    await cm.as().post('/api/layout', {
      sections: [
        { type: 'HEADER', block: 'richtext', content: { html: '<p>Site</p>' } },
        { type: 'FOOTER', block: 'form', formId, content: { title: 'Contact' } },
      ],
    });
  });
  afterAll(() => t.close());

  const read = (path: string, locale?: string, token?: string) => {
    const req = t.http.get(`/api/pages?path=${encodeURIComponent(path)}${locale ? `&locale=${locale}` : ''}`);
    return token ? req.set('token', token) : req;
  };

  it('answers everything the site needs for a content page in one call, in the locale with en fallback', async () => {
    const res = await read('/blog/hello', 'fr');
    expect(res.status).toBe(200);
    const page = res.body;
    expect(page).toMatchObject({
      locale: 'fr',
      path: '/blog/hello',
      kind: 'content',
      title: 'Hello',
      container: { id: blog.id, title: 'Blog', hideFooter: false, path: '/blog' },
      content: { id: hello.id, title: 'Hello', fields: { heading: 'Bonjour', intro: 'Welcome', cover, author: author.id } },
      metadata: [{ name: 'description', content: 'Un premier billet' }],
      theme: { primaryColor: '#112233', backgroundColor: '#FFFFFF' },
      accesses: [],
    });
    expect(page.content.fallbackFields.sort()).toEqual(['author', 'cover', 'intro']);
    expect(page.alternates).toEqual([
      { locale: 'en', path: '/blog/hello' },
      { locale: 'fr', path: '/fr/blog/hello' },
      { locale: 'tr', path: '/tr/blog/hello' },
      { locale: 'es', path: '/es/blog/hello' },
      { locale: 'it', path: '/it/blog/hello' },
    ]);
    // Sections are en's (fr has none), with the element, the form and the listed contents resolved.
    expect(page.sections.map((s: { block: string; theme: string | null }) => [s.block, s.theme])).toEqual([
      ['hero', 'black'],
      ['element', 'grey'],
      ['contents', null],
    ]);
    expect(page.sections[1].element).toMatchObject({ id: elementId, block: 'form', formId, content: { title: 'Subscribe' } });
    expect(page.sections[2].items).toEqual([expect.objectContaining({ id: author.id, title: 'Ada', path: '/people/ada', fields: { photo: heroImage } })]);
    expect(page.layout.map((s: { type: string; block: string }) => [s.type, s.block])).toEqual([
      ['HEADER', 'richtext'],
      ['FOOTER', 'form'],
    ]);
    expect(page.media[cover]).toEqual({
      id: cover,
      uri: expect.any(String),
      mimeType: 'image/jpeg',
      alt: 'Une couverture',
      width: 640,
      height: 480,
      name: expect.any(String),
      size: expect.any(Number),
    });
    // The site draws the content's fields in the container's order, and the listed cards by their container's.
    expect(page.fieldDefinitions[blog.id]).toEqual([
      { name: 'heading', label: 'Heading', type: 'STRING', multiple: false },
      { name: 'intro', label: 'Intro', type: 'PARAGRAPH', multiple: false },
      { name: 'cover', label: 'Cover', type: 'IMAGE', multiple: false },
      { name: 'author', label: 'Author', type: 'CONTENT', multiple: false },
    ]);
    expect(page.fieldDefinitions[people.id]).toEqual([{ name: 'photo', label: 'Photo', type: 'IMAGE', multiple: false }]);
    expect(page.media[heroImage]).toMatchObject({ alt: 'Hero' });
    expect(page.forms[formId]).toMatchObject({ id: formId, fieldsLocale: 'fr', fields: [{ name: 'email', label: 'Courriel' }] });
    expect(page.contents[author.id]).toEqual({ id: author.id, title: 'Ada', containerId: people.id, path: '/people/ada' });
  });

  it('falls back to en form fields and resolves the option lists of ZOHOOPTIONS form fields', async () => {
    const res = await read('/blog/hello', 'it');
    expect(res.body.forms[formId]).toMatchObject({ fieldsLocale: 'en', fields: [{ label: 'E-mail' }, { name: 'country', type: 'ZOHOOPTIONS' }] });
    expect(res.body.optionLists).toEqual({ countries: ['France', 'Italy'] });
    expect(res.body.metadata).toEqual([{ name: 'description', content: 'A first post' }]);
  });

  it('reads a container page, and drops the footer of a container that hides it', async () => {
    const res = await read('/blog/', 'en');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'container', title: 'Blog', content: null, path: '/blog' });
    await cm.as().put(`/api/containers/${blog.id}`, { hideFooter: true });
    const hidden = await read('/blog');
    expect(hidden.body.layout.map((s: { type: string }) => s.type)).toEqual(['HEADER']);
    await cm.as().put(`/api/containers/${blog.id}`, { hideFooter: false });
  });

  it('answers the home page for path=/ (the page whose slug is empty at the root), with /fr as its fr address', async () => {
    expect((await read('/')).status).toBe(404);
    const home = await cm.container({ title: 'Home', slug: '', published: true });
    const res = await read('/', 'fr');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'container', title: 'Home', path: '/', container: { id: home.id } });
    expect(res.body.alternates.slice(0, 2)).toEqual([
      { locale: 'en', path: '/' },
      { locale: 'fr', path: '/fr' },
    ]);
  });

  it('answers 404 for unknown, unpublished and malformed paths', async () => {
    const draft = await cm.content({ containerId: blog.id, slug: 'draft', published: false });
    expect((await read('/blog/draft')).status).toBe(404);
    expect((await read('/blog/nothing')).status).toBe(404);
    expect((await read('/Blog/Hello')).status).toBe(404);
    expect((await read('/../etc/passwd')).status).toBe(404);
    expect((await read('/blog/hello', 'de')).status).toBe(400);
    expect((await t.http.get('/api/pages')).status).toBe(400);
    await cm.as().put(`/api/contents/${draft.id}`, { published: true });
    expect((await read('/blog/draft')).status).toBe(200);
  });

  it('pages a paginating contents block with ?page=, and counts what it lists', async () => {
    const shelf = await cm.container({ title: 'Shelf', fields: [{ label: 'Blurb', name: 'blurb', type: 'PARAGRAPH' }] });
    for (const n of [1, 2, 3, 4, 5])
      await cm.content({ containerId: shelf.id, title: `Book ${n}`, slug: `book-${n}`, published: true, fields: { blurb: `About ${n}` } });
    await cm.container({
      title: 'Library',
      slug: 'library',
      published: true,
      sections: [
        { block: 'contents', containerContentId: shelf.id, content: { limit: 2, sort: 'title', paginate: true, excerptField: 'blurb' } },
        { block: 'contents', containerContentId: shelf.id, content: { limit: 2, sort: 'title' } },
      ],
    });
    const titles = (body: { sections: { items: { title: string }[] }[] }, i: number) => body.sections[i].items.map((item) => item.title);
    const first = await read('/library');
    expect(first.body.page).toBe(1);
    expect(titles(first.body, 0)).toEqual(['Book 1', 'Book 2']);
    expect(first.body.sections[0].itemsTotal).toBe(5);
    expect(first.body.fieldDefinitions[shelf.id]).toEqual([{ name: 'blurb', label: 'Blurb', type: 'PARAGRAPH', multiple: false }]);
    const third = await t.http.get('/api/pages?path=/library&page=3');
    expect(third.body.page).toBe(3);
    expect(titles(third.body, 0)).toEqual(['Book 5']);
    // A block that does not paginate keeps its first items on every page.
    expect(titles(third.body, 1)).toEqual(['Book 1', 'Book 2']);
    const beyond = await t.http.get('/api/pages?path=/library&page=9');
    expect(beyond.body.sections[0]).toMatchObject({ items: [], itemsTotal: 5 });
    // The first page stays cached while later ones are read: both are right.
    expect(titles((await read('/library')).body, 0)).toEqual(['Book 1', 'Book 2']);
  });

  it('refuses a page number that is not a whole number from 1 to 10000', async () => {
    for (const page of ['0', '-1', 'two', '1.5', '10001', '1e3x', '', '1&page=2']) {
      const res = await t.http.get(`/api/pages?path=/blog/hello&page=${page}`);
      expect({ page, status: res.status }).toEqual({ page, status: 400 });
      expect(res.body.message).toBeDefined();
    }
  });

  it('refuses a path that is missing, given twice or longer than 1,100 characters, naming the key', async () => {
    for (const query of ['', 'path=/blog&path=/hello', `path=/${'a'.repeat(1100)}`]) {
      const res = await t.http.get(`/api/pages?${query}`);
      expect({ query: query.slice(0, 30), status: res.status }).toEqual({ query: query.slice(0, 30), status: 400 });
      expect(Object.keys(res.body.errors)).toEqual(['path']);
    }
  });

  it('guards pages with accesses: 401 without a token, 404 (as a missing page) for another role, 200 for the role and for super-admin', async () => {
    const members = await t.userWithRights([]);
    const others = await t.userWithRights([]);
    const club = await cm.container({ title: 'Club', slug: 'club', published: true, accesses: [{ roleId: members.roleId }] });
    const news = await cm.content({ containerId: club.id, slug: 'news', published: true });
    for (const path of ['/club', '/club/news']) {
      const anonymous = await read(path);
      expect(anonymous.status).toBe(401);
      expect((await read(path, 'en', others.token)).status).toBe(404);
      const member = await read(path, 'en', members.token);
      expect(member.status).toBe(200);
      expect(member.body.accesses).toEqual([{ roleId: members.roleId }]);
      expect(member.headers['cache-control']).toBe('private, no-store');
      expect((await read(path, 'en', t.ownerToken)).status).toBe(200);
    }
    // A content's own accesses replace its container's.
    await cm.as().put(`/api/contents/${news.id}`, { accesses: [{ roleId: others.roleId }] });
    expect((await read('/club/news', 'en', others.token)).status).toBe(200);
    expect((await read('/club/news', 'en', members.token)).status).toBe(404);
    expect((await read('/blog/hello')).status).toBe(200);
  });

  it('documents every content-model route in OpenAPI, with its payloads', async () => {
    const docs = (await t.http.get('/api/docs-json')).body;
    const routes = {
      '/api/containers': ['get', 'post'],
      '/api/containers/{id}': ['get', 'put', 'delete'],
      '/api/contents': ['get', 'post'],
      '/api/contents/{id}': ['get', 'put', 'delete'],
      '/api/elements': ['get', 'post'],
      '/api/elements/{id}': ['get', 'put', 'delete'],
      '/api/slugs': ['get'],
      '/api/layout': ['get', 'post'],
      '/api/pages': ['get'],
    };
    for (const [path, methods] of Object.entries(routes)) {
      for (const method of methods) {
        const operation = docs.paths[path]?.[method];
        expect({ path, method, documented: !!operation }).toEqual({ path, method, documented: true });
        const ok = operation.responses['200'] ?? operation.responses['201'];
        expect({ path, method, answer: !!ok?.content?.['application/json']?.schema }).toEqual({ path, method, answer: true });
        if (method === 'post' || method === 'put') expect(operation.requestBody?.content?.['application/json']?.schema).toBeDefined();
      }
    }
    for (const schema of [
      'CreateContainerDto',
      'ContainerFieldInputDto',
      'SectionInputDto',
      'ContentDto',
      'PageResponseDto',
      'LayoutDto',
      'ElementDto',
      'SlugDto',
    ]) {
      expect(docs.components.schemas).toHaveProperty([schema]);
    }
    expect(docs.components.schemas.ContainerFieldInputDto.properties.type.enum).toContain('ZOHOOPTIONS');
    // The page read's query, each key once: path required, locale among the five, page from 1.
    const parameters = docs.paths['/api/pages'].get.parameters as {
      name: string;
      in: string;
      required?: boolean;
      schema: { enum?: string[]; minimum?: number };
    }[];
    expect(
      parameters
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['locale', 'page', 'path', 'preview']);
    expect(parameters.find((p) => p.name === 'path')?.required).toBe(true);
    expect(parameters.find((p) => p.name === 'locale')?.schema.enum).toEqual(['en', 'fr', 'tr', 'es', 'it']);
    expect(parameters.find((p) => p.name === 'page')?.schema.minimum).toBe(1);
  });

  describe('query counts', () => {
    const sectionsOfEveryKind = (n: number, listed: number) =>
      Array.from(
        { length: n },
        (_, i) =>
          [
            { block: 'hero', content: { title: `Hero ${i}`, mediaId: heroImage } },
            { block: 'element', elementId },
            { block: 'form', formId },
            { block: 'contents', containerContentId: listed },
            { block: 'media', content: { mediaId: cover } },
          ][i % 5],
      );

    it('reads a page in the same number of queries whatever the number of sections, fields and listed contents', async () => {
      const many = await cm.container({
        title: 'Many',
        fields: [
          { label: 'Pics', name: 'pics', type: 'IMAGE', multiple: true },
          { label: 'Refs', name: 'refs', type: 'CONTENT', multiple: true },
        ],
      });
      for (let i = 0; i < 12; i++)
        await cm.content({ containerId: many.id, slug: `item-${i}`, published: true, fields: { pics: [cover, heroImage], refs: [author.id] } });
      const small = await cm.content({ containerId: blog.id, slug: 'small', published: true, fields: { cover }, sections: sectionsOfEveryKind(5, many.id) });
      const big = await cm.content({
        containerId: blog.id,
        slug: 'big',
        published: true,
        fields: { cover, author: author.id, heading: 'Big' },
        sections: sectionsOfEveryKind(60, many.id),
      });
      await cm.as().put(`/api/contents/${big.id}?locale=fr`, { fields: { heading: 'Grand' } });

      const few = await countQueries(t, () => read('/blog/small', 'fr'));
      const lots = await countQueries(t, () => read('/blog/big', 'fr'));
      expect(few.result.status).toBe(200);
      expect(lots.result.status).toBe(200);
      expect(lots.result.body.sections).toHaveLength(60);
      expect(lots.result.body.sections[3].items).toHaveLength(12);
      expect(lots.count).toBe(few.count);
      expect(few.count).toBeGreaterThan(0);
      expect(lots.count).toBeLessThanOrEqual(10);
      expect(small.id).toEqual(expect.any(Number));
    });

    // Before issue 14's last step: 5 (the path, the sections, the fields, the layout's form, the settings).
    it("reads a content page with its fields and sections in 2 queries on a first visit, the settings kept from another page's read", async () => {
      const post = await cm.content({
        containerId: blog.id,
        slug: 'two-queries',
        published: true,
        fields: { heading: 'Two' },
        sections: [{ block: 'hero', content: { title: 'Hi' } }],
      });
      await cm.as().put(`/api/contents/${post.id}?locale=fr`, { fields: { heading: 'Deux' } });
      expect((await read('/blog', 'fr')).status).toBe(200);
      const { result, count, queries } = await countQueries(t, () => read('/blog/two-queries', 'fr'));
      expect(result.status).toBe(200);
      expect(result.body.content.fields.heading).toBe('Deux');
      expect(result.body.sections.map((s: { block: string }) => s.block)).toContain('hero');
      // The path brings the page's sections and field values; then the layout's form.
      expect(count).toBe(2);
      expect(queries.filter((sql: string) => /FROM "section"|FROM "content_field"|FROM "setting"/.test(sql))).toHaveLength(1);
    });

    it('reads the paths of first visits that arrive at once in one statement, each page answered as if read alone', async () => {
      const pages = t.app.get(PagesService);
      const wanted: [string, Lang][] = [
        ['/blog/hello', Lang.fr],
        ['/people/ada', Lang.en],
        ['/blog/no-such-post', Lang.en],
        ['/blog/hello', Lang.en],
        ['/blog', Lang.it],
      ];
      // Page 2 of each: the page cache keeps only first pages, so every read here reads the database.
      const readPage = ([path, locale]: [string, Lang]) => pages.read(path, locale, undefined, 2);
      const alone: { content?: { fields: Record<string, unknown> } }[] = [];
      for (const pair of wanted)
        alone.push(
          await readPage(pair).then(
            (r) => JSON.parse(r.body.toString()),
            () => undefined,
          ),
        );
      const { result, queries } = await countQueries(t, () => Promise.allSettled(wanted.map(readPage)));
      expect(queries.filter((sql) => /FROM "slug_path" sp\b/.test(sql))).toHaveLength(1);
      expect(result.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect((result[2] as PromiseRejectedResult).reason).toBeInstanceOf(NotFoundException);
      result.forEach((r, i) => {
        if (r.status === 'fulfilled') expect(JSON.parse(r.value.body.toString())).toEqual(alone[i]);
      });
      expect(alone[0]?.content?.fields.heading).toBe('Bonjour');
      expect(alone[3]?.content?.fields.heading).toBe('Hello');
    });

    it('reads the settings again once one of them changed', async () => {
      expect((await read('/blog', 'fr')).body.theme.primaryColor).toBe('#112233');
      const change = (value: string) => cm.as().put('/api/settings/by-name/primaryColor', { value });
      expect((await change('#445566')).status).toBe(200);
      try {
        const { result, queries } = await countQueries(t, () => read('/blog', 'fr'));
        expect(result.body.theme.primaryColor).toBe('#445566');
        expect(queries.some((sql: string) => /FROM "setting"/.test(sql))).toBe(true);
      } finally {
        await change('#112233');
      }
    });

    it('lists a page of contents in the same number of queries for 5 rows as for 25', async () => {
      const c = await cm.container({
        fields: [
          { label: 'A', name: 'a', type: 'STRING' },
          { label: 'B', name: 'b', type: 'NUMBER', multiple: true },
        ],
      });
      for (let i = 0; i < 25; i++) await cm.content({ containerId: c.id, slug: `row-${i}`, fields: { a: `row ${i}`, b: [i, i + 1] } });
      const list = (size: number) =>
        t.http
          .get(`/api/contents?filter=${q({ containerId: c.id })}&sort=${q(['updatedAt', 'DESC'])}&range=${q([0, size - 1])}&locale=fr`)
          .set('token', t.ownerToken);
      // Each read twice, the fewer queries kept: a cache dropped by a late notice of the writes
      // above (the session's, the list's count) costs one read a query more, not a query per row.
      const measure = async (size: number) => {
        const first = await countQueries(t, () => list(size));
        const second = await countQueries(t, () => list(size));
        return second.count <= first.count ? second : first;
      };
      const five = await measure(5);
      const all = await measure(25);
      expect(five.result.body).toHaveLength(5);
      expect(all.result.body).toHaveLength(25);
      expect(all.result.body[0].fields).toEqual({ a: 'row 24', b: [24, 25] });
      expect(all.count).toBe(five.count);
      // The session, the count, and the page of rows with their slugs and fields.
      expect(five.count).toBeGreaterThan(0);
      expect(all.count).toBeLessThanOrEqual(3);
    });
  });
});

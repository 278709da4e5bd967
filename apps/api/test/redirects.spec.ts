import { RightType } from '@cms/contracts';
import { RedirectsService } from '../src/redirects/redirects.service';
import { contentModel } from './support/content-model';
import { useTestApp } from './support/test-app';

describe('redirects', () => {
  const t = useTestApp();
  const cm = contentModel(t);
  const as = () => cm.as();

  const create = (body: Record<string, unknown>) => as().post('/api/redirects', body);
  const rows = async () =>
    (await t.dataSource.query(`SELECT "from", "to", status, auto FROM "redirect" ORDER BY "from"`)) as {
      from: string;
      to: string;
      status: number;
      auto: boolean;
    }[];
  const clear = () => t.dataSource.query(`DELETE FROM "redirect"`);
  const importCsv = (csv: string) => t.http.post('/api/redirects/import').set('token', t.ownerToken).attach('file', Buffer.from(csv), 'redirects.csv');

  beforeEach(async () => {
    await clear();
  });

  describe('CRUD', () => {
    it('creates, reads, lists, edits and deletes a redirect', async () => {
      const created = await create({ from: '/old-contact/', to: '/contact' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ from: '/old-contact', to: '/contact', status: 301, external: false, auto: false, hits: 0, lastUsedAt: null });
      const id = created.body.id as number;

      expect((await as().get(`/api/redirects/${id}`)).body).toMatchObject({ id, from: '/old-contact', to: '/contact' });

      await create({ from: '/fr/ancien', to: 'https://example.org/nouveau', status: 302 });
      const list = await as().get('/api/redirects?sort=["from","ASC"]&range=[0,9]');
      expect(list.status).toBe(200);
      expect(list.headers['content-range']).toBe('redirects 0-1/2');
      expect(list.body.map((r: { from: string }) => r.from)).toEqual(['/fr/ancien', '/old-contact']);
      expect(list.body[0]).toMatchObject({ to: 'https://example.org/nouveau', status: 302, external: true });

      const byQ = await as().get(`/api/redirects?filter=${encodeURIComponent(JSON.stringify({ q: 'NOUVEAU' }))}`);
      expect(byQ.body.map((r: { from: string }) => r.from)).toEqual(['/fr/ancien']);
      const byStatus = await as().get(`/api/redirects?filter=${encodeURIComponent(JSON.stringify({ status: 301, auto: false }))}`);
      expect(byStatus.body.map((r: { from: string }) => r.from)).toEqual(['/old-contact']);
      expect((await as().get(`/api/redirects?sort=["nope","ASC"]`)).status).toBe(400);

      const edited = await as().put(`/api/redirects/${id}`, { ...created.body, to: 'https://example.org/contact', status: 302 });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ from: '/old-contact', to: 'https://example.org/contact', status: 302, external: true });

      // A PUT of some fields keeps the others.
      const partial = await as().put(`/api/redirects/${id}`, { status: 301 });
      expect(partial.body).toMatchObject({ from: '/old-contact', to: 'https://example.org/contact', status: 301 });

      expect((await as().delete(`/api/redirects/${id}`)).status).toBe(200);
      expect((await as().get(`/api/redirects/${id}`)).status).toBe(404);
      expect((await as().put(`/api/redirects/${id}`, { from: '/x', to: '/y' })).status).toBe(404);
    });

    it('purges the page of the `from` address in its locale on every write', async () => {
      t.events.length = 0;
      const created = await create({ from: '/fr/vieux', to: '/fr/neuf' });
      expect(t.events).toContainEqual({ scope: 'paths', paths: ['/vieux'], locales: ['fr'] });
      t.events.length = 0;
      await as().put(`/api/redirects/${created.body.id}`, { from: '/ancien', to: '/neuf' });
      expect(t.events).toEqual(
        expect.arrayContaining([
          { scope: 'paths', paths: ['/ancien'], locales: ['en'] },
          { scope: 'paths', paths: ['/vieux'], locales: ['fr'] },
        ]),
      );
      t.events.length = 0;
      await as().delete(`/api/redirects/${created.body.id}`);
      expect(t.events).toEqual([{ scope: 'paths', paths: ['/ancien'], locales: ['en'] }]);
    });

    it('decodes %-escapes and keeps the decoded address, as the page read looks it up', async () => {
      const res = await create({ from: '/Old%20Page.html', to: '/caf%C3%A9' });
      expect(res.body).toMatchObject({ from: '/Old Page.html', to: '/café' });
    });
  });

  describe('bad input', () => {
    it.each([
      ['no from', { to: '/a' }, 'from', /required/],
      ['a from without a slash', { from: 'old', to: '/a' }, 'from', /starting with \//],
      ['a protocol-relative from', { from: '//evil.example/a', to: '/a' }, 'from', /starting with \//],
      ['a from with a query string', { from: '/old?id=3', to: '/a' }, 'from', /query string/],
      ['a from with a fragment', { from: '/old#top', to: '/a' }, 'from', /fragment/],
      ['a from under /api/', { from: '/api/pages', to: '/a' }, 'from', /\/api\//],
      ['the admin', { from: '/admin', to: '/a' }, 'from', /\/admin/],
      ['the site assets', { from: '/_site/assets/x.js', to: '/a' }, 'from', /_site/],
      ['the sitemap', { from: '/sitemap.xml', to: '/a' }, 'from', /sitemap/],
      ['robots.txt', { from: '/robots.txt', to: '/a' }, 'from', /robots/],
      ['a from too long', { from: `/${'a'.repeat(1100)}`, to: '/a' }, 'from', /at most 1100/],
      ['a malformed escape', { from: '/bad%E0%A4', to: '/a' }, 'from', /malformed/],
      ['no to', { from: '/old' }, 'to', /required/],
      ['an http:// to', { from: '/old', to: 'http://example.org/a' }, 'to', /needs https:\/\//],
      ['a javascript: to', { from: '/old', to: 'javascript:alert(1)' }, 'to', /needs https:\/\//],
      ['a protocol-relative to', { from: '/old', to: '//example.org/a' }, 'to', /needs https:\/\//],
      ['a mailto: to', { from: '/old', to: 'mailto:a@example.org' }, 'to', /needs https:\/\//],
      ['an https URL with credentials', { from: '/old', to: 'https://user:pw@example.org/' }, 'to', /user name or password/],
      ['a to with a query string', { from: '/old', to: '/new?x=1' }, 'to', /query string/],
      ['a status of 307', { from: '/old', to: '/a', status: 307 }, 'status', /301.*302/],
      ['a status as text', { from: '/old', to: '/a', status: 'moved' }, 'status', /301.*302/],
      ['a from that is its to', { from: '/same/', to: '/same' }, 'to', /must not be the address it redirects from/],
    ])('answers 400 for %s, naming the field and the rule', async (_label, body, field, rule) => {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body.errors[field].join(' ')).toMatch(rule);
      expect(await rows()).toEqual([]);
    });

    it('answers 400 for an unknown field and for a body that is not an object', async () => {
      expect((await create({ from: '/a', to: '/b', hits: 3, extra: 1 })).status).toBe(400);
      const res = await t.http.post('/api/redirects').set('token', t.ownerToken).set('content-type', 'application/json').send('[1]');
      expect(res.status).toBe(400);
    });

    it('answers 409 naming the address for a second redirect from it, on create and on edit', async () => {
      await create({ from: '/taken', to: '/a' });
      const other = await create({ from: '/free', to: '/a' });
      const again = await create({ from: '/taken/', to: '/b' });
      expect(again.status).toBe(409);
      expect(again.body.message).toContain('/taken');
      const moved = await as().put(`/api/redirects/${other.body.id}`, { from: '/taken', to: '/a' });
      expect(moved.status).toBe(409);
      expect(moved.body.message).toContain('/taken');
    });

    it('answers 409 for a redirect from the address of a published page, in any locale, but not of a draft', async () => {
      await cm.container({ title: 'Team', slug: 'team', published: true });
      await cm.container({ title: 'Draft', slug: 'draft-page', published: false });
      for (const from of ['/team', '/fr/team']) {
        const res = await create({ from, to: '/elsewhere' });
        expect(res.status).toBe(409);
        expect(res.body.message).toMatch(new RegExp(`published page lives at ${from}`));
      }
      expect((await create({ from: '/draft-page', to: '/elsewhere' })).status).toBe(201);
    });

    it('answers 403 to a reader without UPDATE_CONTENT, and lets a content editor write', async () => {
      const reader = await t.userWithRights([RightType.VIEW_CONTENT]);
      expect((await as().get('/api/redirects').set('token', reader.token)).status).toBe(200);
      expect((await cm.as(reader.token).post('/api/redirects', { from: '/a', to: '/b' })).status).toBe(403);
      const editor = await t.userWithRights([RightType.VIEW_CONTENT, RightType.UPDATE_CONTENT]);
      expect((await cm.as(editor.token).post('/api/redirects', { from: '/a', to: '/b' })).status).toBe(201);
      const nobody = await t.userWithRights([RightType.VIEW_MEDIA]);
      expect((await cm.as(nobody.token).get('/api/redirects')).status).toBe(403);
    });
  });

  describe('chains and loops', () => {
    it('stores a to that is another redirect’s from as where that one leads, and re-points those that led to a new from', async () => {
      await create({ from: '/a', to: '/b' });
      await create({ from: '/b', to: '/c' });
      expect(await rows()).toEqual([
        { from: '/a', to: '/c', status: 301, auto: false },
        { from: '/b', to: '/c', status: 301, auto: false },
      ]);
      const x = await create({ from: '/x', to: '/a' });
      expect(x.body.to).toBe('/c');
    });

    it('refuses a redirect that would lead back to its own from, and writes nothing', async () => {
      await create({ from: '/a', to: '/b' });
      await create({ from: '/b', to: '/c' });
      const loop = await create({ from: '/c', to: '/a' });
      expect(loop.status).toBe(400);
      expect(loop.body.errors.to[0]).toMatch(/would make a loop \(\/c → \/a → \/c\)/);
      const edit = await create({ from: '/d', to: '/e' });
      const looped = await as().put(`/api/redirects/${edit.body.id}`, { from: '/c', to: '/b' });
      expect(looped.status).toBe(400);
      expect(looped.body.errors.to[0]).toMatch(/would make a loop/);
      expect(await rows()).toEqual([
        { from: '/a', to: '/c', status: 301, auto: false },
        { from: '/b', to: '/c', status: 301, auto: false },
        { from: '/d', to: '/e', status: 301, auto: false },
      ]);
    });
  });

  describe('CSV import', () => {
    it('imports a good file (multipart): creates new ones, replaces those of a from, keeps the set flat', async () => {
      await create({ from: '/old-about', to: '/somewhere' });
      await create({ from: '/z', to: '/old-products' });
      const csv =
        '\ufefffrom,to,status\r\n/old-about,/about,301\r\n"/Old Products.html",/products,\r\n/old-products,/Old%20Products.html,302\r\n\r\n/partner,https://partner.example/,302\n';
      const res = await importCsv(csv);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ created: 3, updated: 1 });
      expect(await rows()).toEqual([
        { from: '/Old Products.html', to: '/products', status: 301, auto: false },
        { from: '/old-about', to: '/about', status: 301, auto: false },
        { from: '/old-products', to: '/products', status: 302, auto: false },
        { from: '/partner', to: 'https://partner.example/', status: 302, auto: false },
        { from: '/z', to: '/products', status: 301, auto: false },
      ]);
    });

    it('takes a text/csv body with the status column left out', async () => {
      const res = await t.http.post('/api/redirects/import').set('token', t.ownerToken).set('content-type', 'text/csv').send('to,from\n/b,/a\n');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ created: 1, updated: 0 });
      expect(await rows()).toEqual([{ from: '/a', to: '/b', status: 301, auto: false }]);
    });

    it('writes nothing from a file with bad lines and lists every problem by line', async () => {
      await create({ from: '/kept', to: '/here' });
      await cm.container({ title: 'Shop', slug: 'shop', published: true });
      const csv = [
        'from,to,status',
        '/fine,/ok',
        '/insecure,http://example.org/x',
        'no-slash,/ok,301',
        '/fine,/twice',
        '/weird,/ok,307',
        '/shop,/elsewhere',
        '/short-row',
        '/long-row,/ok,301,extra',
        '"/quoted, with comma",/ok',
      ].join('\n');
      const res = await importCsv(csv);
      expect(res.status).toBe(400);
      expect(res.body.lines).toEqual([
        'line 3: to: needs https:// for an address off the site (or a site address starting with /)',
        'line 4: from: must be a site address starting with / (like /old-page)',
        'line 5: from: /fine is on line 2 already (one redirect per address)',
        'line 6: status: must be 301 (permanent) or 302 (temporary)',
        'line 8: to: is required: a site address starting with / or an https:// URL',
        'line 9: has 4 cells where the header names 3',
      ]);
      expect(res.body.message).toMatch(/^Nothing was imported: 6 problems in the file\. line 3: to: needs https:\/\//);
      expect(await rows()).toEqual([{ from: '/kept', to: '/here', status: 301, auto: false }]);

      // Once the rows pass one by one, the published page and the loops are checked against the table.
      const second = await importCsv('from,to\n/shop,/elsewhere\n/here,/kept\n/fine,/ok\n');
      expect(second.status).toBe(400);
      expect(second.body.lines).toEqual(['line 2: from: a published page lives at /shop; a redirect from there would never be followed']);
      const third = await importCsv('from,to\n/fine,/ok\n/here,/kept\n');
      expect(third.status).toBe(400);
      expect(third.body.lines).toEqual(['line 3: to: would make a loop (/here → /kept → /here)']);
      expect(await rows()).toEqual([{ from: '/kept', to: '/here', status: 301, auto: false }]);
    });

    it.each([
      ['a bad header', 'source,target\n/a,/b\n', 400, /line 1: the header must name the columns from,to,status/],
      ['only a header', 'from,to,status\n', 400, /header but no redirect/],
      ['an empty file', '  \n', 400, /empty/],
      ['a quote never closed', 'from,to\n"/a,/b\n', 400, /line 2: a quoted cell is never closed/],
      ['a stray quote', 'from,to\n/a"b,/c\n', 400, /line 2: a quote inside a cell/],
    ])('answers %s with a 400 that says so', async (_label, csv, status, message) => {
      const res = await importCsv(csv);
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
      if (/line/.test(String(message))) expect(res.body).toMatchObject({ code: 'invalid-rows', lines: [expect.stringMatching(message)] });
    });

    it('refuses more than 10,000 rows, a file over 2 MB, a file that is not UTF-8 and a body that is neither multipart nor CSV', async () => {
      const many = ['from,to', ...Array.from({ length: 10_001 }, (_v, i) => `/r${i},/t`)].join('\n');
      const rowsRes = await importCsv(many);
      expect(rowsRes.status).toBe(400);
      expect(rowsRes.body.message).toMatch(/more than 10000 redirects/);
      const big = `from,to\n/a,/${'b'.repeat(1900)}\n`.repeat(1200);
      expect((await importCsv(big)).status).toBe(413);
      const bigBody = await t.http.post('/api/redirects/import').set('token', t.ownerToken).set('content-type', 'text/csv').send(big);
      expect(bigBody.status).toBe(413);
      const latin1 = await t.http
        .post('/api/redirects/import')
        .set('token', t.ownerToken)
        .attach('file', Buffer.from('from,to\n/caf\xe9,/b\n', 'latin1'), 'r.csv');
      expect(latin1.status).toBe(400);
      expect(latin1.body.message).toMatch(/UTF-8/);
      const json = await as().post('/api/redirects/import', { from: '/a', to: '/b' });
      expect(json.status).toBe(415);
      expect(await rows()).toEqual([]);
    });

    it('imports 10,000 rows in one go', async () => {
      const csv = ['from,to', ...Array.from({ length: 10_000 }, (_v, i) => `/bulk/${i},/target/${i % 10}`)].join('\n');
      const res = await importCsv(csv);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ created: 10_000, updated: 0 });
    }, 60_000);
  });

  describe('RedirectsService', () => {
    const service = () => t.app.get(RedirectsService);
    const move = (from: string, to: string) => t.dataSource.transaction((manager) => service().recordMoves(manager, [{ from, to }]));

    it('resolves an address, counts its hits and writes them on flush', async () => {
      const created = await create({ from: '/counted', to: '/target', status: 302 });
      expect(await service().resolve('/counted')).toEqual({ id: created.body.id, to: '/target', status: 302 });
      await service().resolve('/counted');
      expect(await service().resolve('/nothing-here')).toBeNull();
      await service().flushHits();
      const read = await as().get(`/api/redirects/${created.body.id}`);
      expect(read.body.hits).toBe(2);
      expect(Date.now() - Date.parse(read.body.lastUsedAt)).toBeLessThan(60_000);
    });

    it('records moves without chains: A→B then B→C gives A→C and B→C', async () => {
      await move('/a', '/b');
      await move('/b', '/c');
      expect(await rows()).toEqual([
        { from: '/a', to: '/c', status: 301, auto: true },
        { from: '/b', to: '/c', status: 301, auto: true },
      ]);
    });

    it('drops the loop when a page moves back to an address it had', async () => {
      await move('/a', '/b');
      await move('/b', '/a');
      expect(await rows()).toEqual([{ from: '/b', to: '/a', status: 301, auto: true }]);
    });

    it('drops the redirect from an address a page takes', async () => {
      await create({ from: '/landing', to: '/elsewhere' });
      await t.dataSource.transaction((manager) => service().addressesTaken(manager, ['/landing']));
      expect(await rows()).toEqual([]);
    });
  });
});

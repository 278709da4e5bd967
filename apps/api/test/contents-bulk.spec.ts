import { BULK_MAX_ITEMS, fieldValueOfCell, RightType, type ContainerFieldType, type ExportedContent } from '@cms/contracts';
import { contentStateSql } from '../src/contents/read-model/content-reads';
import { contentModel } from './support/content-model';
import { parseCsv } from './support/csv';
import { useTestApp } from './support/test-app';

/** Ten typed fields, as the bulk figures are measured with. */
const FIELDS = [
  { label: 'Name', name: 'name', type: 'STRING', required: true, min: 2 },
  { label: 'Summary', name: 'summary', type: 'PARAGRAPH' },
  { label: 'Body', name: 'body', type: 'RICHTEXT' },
  { label: 'Price', name: 'price', type: 'NUMBER', min: 0 },
  { label: 'Rank', name: 'rank', type: 'POSITION' },
  { label: 'On sale', name: 'onSale', type: 'BOOLEAN' },
  { label: 'Since', name: 'since', type: 'DATE' },
  { label: 'Size', name: 'size', type: 'OPTION', options: ['S', 'M', 'L'] },
  { label: 'Where', name: 'where', type: 'LOCATION' },
  { label: 'Tags', name: 'tags', type: 'STRING', multiple: true },
];

const fieldsOf = (n: number) => ({
  name: `Chair ${n}`,
  summary: `=SUM(A1) is not a formula here ${n}`,
  body: `<p>Body <strong>${n}</strong></p>`,
  price: 10 + n / 4,
  rank: n,
  onSale: n % 2 === 0,
  since: '2026-01-02',
  size: 'M',
  where: { lat: 45.5, lng: -73.25 },
  tags: ['new', `t${n}`],
});

describe('bulk create, import and export of contents', () => {
  const t = useTestApp();
  const cm = contentModel(t);
  const bulk = (body: unknown, query = '', token = t.ownerToken) =>
    t.http
      .post(`/api/contents/bulk${query}`)
      .set('token', token)
      .send(body as object);
  const count = async (containerId: number) =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM "content" WHERE "containerId" = $1`, [containerId]))[0].n as number;
  let shop: { id: number };
  let n = 0;
  const item = (more: Record<string, unknown> = {}) => {
    n += 1;
    return { title: `Chair ${n}`, containerId: shop.id, slug: `chair-${n}`, fields: fieldsOf(n), ...more };
  };

  beforeAll(async () => {
    shop = await cm.container({ title: 'Shop', slug: 'shop', fields: FIELDS });
  });

  it('creates every item in one request, with its typed fields, page, version and one audit entry', async () => {
    const items = [item({ published: true }), item(), item({ locales: { fr: { fields: { name: 'Chaise', tags: ['nouveau'] } } } })];
    const res = await bulk({ items });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ count: 3, dryRun: false });
    const ids = res.body.ids as number[];
    expect(ids).toHaveLength(3);

    // The read model answers them as single creates would be answered.
    const list = await cm.as().get(`/api/contents?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}&sort=["id","ASC"]`);
    expect(list.status).toBe(200);
    expect(list.body.map((c: { title: string }) => c.title)).toEqual(items.map((i) => i.title));
    expect(list.body[0]).toMatchObject({ published: true, path: `/shop/${items[0].slug}`, fields: { ...fieldsOf(n - 2), since: '2026-01-02T00:00:00.000Z' } });
    expect(list.body[1]).toMatchObject({ published: false, fields: { price: items[1].fields.price, tags: items[1].fields.tags } });
    const french = await cm.as().get(`/api/contents/${ids[2]}?locale=fr`);
    expect(french.body.fields).toMatchObject({ name: 'Chaise', tags: ['nouveau'], price: items[2].fields.price });
    expect(french.body.fallbackFields).toContain('price');
    expect((await cm.as().get(`/api/contents/${ids[2]}?locale=fr`)).body.path).toBe(`/shop/${items[2].slug}`);
    // A published one is a page of the site.
    expect((await t.http.get(`/api/pages?path=/shop/${items[0].slug}`)).status).toBe(200);

    const versions = await cm.as().get(`/api/contents/${ids[2]}/versions`);
    expect(versions.body).toHaveLength(1);
    expect(versions.body[0]).toMatchObject({ action: 'create', locales: ['en', 'fr'] });
    const version = await cm.as().get(`/api/contents/${ids[2]}/versions/${versions.body[0].id}`);
    expect(version.body.state.locales.fr.fields).toMatchObject({ name: 'Chaise' });
    // The bulk path builds the states of new contents in one pass: the same a single write keeps.
    for (const id of ids) {
      const [{ state }] = await t.dataSource.query(`SELECT ${contentStateSql('$1')}::jsonb AS state`, [id]);
      const [{ kept }] = await t.dataSource.query(`SELECT state AS kept FROM "record_version" WHERE resource = 'contents' AND "recordId" = $1`, [id]);
      expect(kept).toEqual(state);
    }

    const audit = await t.dataSource.query(`SELECT summary FROM "audit_entry" WHERE resource = 'contents' AND summary LIKE 'Created % in bulk%'`);
    expect(audit).toEqual([{ summary: `Created 3 contents in bulk: ids ${Math.min(...ids)} to ${Math.max(...ids)}` }]);
  });

  it('writes nothing when one item is wrong, and names each problem by index and field', async () => {
    const before = await count(shop.id);
    const items = [item(), item({ fields: { ...fieldsOf(1), price: 'cheap', size: 'XL' } }), item(), item({ title: '', fields: { name: 'x' } })];
    const res = await bulk({ items });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid-items');
    expect(res.body.itemErrors).toEqual(
      expect.arrayContaining([
        { index: 1, field: 'fields.price', message: 'must be a number' },
        { index: 1, field: 'fields.size', message: 'must be one of: S, M, L' },
        expect.objectContaining({ index: 3, field: 'title' }),
      ]),
    );
    expect(res.body.itemErrors.some((e: { index: number }) => e.index === 0 || e.index === 2)).toBe(false);
    expect(res.body.errors['items.1.fields.price']).toEqual(['must be a number']);
    expect(res.body.message).toMatch(/2 of 4 items refused, nothing was written/);
    expect(await count(shop.id)).toBe(before);

    // Field rules that need the database (a media that does not exist) are named as well.
    const gallery = await cm.container({ fields: [{ label: 'Photo', name: 'photo', type: 'IMAGE' }] });
    const media = await bulk({
      items: [
        { title: 'A', containerId: gallery.id },
        { title: 'B', containerId: gallery.id, fields: { photo: 999999 } },
      ],
    });
    expect(media.status).toBe(400);
    expect(media.body.itemErrors).toEqual([{ index: 1, field: 'fields.photo', message: 'media 999999 does not exist' }]);
    expect(await count(gallery.id)).toBe(0);
  });

  it('checks required fields and the container of each item', async () => {
    const res = await bulk({ items: [item({ fields: { price: 3 } }), { title: 'Lost', containerId: 999999 }, 7] });
    expect(res.status).toBe(400);
    expect(res.body.itemErrors).toEqual([
      { index: 0, field: 'fields.name', message: 'is required' },
      { index: 1, field: 'containerId', message: 'container 999999 does not exist' },
      { index: 2, field: '', message: 'must be an object: the body of one POST /api/contents' },
    ]);
  });

  it('refuses a slug another page has, and two items with the same slug', async () => {
    const taken = await bulk({ items: [item({ slug: 'taken-once' })] });
    expect(taken.status).toBe(201);
    const before = await count(shop.id);
    const res = await bulk({ items: [item({ slug: 'taken-once' }), item({ slug: 'twice' }), item({ slug: 'twice' })] });
    expect(res.status).toBe(409);
    expect(res.body.itemErrors).toEqual([
      { index: 0, field: 'slug', message: `makes the path /shop/taken-once (en), which content ${taken.body.ids[0]} has` },
      { index: 2, field: 'slug', message: 'makes the path /shop/twice (en), which item 1 makes too' },
    ]);
    const mixed = await bulk({ items: [item({ slug: 'Bad Slug' }), item({ slug: 'taken-once' })] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.itemErrors.map((e: { index: number; field: string }) => [e.index, e.field])).toEqual([
      [0, 'slug'],
      [1, 'slug'],
    ]);
    expect(await count(shop.id)).toBe(before);
  });

  it('takes from 1 to 1,000 items in { items }', async () => {
    const tooMany = await bulk({ items: Array.from({ length: BULK_MAX_ITEMS + 1 }, () => ({ title: 'x', containerId: shop.id })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('items must hold at most 1000 contents: send them in batches');
    const none = await bulk({ items: [] });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ items: ['items must hold at least one content'] });
    expect((await bulk([item()])).status).toBe(400);
    expect((await bulk({ items: [item()], extra: 1 })).status).toBe(400);
    expect((await bulk({ items: [item()] }, '?dryRun=maybe')).body.errors).toEqual({ dryRun: ['dryRun must be true or false'] });
    // Unknown properties of an item are refused as a create refuses them.
    const unknown = await bulk({ items: [item({ colour: 'red' })] });
    expect(unknown.body.itemErrors).toEqual([{ index: 0, field: 'colour', message: 'property colour should not exist' }]);
  });

  it('needs CREATE_CONTENT to create and VIEW_CONTENT to export', async () => {
    const reader = await t.userWithRights([RightType.VIEW_CONTENT]);
    const creator = await t.userWithRights([RightType.CREATE_CONTENT]);
    expect((await bulk({ items: [item()] }, '', reader.token)).status).toBe(403);
    expect((await t.http.post('/api/contents/bulk').send({ items: [item()] })).status).toBe(401);
    const made = await bulk({ items: [item()] }, '', creator.token);
    expect(made.status).toBe(201);
    expect((await cm.as().get(`/api/contents/${made.body.ids[0]}`)).body.updatedAt).toBeDefined();
    expect((await t.http.get(`/api/contents/export?containerId=${shop.id}`).set('token', creator.token)).status).toBe(403);
    expect((await t.http.get(`/api/contents/export?containerId=${shop.id}`).set('token', reader.token)).status).toBe(200);
  });

  it('writes the fields in ?locale=, other locales in locales, and checks required fields across them', async () => {
    const res = await bulk({ items: [item({ fields: { name: 'Chaise longue' }, locales: { en: { fields: { name: 'Deck chair' } } } })] }, '?locale=fr');
    expect(res.status).toBe(201);
    const [id] = res.body.ids;
    expect((await cm.as().get(`/api/contents/${id}?locale=fr`)).body.fields.name).toBe('Chaise longue');
    expect((await cm.as().get(`/api/contents/${id}`)).body.fields.name).toBe('Deck chair');

    // A French name alone: en has none, and a required field must be there in en.
    const wrong = await bulk(
      { items: [item({ fields: { name: 'Seule' } }), item({ fields: { name: 'OK' }, locales: { fr: { fields: {} }, de: { fields: {} } } })] },
      '?locale=fr',
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.itemErrors).toEqual([
      { index: 1, field: 'locales.fr', message: 'is the locale of ?locale=: give its values in fields' },
      { index: 1, field: 'locales.de', message: 'is not a locale: use en, fr, tr, es or it' },
    ]);
    const required = await bulk({ items: [item({ fields: { price: 1 }, locales: { fr: { fields: { name: 'Chaise', price: -1 } } } })] });
    expect(required.body.itemErrors).toEqual([
      { index: 0, field: 'fields.name', message: 'is required' },
      { index: 0, field: 'locales.fr.fields.price', message: 'must be at least 0' },
    ]);
    expect((await bulk({ items: [item()] }, '?locale=de')).status).toBe(400);
  });

  it('checks everything and writes nothing on a dry run', async () => {
    const before = await count(shop.id);
    const auditBefore = (await t.dataSource.query(`SELECT count(*)::int AS n FROM "audit_entry"`))[0].n;
    const ok = await bulk({ items: [item(), item()] }, '?dryRun=true');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ count: 2, ids: [], dryRun: true });
    const wrong = await bulk({ items: [item(), item({ fields: { name: 'x' } })] }, '?dryRun=true');
    expect(wrong.status).toBe(400);
    // As a single create says it: the value breaks its rule, so the required field has none.
    expect(wrong.body.itemErrors).toEqual([
      { index: 1, field: 'fields.name', message: 'must be at least 2 characters long' },
      { index: 1, field: 'fields.name', message: 'is required' },
    ]);
    expect(await count(shop.id)).toBe(before);
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM "audit_entry"`))[0].n).toBe(auditBefore);
  });

  it('writes the metadata an item carries, as a create does, and keeps it in the version', async () => {
    const res = await bulk({ items: [item({ metadata: [{ name: 'description', content: 'Imported with its metadata' }] }), item()] });
    expect(res.status).toBe(201);
    const [withMetadata] = res.body.ids;
    expect((await cm.as().get(`/api/contents/${withMetadata}`)).body.metadata).toEqual([{ name: 'description', content: 'Imported with its metadata' }]);
    const [{ state }] = await t.dataSource.query(`SELECT state FROM "record_version" WHERE resource = 'contents' AND "recordId" = $1`, [withMetadata]);
    expect(state.locales.en.metadata).toEqual([{ name: 'description', content: 'Imported with its metadata' }]);
  });

  it('creates contents of a drafts container as a create does: live, without a draft', async () => {
    const drafted = await cm.container({ drafts: true, fields: [{ label: 'N', name: 'n', type: 'NUMBER' }] });
    const res = await bulk({ items: [{ title: 'Live', containerId: drafted.id, fields: { n: 1 } }] });
    expect(res.status).toBe(201);
    expect((await cm.as().get(`/api/contents/${res.body.ids[0]}`)).body).toMatchObject({ hasDraft: false, drafts: true, fields: { n: 1 } });
  });

  it('is documented in OpenAPI with every answer it gives', async () => {
    type Operation = { responses: Record<string, { content?: Record<string, { schema: { type?: string; items?: { $ref?: string } } }> }> };
    const doc = (await t.http.get('/api/docs-json')).body as { paths: Record<string, Record<string, Operation>> };
    const bulkDoc = doc.paths['/api/contents/bulk'].post;
    expect(Object.keys(bulkDoc.responses).sort()).toEqual(['200', '201', '400', '401', '403', '409', '413']);
    expect(JSON.stringify(bulkDoc.responses['400'])).toContain('BulkRefusalDto');
    const exportDoc = doc.paths['/api/contents/export'].get;
    expect(exportDoc.responses['200'].content?.['text/csv'].schema.type).toBe('string');
    expect(exportDoc.responses['200'].content?.['application/json'].schema.items?.$ref).toContain('ExportedContentDto');
  });

  describe('export', () => {
    let source: { id: number };
    const exported = async (containerId: number, format: 'json' | 'csv') => {
      const res = await cm.as().get(`/api/contents/export?containerId=${containerId}&format=${format}`);
      expect(res.status).toBe(200);
      return res;
    };
    /** What two exports must share once their ids, containers and slugs are set aside. */
    const comparable = (items: ExportedContent[]) => items.map(({ id: _id, containerId: _containerId, ...rest }) => rest);

    beforeAll(async () => {
      source = await cm.container({ title: 'Source', slug: 'source', fields: FIELDS });
      const items = Array.from({ length: 3 }, (_, i) => ({
        title: i === 1 ? '@mention, "quoted"\nand two lines' : `Item ${i}`,
        containerId: source.id,
        slug: `item-${i}`,
        published: i === 0,
        fields: i === 2 ? { name: 'Only a name' } : fieldsOf(i),
        ...(i === 0 ? { locales: { fr: { fields: { name: 'Article', tags: ['un', 'deux'] } }, it: { fields: { price: 2.5 } } } } : {}),
      }));
      expect((await bulk({ items })).status).toBe(201);
    });

    it('answers every content in every locale as JSON that the bulk create takes back', async () => {
      const res = await exported(source.id, 'json');
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="source-\d{4}-\d{2}-\d{2}\.json"/);
      const items = JSON.parse(res.text) as ExportedContent[];
      expect(items).toHaveLength(3);
      expect(items[0]).toMatchObject({
        title: 'Item 0',
        slug: 'item-0',
        published: true,
        locales: { fr: { fields: { name: 'Article' } }, it: { fields: { price: 2.5 } } },
      });

      const copy = await cm.container({ title: 'Copy', slug: 'copy', fields: FIELDS });
      const again = await bulk({ items: items.map(({ id: _id, ...rest }) => ({ ...rest, containerId: copy.id })) });
      expect(again.status).toBe(201);
      const copied = JSON.parse((await exported(copy.id, 'json')).text) as ExportedContent[];
      expect(comparable(copied)).toEqual(comparable(items));
    });

    it('answers CSV, one row per content and a column per field and locale, that imports back as the same contents', async () => {
      const res = await exported(source.id, 'csv');
      expect(res.headers['content-type']).toContain('text/csv');
      const [header, ...rows] = parseCsv(res.text.replace(/^\uFEFF/, ''));
      expect(header).toEqual([
        'id',
        'title',
        'slug',
        'published',
        'status',
        ...FIELDS.map((f) => `fields.${f.name}`),
        ...FIELDS.map((f) => `locales.fr.fields.${f.name}`),
        ...FIELDS.map((f) => `locales.it.fields.${f.name}`),
      ]);
      expect(rows).toHaveLength(3);
      const at = (row: string[], column: string) => row[header.indexOf(column)];
      expect(at(rows[0], 'fields.tags')).toBe('["new","t0"]');
      expect(at(rows[0], 'fields.where')).toBe('{"lat":45.5,"lng":-73.25}');
      expect(at(rows[0], 'fields.summary')).toBe("'=SUM(A1) is not a formula here 0");
      expect(at(rows[1], 'title')).toBe('\'@mention, "quoted"\nand two lines');

      // What the Import screen does with the file: each cell read by its field's type.
      const types = new Map(FIELDS.map((f) => [f.name, { type: f.type as ContainerFieldType, multiple: f.multiple === true }]));
      const copy = await cm.container({ title: 'From CSV', slug: 'from-csv', fields: FIELDS });
      const items = rows.map((row) => {
        const body: Record<string, unknown> & { fields: Record<string, unknown>; locales: Record<string, { fields: Record<string, unknown> }> } = {
          containerId: copy.id,
          fields: {},
          locales: {},
        };
        header.forEach((column, i) => {
          const cell = row[i];
          const field = /^(?:locales\.(\w+)\.)?fields\.(\w+)$/.exec(column);
          if (field) {
            const { type, multiple } = types.get(field[2])!;
            const value = fieldValueOfCell(type, multiple, cell);
            if (value === null) return;
            if (field[1]) (body.locales[field[1]] ??= { fields: {} }).fields[field[2]] = value;
            else body.fields[field[2]] = value;
          } else if (column === 'title') body.title = cell.replace(/^'(?=[=+\-@])/, '');
          else if (column === 'slug' && cell) body.slug = cell;
          else if (column === 'published') body.published = cell === 'true';
          else if (column === 'status') body.status = cell;
        });
        return body;
      });
      const again = await bulk({ items });
      expect(again.status).toBe(201);
      const source_ = JSON.parse((await exported(source.id, 'json')).text) as ExportedContent[];
      const copied = JSON.parse((await exported(copy.id, 'json')).text) as ExportedContent[];
      expect(comparable(copied)).toEqual(comparable(source_));
    });

    it('refuses a missing container or format', async () => {
      expect((await cm.as().get('/api/contents/export')).body.errors).toEqual({ containerId: ['containerId must be given, as a positive whole number'] });
      expect((await cm.as().get('/api/contents/export?containerId=999999')).status).toBe(400);
      expect((await cm.as().get(`/api/contents/export?containerId=${source.id}&format=xml`)).body.errors).toEqual({
        format: ['format must be one of: csv, json'],
      });
    });

    it('streams a container of many contents in batches', async () => {
      const big = await cm.container({ title: 'Big', fields: [{ label: 'N', name: 'n', type: 'NUMBER' }] });
      const items = Array.from({ length: 1200 }, (_, i) => ({ title: `N ${i}`, containerId: big.id, fields: { n: i } }));
      expect((await bulk({ items: items.slice(0, 1000) })).status).toBe(201);
      expect((await bulk({ items: items.slice(1000) })).status).toBe(201);
      const all = JSON.parse((await exported(big.id, 'json')).text) as ExportedContent[];
      expect(all.map((c) => c.fields.n)).toEqual(items.map((i) => i.fields.n));
      const csv = parseCsv((await exported(big.id, 'csv')).text.replace(/^\uFEFF/, ''));
      expect(csv).toHaveLength(1201);
    });
  });
});

import { RightType } from '@cms/contracts';
import { RevalidationService, type RevalidationEvent } from '../src/revalidation/revalidation.service';
import { contentModel, countQueries, q } from './support/content-model';
import { createTestApp, type TestApp } from './support/test-app';

describe('contents API', () => {
  let t: TestApp;
  let cm: ReturnType<typeof contentModel>;
  let shop: { id: number };
  let people: { id: number };
  let image: number;
  let pdf: number;
  let video: number;
  let person: { id: number };
  const events: RevalidationEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    cm = contentModel(t);
    t.app.get(RevalidationService).subscribe((event) => events.push(event));
    image = await cm.media('image/jpeg');
    pdf = await cm.media('application/pdf');
    video = await cm.media('video/mp4');
    await cm.setting('optionLists', { countries: ['France', 'Italy'] });
    people = await cm.container({ title: 'People', fields: [{ label: 'Name', name: 'name', type: 'STRING' }] });
    person = await cm.content({ containerId: people.id, title: 'Ada' });
    shop = await cm.container({
      title: 'Shop',
      slug: 'shop',
      published: true,
      fields: [
        { label: 'Name', name: 'name', type: 'STRING', required: true, min: 2, max: 40 },
        { label: 'Summary', name: 'summary', type: 'PARAGRAPH' },
        { label: 'Body', name: 'body', type: 'RICHTEXT' },
        { label: 'Price', name: 'price', type: 'NUMBER', min: 0 },
        { label: 'Rank', name: 'rank', type: 'POSITION', min: 1, max: 10 },
        { label: 'On sale', name: 'onSale', type: 'BOOLEAN' },
        { label: 'Since', name: 'since', type: 'DATE' },
        { label: 'Website', name: 'website', type: 'LINK' },
        { label: 'Size', name: 'size', type: 'OPTION', options: ['S', 'M', 'L'] },
        { label: 'Country', name: 'country', type: 'ZOHOOPTIONS', zohoOptionsKey: 'countries' },
        { label: 'Colour', name: 'colour', type: 'COLOR' },
        { label: 'Where', name: 'where', type: 'LOCATION' },
        { label: 'Hours', name: 'hours', type: 'TIMERANGE' },
        { label: 'Photo', name: 'photo', type: 'IMAGE' },
        { label: 'Manual', name: 'manual', type: 'FILE' },
        { label: 'Clip', name: 'clip', type: 'VIDEO' },
        { label: 'Designer', name: 'designer', type: 'CONTENT', linkedContainerId: people.id },
        { label: 'Tags', name: 'tags', type: 'STRING', multiple: true, min: 1, max: 3 },
      ],
    });
  });
  afterAll(() => t.close());

  const valid = () => ({
    name: 'Chair',
    summary: 'A chair.',
    body: '<p>Sit <strong>well</strong></p>',
    price: 12.5,
    rank: 2,
    onSale: false,
    since: '2024-02-29',
    website: 'https://example.com/chair',
    size: 'M',
    country: 'Italy',
    colour: '#a0b1c2',
    where: { lat: 45.4, lng: 9.2 },
    hours: { start: '09:00', end: '17:30' },
    photo: image,
    manual: pdf,
    clip: video,
    designer: person.id,
    tags: ['wood', 'oak'],
  });

  it('stores a value of every field type and reads it back', async () => {
    const res = await cm.as().post('/api/contents', { title: 'Chair', containerId: shop.id, fields: valid() });
    expect(res.status).toBe(201);
    expect(res.body.fields).toEqual({ ...valid(), colour: '#A0B1C2', since: '2024-02-29T00:00:00.000Z' });
    expect(res.body).toMatchObject({ containerId: shop.id, locale: 'en', fallbackFields: [], published: false, status: 'AVAILABLE' });
    const rows = await t.dataSource.query(`SELECT name, position FROM content_field WHERE "contentId" = $1 AND name = 'tags' ORDER BY position`, [res.body.id]);
    expect(rows).toEqual([
      { name: 'tags', position: 0 },
      { name: 'tags', position: 1 },
    ]);
  });

  it.each([
    ['a number as text', { name: 42 }, 'fields.name', /must be a string/],
    ['text shorter than min', { name: 'A' }, 'fields.name', /at least 2 characters/],
    ['text longer than max', { name: 'x'.repeat(41) }, 'fields.name', /at most 40 characters/],
    ['a negative price', { price: -1 }, 'fields.price', /^must be at least 0$/],
    ['text as a number', { price: '12' }, 'fields.price', /must be a number/],
    ['a fractional position', { rank: 1.5 }, 'fields.rank', /whole number/],
    ['a position above max', { rank: 11 }, 'fields.rank', /at most 10/],
    ['a string as a boolean', { onSale: 'yes' }, 'fields.onSale', /true or false/],
    ['a date that does not exist', { since: '2023-02-29' }, 'fields.since', /date/],
    ['a javascript: link', { website: 'javascript:alert(1)' }, 'fields.website', /URL/],
    ['an option not offered', { size: 'XL' }, 'fields.size', /one of: S, M, L/],
    ['a country not in the option list', { country: 'Spain' }, 'fields.country', /countries/],
    ['a colour without #', { colour: 'a0b1c2' }, 'fields.colour', /#RRGGBB/],
    ['a latitude out of range', { where: { lat: 91, lng: 0 } }, 'fields.where', /lat must be/],
    ['a location with extra keys', { where: { lat: 1, lng: 2, alt: 3 } }, 'fields.where', /lat, lng/],
    ['a time range ending before it starts', { hours: { start: '18:00', end: '09:00' } }, 'fields.hours', /start must be before end/],
    ['a time range mixing kinds', { hours: { start: '09:00', end: '2024-01-01T10:00:00Z' } }, 'fields.hours', /both/],
    ['a missing media', { photo: 999999 }, 'fields.photo', /media 999999 does not exist/],
    ['a PDF as an image', { photo: 0 }, 'fields.photo', /not image/],
    ['a missing content', { designer: 999999 }, 'fields.designer', /content 999999 does not exist/],
    ['a content of another container', { designer: -1 }, 'fields.designer', /not in container/],
    ['a single value for a multiple field', { tags: 'wood' }, 'fields.tags', /must be a list/],
    ['too many items', { tags: ['a', 'b', 'c', 'd'] }, 'fields.tags', /at most 3 items/],
    ['a list for a single field', { name: ['a', 'b'] }, 'fields.name', /single value/],
    ['an unknown field name', { colour2: '#000000' }, 'fields.colour2', /not a field/],
  ])('answers 400 naming the field and the rule for %s', async (_label, override, path, rule) => {
    const fields: Record<string, unknown> = { ...valid(), ...override };
    if (fields.photo === 0) fields.photo = pdf;
    if (fields.designer === -1) {
      const other = await cm.content({ containerId: shop.id, title: 'Other', fields: { name: 'Other', tags: ['x'] } });
      fields.designer = other.id;
    }
    const res = await cm.as().post('/api/contents', { title: 'Bad', containerId: shop.id, fields });
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
    expect(res.body.errors[path]).toEqual(expect.arrayContaining([expect.stringMatching(rule)]));
  });

  it('requires required fields and counts items of multiple fields against min', async () => {
    const res = await cm.as().post('/api/contents', { title: 'Bad', containerId: shop.id, fields: { price: 1, tags: [] } });
    expect(res.status).toBe(400);
    expect(res.body.errors['fields.name']).toEqual(['is required']);
  });

  it('sanitises rich text: no scripts, event handlers or javascript: URLs', async () => {
    const content = await cm.content({
      containerId: shop.id,
      fields: {
        name: 'Lamp',
        tags: ['x'],
        body: '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://ok.test" target="_blank">ok</a><img src=x onerror=alert(1)></p>',
      },
    });
    expect(content.fields.body).toBe('<p>Hi <a>x</a> <a href="https://ok.test" target="_blank" rel="noopener noreferrer">ok</a><img src="x" /></p>');
  });

  it('reads a locale field by field, falling back to en and naming the fields that fell back', async () => {
    const content = await cm.content({ containerId: shop.id, fields: { name: 'Table', summary: 'A table.', price: 100, tags: ['oak'] } });
    const saved = await cm.as().put(`/api/contents/${content.id}?locale=fr`, { fields: { name: 'Table (fr)', tags: ['chêne', 'bois'] } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      locale: 'fr',
      fields: { name: 'Table (fr)', summary: 'A table.', price: 100, tags: ['chêne', 'bois'] },
    });
    expect(saved.body.fallbackFields.sort()).toEqual(['price', 'summary']);
    const en = await cm.as().get(`/api/contents/${content.id}`);
    expect(en.body.fields).toEqual({ name: 'Table', summary: 'A table.', price: 100, tags: ['oak'] });
    // null clears the locale's own value: it falls back again.
    const cleared = await cm.as().put(`/api/contents/${content.id}?locale=fr`, { fields: { name: null } });
    expect(cleared.body.fields.name).toBe('Table');
    expect(cleared.body.fallbackFields).toContain('name');
    // en may not drop a required value, whatever the other locales hold.
    expect((await cm.as().put(`/api/contents/${content.id}`, { fields: { name: null } })).status).toBe(400);
  });

  it('lets another locale leave a required field to en, but not when en has none', async () => {
    const res = await cm.as().post('/api/contents?locale=it', { title: 'Sedia', containerId: shop.id, fields: { tags: ['x'] } });
    expect(res.status).toBe(400);
    expect(res.body.errors['fields.name'][0]).toMatch(/required/);
  });

  it('leaves the previous version whole when a write is refused, even after its fields were written', async () => {
    await cm.content({ containerId: shop.id, slug: 'taken', fields: { name: 'Taken', tags: ['x'] } });
    const content = await cm.content({ containerId: shop.id, title: 'Stool', slug: 'stool', fields: { name: 'Stool', price: 10, tags: ['x'] } });
    const before = (await cm.as().get(`/api/contents/${content.id}`)).body;

    const invalid = await cm.as().put(`/api/contents/${content.id}`, { title: 'Changed', fields: { name: 'Changed', price: -5 } });
    expect(invalid.status).toBe(400);
    // The slug collision is found after the title and fields are written: all of it rolls back.
    const collision = await cm.as().put(`/api/contents/${content.id}`, {
      title: 'Changed',
      slug: 'taken',
      fields: { name: 'Changed', price: 20 },
      metadata: [{ name: 'description', content: 'new' }],
    });
    expect(collision.status).toBe(409);
    const after = (await cm.as().get(`/api/contents/${content.id}`)).body;
    expect(after).toEqual(before);
  });

  it('refuses to move a content to another container and refuses sections when the container disables them', async () => {
    const content = await cm.content({ containerId: shop.id, fields: { name: 'Bench', tags: ['x'] } });
    const move = await cm.as().put(`/api/contents/${content.id}`, { containerId: people.id });
    expect(move.status).toBe(400);
    expect(move.body.errors).toHaveProperty(['containerId']);
    const bare = await cm.container({ disableContentSections: true });
    const res = await cm.as().post('/api/contents', { title: 'X', containerId: bare.id, sections: [{ block: 'richtext', content: { html: '<p>x</p>' } }] });
    expect(res.status).toBe(400);
    expect(res.body.errors.sections[0]).toMatch(/disables sections/);
    expect((await cm.as().post('/api/contents', { title: 'X', containerId: 999999 })).status).toBe(400);
  });

  it('lists contents of a container sorted by updatedAt with their fields, in the ra dialect', async () => {
    const list = await cm.container({ fields: [{ label: 'N', name: 'n', type: 'NUMBER' }] });
    for (let i = 0; i < 4; i++) await cm.content({ containerId: list.id, title: `Row ${i}`, fields: { n: i } });
    const res = await cm.as().get(`/api/contents?filter=${q({ containerId: list.id })}&sort=${q(['updatedAt', 'DESC'])}&range=${q([0, 2])}&locale=fr`);
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('contents 0-2/4');
    expect(res.body.map((c: { title: string }) => c.title)).toEqual(['Row 3', 'Row 2', 'Row 1']);
    expect(res.body[0]).toMatchObject({ locale: 'fr', fields: { n: 3 }, fallbackFields: ['n'], containerId: list.id });
    const many = await cm.as().get(`/api/contents?filter=${q({ id: [res.body[0].id, res.body[1].id] })}`);
    expect(many.body).toHaveLength(2);
  });

  it('sorts by title as people read it, whatever the case, with the same order inside every window', async () => {
    const list = await cm.container({});
    for (const title of ['b', 'A', 'c', 'B2']) await cm.content({ containerId: list.id, title });
    const page = async (order: string, range: [number, number]) =>
      (await cm.as().get(`/api/contents?filter=${q({ containerId: list.id })}&sort=${q(['title', order])}&range=${q(range)}`)).body.map(
        (c: { title: string }) => c.title,
      );
    expect(await page('ASC', [0, 3])).toEqual(['A', 'b', 'B2', 'c']);
    // Window by window, the pages follow the whole list (one expression cuts the ids and orders the rows).
    expect([...(await page('ASC', [0, 1])), ...(await page('ASC', [2, 3]))]).toEqual(['A', 'b', 'B2', 'c']);
    expect([...(await page('DESC', [0, 0])), ...(await page('DESC', [1, 2])), ...(await page('DESC', [3, 3]))]).toEqual(['c', 'B2', 'b', 'A']);
  });

  it('lists the same fields as a single read, for every field type, through writes in several locales', async () => {
    // The list, the single read and the page read answer from the read rows kept by triggers
    // (content_read): they must follow whatever writes or cascades touched the field rows, and the
    // list and the single read agree byte for byte.
    const designer = await cm.content({ containerId: people.id, title: 'Gio' });
    // PostgreSQL writes the list's JSON, Node the single read's: a title with every kind of character to escape.
    const title = 'Lamp "Ø" \\ \n\t\u0001 😀 </script> \u2028';
    const created = await cm.as().post('/api/contents', { title, slug: 'lamp', containerId: shop.id, fields: { ...valid(), designer: designer.id } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const same = async (locale: string) => {
      const one = await cm.as().get(`/api/contents/${id}?locale=${locale}`);
      const listed = await cm.as().get(`/api/contents?filter=${q({ id: [id] })}&locale=${locale}`);
      expect(listed.status).toBe(200);
      expect(listed.body).toHaveLength(1);
      expect(listed.body[0].fields).toEqual(one.body.fields);
      expect(JSON.stringify(listed.body[0].fields)).toBe(JSON.stringify(one.body.fields));
      expect(listed.body[0].fallbackFields).toEqual(one.body.fallbackFields);
      const summaryKeys = [
        'id',
        'title',
        'containerId',
        'published',
        'status',
        'slug',
        'path',
        'updatedAt',
        'locale',
        'hasDraft',
        'publishedAt',
        'publishAt',
        'unpublishAt',
        'fallbackFields',
        'fields',
      ];
      expect(JSON.stringify(listed.body[0])).toBe(JSON.stringify(Object.fromEntries(summaryKeys.map((key) => [key, one.body[key]]))));
      expect(listed.body[0]).toMatchObject({ id, title, locale, containerId: shop.id, path: expect.stringMatching(/\/lamp$/) });
      return listed.body[0];
    };
    expect((await same('en')).fields).toEqual({ ...valid(), designer: designer.id, colour: '#A0B1C2', since: '2024-02-29T00:00:00.000Z' });
    expect((await same('fr')).fallbackFields.length).toBe(Object.keys(valid()).length);
    // Own values in fr, a cleared one, and an emptied multiple field.
    const fr = await cm.as().put(`/api/contents/${id}?locale=fr`, {
      fields: { name: 'Lampe', price: 0, onSale: true, since: '1999-12-31', where: { lat: -1.5, lng: 2 }, tags: ['chêne'], summary: null },
    });
    expect(fr.status).toBe(200);
    const listedFr = await same('fr');
    expect(listedFr.fields).toMatchObject({ name: 'Lampe', price: 0, onSale: true, tags: ['chêne'], summary: 'A chair.' });
    expect(listedFr.fallbackFields).not.toContain('name');
    await same('it');
    // A write in en changes what every other locale takes from it (their documents are rewritten).
    expect((await cm.as().put(`/api/contents/${id}?locale=en`, { fields: { summary: 'A lamp.', name: 'Lamp' } })).status).toBe(200);
    expect((await same('fr')).fields).toMatchObject({ name: 'Lampe', summary: 'A lamp.' });
    expect((await same('it')).fields).toMatchObject({ name: 'Lamp', summary: 'A lamp.' });
    // The database itself nulls a reference to a deleted content (ON DELETE SET NULL).
    expect((await cm.as().delete(`/api/contents/${designer.id}`)).status).toBe(200);
    expect((await same('en')).fields.designer).toBeNull();
    expect((await same('fr')).fields.designer).toBeNull();
    // Clearing a locale entirely drops its document: the list falls back to en for every field.
    await t.dataSource.query(`DELETE FROM content_field WHERE "contentId" = $1 AND lang = 'fr'`, [id]);
    expect((await same('fr')).fields.name).toBe('Lamp');
    expect(await t.dataSource.query(`SELECT 1 FROM content_document WHERE "contentId" = $1 AND lang = 'fr'`, [id])).toEqual([]);
    // Dropping en's document leaves the other locales with their own values and nothing taken from en.
    expect((await cm.as().put(`/api/contents/${id}?locale=fr`, { fields: { name: 'Lampe' } })).status).toBe(200);
    await t.dataSource.query(`DELETE FROM content_field WHERE "contentId" = $1 AND lang = 'en'`, [id]);
    expect(await same('fr')).toMatchObject({ fields: { name: 'Lampe' }, fallbackFields: [] });
    expect(await same('en')).toMatchObject({ fields: {}, fallbackFields: [] });
  });

  it('writes each document once when en and other locales change in one statement, and leaves unchanged ones alone', async () => {
    // An import writes every locale's field rows in one statement: fr's document must take en's new
    // values, written once (a second write leaves a dead row in the read model the reads scan).
    const box = await cm.container({
      fields: [
        { label: 'A', name: 'a', type: 'STRING' },
        { label: 'B', name: 'b', type: 'STRING' },
      ],
    });
    const { id } = await cm.content({ containerId: box.id });
    // The documents a statement writes, from a row trigger that lives as long as the transaction.
    const documentWrites = (sql: string) =>
      t.dataSource.transaction(async (m) => {
        await m.query(`CREATE TEMP TABLE document_writes (op text, lang lang) ON COMMIT DROP`);
        await m.query(
          `CREATE FUNCTION test_document_written() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO document_writes VALUES (TG_OP, NEW.lang); RETURN NULL; END $$`,
        );
        await m.query(`CREATE TRIGGER test_document_written AFTER INSERT OR UPDATE ON content_document FOR EACH ROW EXECUTE FUNCTION test_document_written()`);
        await m.query(sql, [id]);
        const rows: { op: string; lang: string }[] = await m.query(`SELECT op, lang FROM document_writes ORDER BY lang, op`);
        await m.query(`DROP TRIGGER test_document_written ON content_document`);
        await m.query(`DROP FUNCTION test_document_written()`);
        return rows.map((r) => `${r.op} ${r.lang}`);
      });
    const imported = await documentWrites(
      `INSERT INTO content_field (name, type, "contentId", lang, "textValue") VALUES ('a', 'STRING', $1, 'en', 'A en'), ('b', 'STRING', $1, 'en', 'B en'), ('a', 'STRING', $1, 'fr', 'A fr')`,
    );
    expect(imported).toEqual(['INSERT en', 'INSERT fr']);
    const fr = await cm.as().get(`/api/contents/${id}?locale=fr`);
    expect(fr.body).toMatchObject({ fields: { a: 'A fr', b: 'B en' }, fallbackFields: ['b'] });
    // An en write that changes only what fr overrides rewrites en's document, not fr's.
    expect(await documentWrites(`UPDATE content_field SET "textValue" = 'A en 2' WHERE "contentId" = $1 AND lang = 'en' AND name = 'a'`)).toEqual([
      'UPDATE en',
    ]);
    expect((await cm.as().get(`/api/contents/${id}?locale=fr`)).body.fields).toEqual({ a: 'A fr', b: 'B en' });
    expect((await cm.as().get(`/api/contents/${id}?locale=en`)).body.fields).toEqual({ a: 'A en 2', b: 'B en' });
    // A change of en that fr takes still reaches fr.
    await t.dataSource.query(`UPDATE content_field SET "textValue" = 'B en 2' WHERE "contentId" = $1 AND lang = 'en' AND name = 'b'`, [id]);
    expect((await cm.as().get(`/api/contents/${id}?locale=fr`)).body.fields).toEqual({ a: 'A fr', b: 'B en 2' });
  });

  it('answers an empty page past the end and an empty list for a container without contents', async () => {
    const empty = await cm.container({ fields: [{ label: 'N', name: 'n', type: 'NUMBER' }] });
    const res = await cm.as().get(`/api/contents?filter=${q({ containerId: empty.id })}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers['content-range']).toBe('contents */0');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const past = await cm.as().get(`/api/contents?filter=${q({ containerId: shop.id })}&range=${q([5000, 5024])}`);
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
  });

  it('keeps list totals exact through creates and deletes, for one container, several and all', async () => {
    const a = await cm.container({});
    const b = await cm.container({});
    const total = async (filter: object) => (await cm.as().get(`/api/contents?filter=${q(filter)}&range=${q([0, 0])}`)).headers['content-range'];
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await cm.content({ containerId: a.id }));
    await cm.content({ containerId: b.id });
    const everything = Number((await total({})).split('/')[1]);
    expect(await total({ containerId: a.id })).toBe('contents 0-0/3');
    expect(await total({ containerId: [a.id, b.id, a.id] })).toBe('contents 0-0/4');
    await cm.as().delete(`/api/contents/${made[0].id}`);
    expect(await total({ containerId: a.id })).toBe('contents 0-0/2');
    expect(await total({})).toBe(`contents 0-0/${everything - 1}`);
    expect(await total({ containerId: a.id, published: true })).toBe('contents */0');
    expect((await cm.as().get(`/api/contents?filter=${q({ containerId: a.id })}&range=${q([5, 9])}`)).headers['content-range']).toBe('contents */2');
  });

  it('keeps totals filtered by published and status exact, from the kept counts, through every kind of write', async () => {
    const c = await cm.container({});
    const d = await cm.container({});
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await cm.content({ containerId: c.id, published: i % 2 === 0, status: i === 4 ? 'DISCONTINUED' : 'AVAILABLE' }));
    await cm.content({ containerId: d.id, published: true });
    await cm.as().put(`/api/contents/${made[1].id}`, { published: true });
    await cm.as().put(`/api/contents/${made[0].id}`, { status: 'DISCONTINUED' });
    await cm.as().delete(`/api/contents/${made[2].id}`);
    // Straight in the database too: the counts are kept by triggers, not by the API.
    await t.dataSource.query(`UPDATE content SET published = false WHERE id = $1`, [made[3].id]);
    const filters: Record<string, unknown>[] = [
      { containerId: c.id, published: true },
      { containerId: c.id, published: false },
      { containerId: c.id, status: 'DISCONTINUED' },
      { containerId: c.id, published: true, status: ['AVAILABLE', 'DISCONTINUED'] },
      { containerId: [c.id, d.id], published: true },
      { containerId: c.id, published: [] },
      { published: true },
    ];
    for (const filter of filters) {
      const list = (v: unknown) => (v === undefined ? null : ([] as unknown[]).concat(v));
      const [{ n }] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM content WHERE ($1::int[] IS NULL OR "containerId" = ANY($1::int[]))
           AND ($2::boolean[] IS NULL OR published = ANY($2::boolean[])) AND ($3::text[] IS NULL OR status::text = ANY($3::text[]))`,
        [list(filter.containerId), list(filter.published), list(filter.status)],
      );
      const { result, queries } = await countQueries(t, () => cm.as().get(`/api/contents?filter=${q(filter)}&range=${q([0, 0])}`));
      expect(Number(result.headers['content-range'].split('/')[1])).toBe(n);
      expect(queries.some((sql) => /count\(\*\)/.test(sql))).toBe(false);
    }
    expect(Number((await cm.as().get(`/api/contents?filter=${q({ containerId: c.id, published: true })}`)).headers['content-range'].split('/')[1])).toBe(3);
  });

  it.each([
    [`sort=${q(['price', 'ASC'])}`, /Cannot sort/],
    [`filter=${q({ price: 1 })}`, /Cannot filter/],
    [`filter=${q({ containerId: 'shop' })}`, /integer/],
    ['locale=de', /locale/],
  ])('answers 400 for the list query %s', async (query, message) => {
    const res = await cm.as().get(`/api/contents?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('searches title and text fields in the locale with full-text search, by word prefixes', async () => {
    const c = await cm.container({
      fields: [
        { label: 'Body', name: 'body', type: 'RICHTEXT' },
        { label: 'Code', name: 'code', type: 'STRING' },
      ],
    });
    const a = await cm.content({ containerId: c.id, title: 'Walnut desk', fields: { body: '<p>Handmade in <em>Lyon</em></p>' } });
    const b = await cm.content({ containerId: c.id, title: 'Pine shelf', fields: { code: 'scandinavian' } });
    await cm.as().put(`/api/contents/${b.id}?locale=fr`, { fields: { code: 'étagère nordique' } });
    const search = async (text: string, locale = 'en') =>
      (await cm.as().get(`/api/contents?filter=${q({ containerId: c.id, q: text })}&locale=${locale}`)).body.map((r: { id: number }) => r.id).sort();
    expect(await search('walnut')).toEqual([a.id]);
    expect(await search('lyo hand')).toEqual([a.id]);
    expect(await search('scandi')).toEqual([b.id]);
    expect(await search('nordique', 'fr')).toEqual([b.id]);
    expect(await search('nordique', 'en')).toEqual([]);
    // fr has its own value of `code`, so en's no longer matches in fr; a locale without one reads en's.
    expect(await search('scandi', 'fr')).toEqual([]);
    expect(await search('scandi', 'es')).toEqual([b.id]);
    expect(await search('em')).toEqual([]);
    expect(await search('!!!')).toEqual([]);
  });

  it('answers the search from the GIN indexes, not by scanning every row', async () => {
    const plan: { 'QUERY PLAN': string }[] = await t.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      return manager.query(
        `EXPLAIN SELECT "contentId" FROM content_field WHERE type IN ('STRING', 'PARAGRAPH', 'RICHTEXT') AND to_tsvector('simple'::regconfig, COALESCE("textValue", '')) @@ to_tsquery('simple', 'walnut:*')
         UNION SELECT id FROM content WHERE to_tsvector('simple'::regconfig, "title") @@ to_tsquery('simple', 'walnut:*')`,
      );
    });
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/IDX_content_field_text_fts/);
    expect(text).toMatch(/IDX_content_title_fts/);
  });

  it('enforces VIEW_, CREATE_, UPDATE_ and DELETE_CONTENT', async () => {
    const content = await cm.content({ containerId: shop.id, fields: { name: 'Sofa', tags: ['x'] } });
    const viewer = await t.userWithRights([RightType.VIEW_CONTENT]);
    expect((await cm.as(viewer.token).get('/api/contents')).status).toBe(200);
    expect((await cm.as(viewer.token).get(`/api/contents/${content.id}`)).status).toBe(200);
    const create = await cm.as(viewer.token).post('/api/contents', { title: 'X', containerId: shop.id });
    expect(create.status).toBe(403);
    expect(create.body.message).toMatch(/CREATE_CONTENT/);
    expect((await cm.as(viewer.token).put(`/api/contents/${content.id}`, { title: 'Y' })).status).toBe(403);
    expect((await cm.as(viewer.token).delete(`/api/contents/${content.id}`)).status).toBe(403);
    const other = await t.userWithRights([RightType.VIEW_CONTAINER]);
    expect((await cm.as(other.token).get('/api/contents')).status).toBe(403);
  });

  it('deletes a content and answers it; emits revalidation for its page and the pages that list its container', async () => {
    const lister = await cm.container({ slug: 'latest', published: true, sections: [{ block: 'contents', containerContentId: shop.id }] });
    const content = await cm.content({ containerId: shop.id, slug: 'sofa', published: true, fields: { name: 'Sofa', tags: ['x'] } });
    events.length = 0;
    await cm.as().put(`/api/contents/${content.id}?locale=es`, { fields: { name: 'Sofá' } });
    expect(events).toEqual([{ scope: 'paths', paths: expect.arrayContaining(['/shop/sofa', '/latest']), locales: ['es'] }]);
    events.length = 0;
    const deleted = await cm.as().delete(`/api/contents/${content.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: content.id, path: '/shop/sofa' });
    expect(events).toEqual([{ scope: 'paths', paths: expect.arrayContaining(['/shop/sofa', '/latest']), locales: ['en', 'fr', 'tr', 'es', 'it'] }]);
    expect((await cm.as().get(`/api/contents/${content.id}`)).status).toBe(404);
    expect(lister.id).toEqual(expect.any(Number));
  });
});

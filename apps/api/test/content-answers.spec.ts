/**
 * The content API's answers, byte for byte: what GET /api/contents (list and one), and the public
 * page read GET /api/pages answer for a fixed set of data, in every locale, compared with the
 * golden file fixtures/content-answers.golden.json. It guards a rewrite of how contents are read
 * (ContentsService list/get, PagesService, the content_document read model): the same data must
 * give the same bytes, key order, spacing, escaping and number and date formats included.
 *
 * The data covers a field of every type of FIELD_TYPES (single, and some `multiple`), CONTENT
 * and media references, en values with fr values for some fields (the others fall back), none in
 * tr and a few in es and it, slugs, PAGE sections and metadata in some locales, a container page
 * and a listing page. Its ids are made stable (each table's sequence starts at a fixed number), so
 * the answers are compared as they are; only the times the run wrote (`updatedAt`) are replaced by
 * `<run-time>`, matched exactly as toISOString writes them. The bodies are the raw text
 * (`res.text`), never parsed and written again.
 *
 * The golden file is written only on request, after a change of answers that is meant (review its
 * diff before committing it):
 *   UPDATE_GOLDEN=1 node --experimental-vm-modules node_modules/jest/bin/jest.js -c apps/api/jest.config.cjs apps/api/test/content-answers.spec.ts
 * It must give the same file on the embedded PGlite and on a PostgreSQL server (DATABASE_URL).
 */
import { FIELD_TYPES, LANGS } from '@cms/contracts';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { contentModel, q } from './support/content-model';
import { createTestApp, type TestApp } from './support/test-app';

const GOLDEN = path.join(__dirname, 'fixtures', 'content-answers.golden.json');

/** The first id of each table whose ids the answers show: ids are data, and the same on every database. */
const FIRST_IDS: Record<string, number> = {
  container: 100,
  container_field: 200,
  content: 300,
  media: 400,
  slug: 500,
  section: 600,
  metadata: 700,
  form: 800,
  form_field: 900,
  element: 1000,
  access: 1100,
};

/** The headers of an answer that carry data; the others (date, etag, lengths) follow from the body or the clock. */
const KEPT_HEADERS = ['content-type', 'content-range', 'cache-control'];

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const ISO_TIME = /"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)"/g;

/** The body with the times written during the run (from `since` on) replaced: every other byte as answered. */
function withoutRunTimes(body: string, since: number): string {
  return body.replace(ISO_TIME, (quoted, time: string) => (Date.parse(time) >= since ? '"<run-time>"' : quoted));
}

/** Where two texts first differ, with some text around it: a readable failure for one-line JSON bodies. */
function firstDifference(expected: string, actual: string): string {
  let at = 0;
  while (at < expected.length && expected[at] === actual[at]) at++;
  const around = (text: string) => text.slice(Math.max(0, at - 50), at + 50);
  return `body from character ${at}: expected …${around(expected)}… got …${around(actual)}…`;
}

/** What differs between the golden answer and this one, one line each. */
function differences(golden: Answer, answer: Answer): string[] {
  const found: string[] = [];
  if (answer.status !== golden.status) found.push(`status ${golden.status} → ${answer.status}`);
  const [before, after] = [JSON.stringify(golden.headers), JSON.stringify(answer.headers)];
  if (after !== before) found.push(`headers ${before} → ${after}`);
  if (answer.body !== golden.body) found.push(firstDifference(golden.body, answer.body));
  return found;
}

describe('content answers: byte-identical to the golden file', () => {
  let t: TestApp;
  let cm: ReturnType<typeof contentModel>;
  let runStart: number;
  /** Every content, by name: each is read one by one. */
  const contentIds: Record<string, number> = {};
  let shopId: number;
  let peopleId: number;

  beforeAll(async () => {
    // A second early: the database's clock and Node's are the machine's, but now() is taken at a transaction's start.
    runStart = Date.now() - 1000;
    t = await createTestApp();
    cm = contentModel(t);
    for (const [table, first] of Object.entries(FIRST_IDS)) {
      await t.dataSource.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), $2, false)`, [`"${table}"`, first]);
    }
    /** A write of the data as the owner, refused loudly: the golden file is only worth the data it was made from. */
    const write = async (method: 'post' | 'put', url: string, body: object) => {
      const res = await cm.as()[method](url, body);
      if (res.status >= 300) throw new Error(`${method.toUpperCase()} ${url}: ${res.status} ${res.text}`);
      return res;
    };
    const media = async (uri: string, mimeType: string, alt: Record<string, string>) => {
      const [row] = await t.dataSource.query(
        `INSERT INTO "media" (uri, "mimeType", name, size, alt, width, height) VALUES ($1, $2, $3, 2048, $4, 640, 480) RETURNING id`,
        [uri, mimeType, path.basename(uri), JSON.stringify(alt)],
      );
      return row.id as number;
    };
    const photo = await media('golden/chair.jpg', 'image/jpeg', { en: 'A chair', fr: 'Une chaise' });
    const portrait = await media('golden/ada.png', 'image/png', { en: 'Ada' });
    const manual = await media('golden/manual.pdf', 'application/pdf', {});
    const clip = await media('golden/clip.mp4', 'video/mp4', { en: 'A clip', es: 'Un vídeo' });
    const formId = await cm.form([
      { name: 'email', lang: 'en', label: 'E-mail' },
      { name: 'email', lang: 'fr', label: 'Courriel' },
    ]);
    await cm.setting('optionLists', { countries: ['France', 'Italy'] });
    await cm.setting('primaryColor', '#112233');
    await write('post', '/api/roles', { id: 'members', name: 'Members', rights: [] });
    const element = await write('post', '/api/elements', { title: 'Promo', block: 'cta', content: { title: 'Join', action: { label: 'Go', href: '/join' } } });
    await write('post', '/api/layout', { sections: [{ type: 'HEADER', block: 'richtext', content: { html: '<p>Site</p>' } }] });

    const people = await cm.container({
      title: 'People',
      slug: 'people',
      published: true,
      fields: [
        { label: 'Name', name: 'name', type: 'STRING' },
        { label: 'Portrait', name: 'portrait', type: 'IMAGE' },
      ],
    });
    peopleId = people.id;
    contentIds.ada = (await cm.content({ containerId: people.id, title: 'Ada', slug: 'ada', published: true, fields: { name: 'Ada Lovelace', portrait } })).id;
    contentIds.grace = (await cm.content({ containerId: people.id, title: 'Grace', slug: 'grace', published: true, fields: { name: 'Grace Hopper' } })).id;
    await write('put', `/api/contents/${contentIds.grace}?locale=fr`, { fields: { name: 'Grace Hopper (fr)' } });

    const shop = await cm.container({
      title: 'Shop',
      slug: 'shop',
      published: true,
      fields: [
        { label: 'Name', name: 'name', type: 'STRING', required: true },
        { label: 'Summary', name: 'summary', type: 'PARAGRAPH' },
        { label: 'Body', name: 'body', type: 'RICHTEXT' },
        { label: 'Price', name: 'price', type: 'NUMBER' },
        { label: 'Rank', name: 'rank', type: 'POSITION' },
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
        { label: 'Tags', name: 'tags', type: 'STRING', multiple: true },
        { label: 'Scores', name: 'scores', type: 'NUMBER', multiple: true },
        { label: 'Gallery', name: 'gallery', type: 'IMAGE', multiple: true },
        { label: 'Makers', name: 'makers', type: 'CONTENT', multiple: true, linkedContainerId: people.id },
        { label: 'Slots', name: 'slots', type: 'TIMERANGE', multiple: true },
      ],
      sections: [{ block: 'richtext', content: { html: '<p>The shop</p>' } }],
    });
    shopId = shop.id;
    await write('put', `/api/containers/${shop.id}?locale=fr`, { sections: [{ block: 'richtext', content: { html: '<p>La boutique</p>' } }] });

    contentIds.chair = (
      await cm.content({
        containerId: shop.id,
        title: 'Chair',
        slug: 'chair',
        published: true,
        fields: {
          name: 'Chair',
          // Text that JSON escapes: quotes, a backslash, control characters, non-ASCII and an astral character.
          summary: 'A "chair" \\ with a line\nbreak, a tab\t, café, 椅子 and 🪑.',
          body: '<p>Sit <strong>well</strong> &amp; long</p>',
          price: 12.5,
          rank: 2,
          onSale: false,
          since: '2024-02-29',
          website: 'https://example.com/chair?a=1&b=2',
          size: 'M',
          country: 'Italy',
          colour: '#a0b1c2',
          where: { lat: 45.4642, lng: -9.19 },
          hours: { start: '09:00', end: '17:30' },
          photo,
          manual,
          clip,
          designer: contentIds.ada,
          tags: ['wood', 'oak'],
          scores: [1, 2.25, -3],
          gallery: [photo, portrait],
          makers: [contentIds.grace, contentIds.ada],
          slots: [
            { start: '2024-05-01T09:00:00Z', end: '2024-05-01T12:00:00+02:00' },
            { start: '14:00', end: '18:00:30' },
          ],
        },
        sections: [
          { block: 'hero', content: { title: 'The chair', mediaId: photo, theme: 'black' } },
          { block: 'richtext', content: { html: '<p>Made by hand.</p>' } },
          { block: 'contents', containerContentId: people.id, content: { title: 'Our people', sort: 'title' } },
          { block: 'form', formId, content: { title: 'Ask us' } },
          { block: 'element', elementId: element.body.id },
        ],
        metadata: [{ name: 'description', content: 'A chair' }],
      })
    ).id;
    await write('put', `/api/contents/${contentIds.chair}?locale=fr`, {
      fields: { name: 'Chaise', summary: 'Une « chaise ».', body: '<p>Asseyez-vous</p>', website: '/fr/chaise', tags: ['bois'], gallery: [portrait] },
      sections: [{ block: 'richtext', content: { html: '<p>Fait main.</p>' } }],
      metadata: [{ name: 'description', content: 'Une chaise' }],
    });
    await write('put', `/api/contents/${contentIds.chair}?locale=es`, { fields: { name: 'Silla', price: 13 } });
    await write('put', `/api/contents/${contentIds.chair}?locale=it`, { fields: { name: 'Sedia', hours: { start: '10:00', end: '19:00' } } });

    contentIds.lamp = (
      await cm.content({
        containerId: shop.id,
        title: 'Lamp',
        slug: 'lamp',
        published: true,
        fields: { name: 'Lamp', price: 0, rank: 1, onSale: true, colour: '#FFFFFF', designer: contentIds.grace, makers: [contentIds.ada] },
      })
    ).id;
    await write('put', `/api/contents/${contentIds.lamp}?locale=fr`, { fields: { name: 'Lampe' } });
    await write('put', `/api/contents/${contentIds.lamp}?locale=it`, { fields: { onSale: false, where: { lat: 0, lng: 0 } } });
    // Without a slug (no path) and unpublished: listed by the API, on no page.
    contentIds.stool = (await cm.content({ containerId: shop.id, title: 'Stool', fields: { name: 'Stool' } })).id;
    // Guarded: the anonymous page read answers 401, and listings leave it out.
    contentIds.bench = (
      await cm.content({ containerId: shop.id, title: 'Bench', slug: 'bench', published: true, fields: { name: 'Bench' }, accesses: [{ roleId: 'members' }] })
    ).id;

    await cm.container({
      title: 'Library',
      slug: 'library',
      published: true,
      sections: [
        { block: 'contents', containerContentId: shop.id, content: { title: 'Shop', limit: 1, sort: 'title', paginate: true, excerptField: 'summary' } },
        { block: 'contents', containerContentId: people.id, content: { limit: 5 } },
      ],
    });
  });
  afterAll(() => t?.close());

  it('gives the shop container a field of every type', async () => {
    const types = new Set((await cm.as().get(`/api/containers/${shopId}`)).body.fields.map((field: { type: string }) => field.type));
    expect([...types].sort()).toEqual(Object.keys(FIELD_TYPES).sort());
  });

  it('answers every read, in every locale, with the bytes of the golden file', async () => {
    const requests: { url: string; token?: string }[] = [];
    const owner = t.ownerToken;
    for (const locale of LANGS) {
      for (const query of [
        '',
        `&filter=${q({ containerId: shopId })}&sort=${q(['title', 'ASC'])}`,
        `&sort=${q(['id', 'ASC'])}&range=${q([1, 3])}`,
        `&filter=${q({ q: 'chair' })}`,
        `&filter=${q({ containerId: peopleId, published: true })}&sort=${q(['updatedAt', 'ASC'])}`,
        `&range=${q([50, 59])}`,
      ])
        requests.push({ url: `/api/contents?locale=${locale}${query}`, token: owner });
      for (const id of Object.values(contentIds)) requests.push({ url: `/api/contents/${id}?locale=${locale}`, token: owner });
      for (const page of ['/shop/chair', '/shop/lamp', '/shop/bench', '/shop', '/library', '/library&page=2', '/people/ada'])
        requests.push({ url: `/api/pages?path=${page}&locale=${locale}` });
    }
    requests.push({ url: '/api/contents/999999', token: owner });

    const answers: Record<string, Answer> = {};
    for (const { url, token } of requests) {
      const req = t.http.get(url);
      const res = await (token ? req.set('token', token) : req);
      const headers = Object.fromEntries(KEPT_HEADERS.filter((name) => res.headers[name] !== undefined).map((name) => [name, String(res.headers[name])]));
      answers[`GET ${decodeURIComponent(url)}${token ? ' (owner)' : ''}`] = { status: res.status, headers, body: withoutRunTimes(res.text, runStart) };
    }

    if (process.env.UPDATE_GOLDEN) {
      fs.mkdirSync(path.dirname(GOLDEN), { recursive: true });
      fs.writeFileSync(GOLDEN, `${JSON.stringify(answers, null, 2)}\n`);
      return;
    }
    if (!fs.existsSync(GOLDEN)) throw new Error(`No golden file at ${GOLDEN}: write it with UPDATE_GOLDEN=1 (see the header of this file)`);
    const golden: Record<string, Answer> = JSON.parse(fs.readFileSync(GOLDEN, 'utf8'));
    expect(Object.keys(answers)).toEqual(Object.keys(golden));
    const changed = Object.entries(answers).flatMap(([request, answer]) => differences(golden[request], answer).map((found) => `${request}: ${found}`));
    expect(changed).toEqual([]);
  });
});

import { Lang, SectionType } from '@cms/contracts';
import { NotFoundException } from '@nestjs/common';
import { AccessesService } from '../src/accesses/accesses.service';
import { ContentsService } from '../src/contents/contents.service';
import { MetadataService } from '../src/metadata/metadata.service';
import { sectionToDto, SectionsService } from '../src/sections/sections.service';
import { contentModel, countQueries, q } from './support/content-model';
import { createTestApp, type TestApp } from './support/test-app';

describe('contents: query counts', () => {
  let t: TestApp;
  let cm: ReturnType<typeof contentModel>;
  let containerId: number;
  const fields = {
    headline: 'Hello',
    summary: 'A summary.',
    body: '<p>Body</p>',
    price: 12.5,
    featured: true,
    since: '2024-02-29',
    accent: '#a0b1c2',
    size: 'M',
    website: 'https://example.com/',
    tags: ['a', 'b'],
  };

  beforeAll(async () => {
    t = await createTestApp();
    cm = contentModel(t);
    containerId = (
      await cm.container({
        fields: [
          { label: 'Headline', name: 'headline', type: 'STRING' },
          { label: 'Summary', name: 'summary', type: 'PARAGRAPH' },
          { label: 'Body', name: 'body', type: 'RICHTEXT' },
          { label: 'Price', name: 'price', type: 'NUMBER' },
          { label: 'Featured', name: 'featured', type: 'BOOLEAN' },
          { label: 'Since', name: 'since', type: 'DATE' },
          { label: 'Accent', name: 'accent', type: 'COLOR' },
          { label: 'Size', name: 'size', type: 'OPTION', options: ['S', 'M', 'L'] },
          { label: 'Website', name: 'website', type: 'LINK' },
          { label: 'Tags', name: 'tags', type: 'STRING', multiple: true },
        ],
      })
    ).id;
  });
  afterAll(() => t.close());

  // Before issue 14: 12 (a delete of the new content's field rows that cannot exist, and the
  // answer read back in 5 queries); 7 until the purge lookup became one statement, 6 until the
  // container and its definitions, then the content and its field rows, were each one statement;
  // 6 since issue 26: its first version (its state in every locale read and written, with the
  // retention rule, by one statement) and its audit entry; 7 since issue 28: its webhook deliveries
  // queued by one INSERT … SELECT (which inserts nothing without webhooks).
  it('creates a content with 10 typed fields in 7 queries, the answer, the audit entry and the webhook deliveries included', async () => {
    const { result, count, queries } = await countQueries(t, () => cm.as().post('/api/contents?locale=en', { title: 'Ten', containerId, fields }));
    expect(result.status).toBe(201);
    expect(result.body.fields).toEqual({ ...fields, accent: '#A0B1C2', since: '2024-02-29T00:00:00.000Z' });
    expect(queries.some((sql) => /^DELETE FROM "content_field"/.test(sql))).toBe(false);
    // The container with its definitions, the content with its fields, the version, the webhook deliveries, the pages to purge, the answer,
    // and the audit log's one INSERT that every write costs (issue 26).
    expect(queries.filter((sql) => /^INSERT INTO "audit_entry"/.test(sql))).toHaveLength(1);
    expect(queries.filter((sql) => /INSERT INTO "webhook_delivery"/.test(sql))).toHaveLength(1);
    expect(count).toBe(7);
  });

  // Before issue 14: 5 (row, field rows, sections, metadata, accesses).
  // Before issue 14's round trips were counted: 3 (version, count, page).
  it('answers a list page the cache does not hold in 2 queries: the version, then the page with its total', async () => {
    for (const n of [1, 2, 3]) await cm.content({ containerId, title: `Listed ${n}`, fields });
    const window = (start: number, end: number) =>
      cm.as().get(`/api/contents?locale=fr&filter=${q({ containerId, published: false })}&range=${q([start, end])}`);
    const { result, count } = await countQueries(t, () => window(1, 2));
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(2);
    expect(result.headers['content-range']).toMatch(/^contents 1-2\/\d+$/);
    const total = Number(result.headers['content-range'].split('/')[1]);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(count).toBe(2);
    // Past the end the page's one row (an aggregate) still carries the total: no third query, and still right.
    const past = await countQueries(t, () => window(total + 5, total + 9));
    expect(past.result.headers['content-range']).toBe(`contents */${total}`);
    expect(past.result.body).toEqual([]);
    expect(past.count).toBe(2);
  });

  // 2 since issue 26: the ETag (its latest version, an index lookup) beside the read.
  it('reads one content by id in one query, with its sections, metadata and accesses, and its ETag in a second', async () => {
    const made = await cm.content({ containerId, slug: 'one-read', fields, metadata: [{ name: 'description', content: 'D' }] });
    const { result, count } = await countQueries(t, () => cm.as().get(`/api/contents/${made.id}?locale=fr`));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      id: made.id,
      // fr has no segment of its own: en's is its default, and its path.
      slug: null,
      defaultSlug: 'one-read',
      path: expect.stringMatching(/\/one-read$/),
      fallbackFields: Object.keys(fields).sort(),
      metadata: [{ name: 'description', content: 'D' }],
      metadataFallback: true,
    });
    expect(count).toBe(2);
    // The same sections, metadata and accesses as their services read, locale fallbacks included.
    const member = await t.userWithRights([]);
    const full = await cm.content({
      containerId,
      fields,
      sections: [
        { block: 'richtext', content: { html: '<p>one</p>' } },
        { block: 'richtext', content: { html: '<p>two</p>' } },
      ],
      metadata: [{ name: 'description', content: 'En' }],
      accesses: [{ roleId: member.roleId }],
    });
    await cm.as().put(`/api/contents/${full.id}?locale=it`, { metadata: [{ name: 'description', content: 'It' }] });
    for (const locale of [Lang.en, Lang.fr, Lang.it]) {
      const one = (await countQueries(t, () => cm.as().get(`/api/contents/${full.id}?locale=${locale}`))).result.body;
      const manager = t.dataSource.manager;
      const { sections, fallbackTypes } = await t.app.get(SectionsService).read(manager, { kind: 'content', id: full.id }, locale, [SectionType.PAGE]);
      const { metadata, fallback } = await t.app.get(MetadataService).read(manager, { contentId: full.id }, locale);
      expect(one.sections).toEqual(JSON.parse(JSON.stringify(sections.map(sectionToDto))));
      expect(one.sections).toHaveLength(2);
      expect(one.sectionsFallback).toBe(fallbackTypes.length > 0);
      expect(one.metadata).toEqual(metadata);
      expect(one.metadataFallback).toBe(fallback);
      expect(one.accesses).toEqual(await t.app.get(AccessesService).read(manager, { contentId: full.id }));
      expect(one.accesses).toEqual([{ roleId: member.roleId }]);
    }
    const missing = await countQueries(t, () => cm.as().get('/api/contents/999999'));
    expect(missing.result.status).toBe(404);
    expect(missing.count).toBe(2); // the read and the ETag, asked at once
  });

  it('reads contents that concurrent requests ask for at once in one statement, each answered as if read alone', async () => {
    const made = await Promise.all(
      [1, 2, 3].map((n) => cm.content({ containerId, title: `Batched ${n}`, slug: `batched-${n}`, fields: { ...fields, headline: `Headline ${n}` } })),
    );
    const wanted: [number, Lang][] = [
      [made[0].id, Lang.en],
      [made[1].id, Lang.fr],
      [999_999, Lang.en],
      [made[2].id, Lang.tr],
      [made[0].id, Lang.fr],
    ];
    const alone: { fields?: Record<string, unknown> }[] = [];
    for (const [id, locale] of wanted) alone.push((await cm.as().get(`/api/contents/${id}?locale=${locale}`)).body);
    const contents = t.app.get(ContentsService);
    const { result, count } = await countQueries(t, () => Promise.allSettled(wanted.map(([id, locale]) => contents.get(id, locale))));
    expect(count).toBe(1);
    expect(result.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const missing = result[2] as PromiseRejectedResult;
    expect(missing.reason).toBeInstanceOf(NotFoundException);
    result.forEach((r, i) => {
      if (r.status === 'fulfilled') expect(JSON.parse(JSON.stringify(r.value))).toEqual(alone[i]);
    });
    expect(alone.map((one) => one.fields?.headline)).toEqual(['Headline 1', 'Headline 2', undefined, 'Headline 3', 'Headline 1']);
  });
});

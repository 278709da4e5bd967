import { DEFAULT_LANG, SectionType, Status, type Lang } from '@cms/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { applyFilters, parseListQuery, type ListQuery, type ListSpec, type RawListQuery } from '../common/http/list-query';
import { ContainerField } from '../containers/container-field.entity';
import { Container } from '../containers/container.entity';
import { batchedReads, inKeyOrder } from '../database/batched-reads';
import { preparedQuery } from '../database/prepared-query';
import { ReadPool } from '../database/read-pool';
import type { Metadata } from '../metadata/metadata.entity';
import { pickMetadata } from '../metadata/metadata.service';
import { contentMatchSql, toPrefixQuery } from '../search/full-text';
import type { AuthContext } from '../common/auth/auth-context';
import { InputErrors } from '../common/http/input-errors';
import { Section } from '../sections/section.entity';
import { pickLocale, sectionToDto } from '../sections/sections.service';
import { AffectedPagesService, type AffectedSeeds } from '../slugs/affected-pages.service';
import { pathOf } from '../slugs/slug-rules';
import { SlugsService } from '../slugs/slugs.service';
import { ContentFieldsService, type FieldChanges } from './content-fields.service';
import { ContentListCache, type ListPage } from './content-list-cache';
import { Content } from './content.entity';
import { documentJoins, fieldsSql } from './document-sql';
import type { ContentDto, ContentSummaryDto, CreateContentDto, UpdateContentDto } from './dto/content.dto';
import { PagePartsService } from '../page-parts/page-parts.service';

/**
 * The list's allow-list; `q` is a full-text search in the locale asked. Each sort key maps to one
 * SQL expression, used both to cut the page of ids and to order its rows: titles sort as people
 * read them, whatever their case.
 */
function contentListSpec(lang: Lang): ListSpec<Content> {
  return {
    resource: 'contents',
    sortable: {
      id: 'content.id',
      title: 'LOWER(content.title)',
      updatedAt: 'content."updatedAt"',
      published: 'content.published',
      status: 'content.status',
      containerId: 'content."containerId"',
    },
    defaultSort: ['updatedAt', 'DESC'],
    filters: {
      id: { kind: { type: 'int' }, column: 'content.id' },
      containerId: { kind: { type: 'int' }, column: 'content.containerId' },
      published: { kind: { type: 'boolean' }, column: 'content.published' },
      status: { kind: { type: 'enum', values: ['AVAILABLE', 'DISCONTINUED'] }, column: 'content.status' },
      q: {
        kind: { type: 'string' },
        apply: (qb, value, param) => {
          if (String(value).trim() === '') return;
          const tsq = toPrefixQuery(String(value));
          if (tsq === null) qb.andWhere('1 = 0');
          else qb.andWhere(contentMatchSql('content', param, `${param}lang`), { [param]: tsq, [`${param}lang`]: lang });
        },
      },
    },
    maxPageSize: 100,
  };
}

/**
 * A listed content as JSON text, written by PostgreSQL for the row `r` of the list's statement: the
 * keys, order and formats of toSummary's object, then fallbackFields and the stored fields (to_json
 * escapes text as JSON.stringify does; dates as toISOString writes them). The contents list test
 * compares it, key order included, with the single read, which Node writes.
 */
const summaryJsonSql = (r: string, lang: string) => `'{"id":' || ${r}.id || ',"title":' || to_json(${r}.title)::text || ',"containerId":' || ${r}."containerId"
      || ',"published":' || ${r}.published || ',"status":"' || ${r}.status || '","slug":' || coalesce(to_json(${r}.slug)::text, 'null')
      || ',"path":' || coalesce(to_json('/' || ${r}.full)::text, 'null')
      || ',"updatedAt":"' || to_char(${r}."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      || '","locale":"' || ${lang} || '","fallbackFields":' || array_to_json(${r}."fallbackFields")::text || ',"fields":' || ${r}."fieldsJson" || '}'`;

/** One content's row, its slug, fields, PAGE sections, metadata and accesses, for the id and locale given as SQL expressions. */
const oneContentSql = (
  id: string,
  lang: string,
) => `SELECT content.id, content.title, content."containerId", content.published, content.status, content."updatedAt",
        slug.basic AS slug, slug.full AS full, slug.id AS "slugId", slug."parentId" AS "parentSlugId",
        ${fieldsSql('content.id', lang)},
        (SELECT coalesce(json_agg(json_build_object('id', s.id, 'type', s.type, 'block', s.block, 'position', s.position, 'lang', s.lang, 'content', s.content,
            'formId', s."formId", 'elementId', s."elementId", 'containerContentId', s."containerContentId", 'containerId', s."containerId", 'contentId', s."contentId")
            ORDER BY s.position, s.id), '[]'::json)
          FROM section s WHERE s."contentId" = content.id AND s."containerId" IS NULL AND s.type = 'PAGE' AND s.lang IN (${lang}, 'en')) AS sections,
        (SELECT coalesce(json_agg(json_build_object('name', m.name, 'content', m.content, 'lang', m.lang) ORDER BY m.id), '[]'::json)
          FROM metadata m WHERE m."contentId" = content.id AND m.lang IN (${lang}, 'en')) AS metadata,
        ARRAY(SELECT a."roleId" FROM access a WHERE a."contentId" = content.id ORDER BY a."roleId") AS accesses
      FROM content
      LEFT JOIN slug ON slug."contentId" = content.id
      ${documentJoins('content.id', lang)}
      WHERE content.id = ${id}`;

/**
 * Contents by (id, locale) pairs, $1 and $2: each pair is read as the single read would be (the
 * lateral subquery is kept whole by OFFSET 0, so its plan is the single read's index lookups
 * whatever the number of pairs), `n` tells which pair a row answers.
 */
const CONTENTS_BY_ID_SQL = `SELECT q.n::int AS n, r.* FROM unnest($1::int[], $2::lang[]) WITH ORDINALITY AS q(id, lang, n)
  CROSS JOIN LATERAL (${oneContentSql('q.id', 'q.lang')} OFFSET 0) r`;

/** The list filters whose totals the content_count table holds. */
const COUNTED_FILTERS = new Set(['containerId', 'published', 'status']);
/** The total of a list from content_count, its three filters as the parameters named. */
const countSql = (containerIds: string, published: string, statuses: string) => `SELECT coalesce(sum("count"), 0)::int AS total FROM "content_count"
  WHERE (${containerIds}::int[] IS NULL OR "containerId" = ANY(${containerIds}::int[])) AND (${published}::boolean[] IS NULL OR "published" = ANY(${published}::boolean[]))
    AND (${statuses}::status[] IS NULL OR "status" = ANY(${statuses}::status[]))`;

/**
 * The parameters of countSql when content_count holds the list's total: filtered by container,
 * published and status only (or not at all). Those counts are kept exact by triggers (migrations
 * ContentCounts and ContentListCounts), so paging through a large container does not count its
 * rows at every request. Other filters (id, q) count rows: null.
 */
function countedFilterValues(filter: Record<string, unknown>): unknown[] | null {
  const keys = Object.keys(filter).filter((key) => !(key === 'q' && String(filter.q).trim() === ''));
  if (!keys.every((key) => COUNTED_FILTERS.has(key))) return null;
  const values = (key: string) => (filter[key] === undefined ? null : [...new Set(([] as unknown[]).concat(filter[key]))]);
  return [values('containerId'), values('published'), values('status')];
}

interface ContentRow {
  id: number;
  title: string;
  containerId: number;
  published: boolean;
  status: ContentSummaryDto['status'];
  updatedAt: Date;
  slug: string | null;
  full: string | null;
}

interface OneContentRow extends ContentRow {
  slugId: number | null;
  parentSlugId: number | null;
  fieldsJson: string;
  fallbackFields: string[];
  sections: Partial<Section>[];
  metadata: Pick<Metadata, 'name' | 'content' | 'lang'>[];
  accesses: string[];
}

function toSummary(row: ContentRow, lang: Lang): Omit<ContentSummaryDto, 'fields' | 'fallbackFields'> {
  return {
    id: row.id,
    title: row.title,
    containerId: row.containerId,
    published: row.published,
    status: row.status,
    slug: row.slug,
    path: row.full === null ? null : pathOf(row.full),
    updatedAt: new Date(row.updatedAt).toISOString(),
    locale: lang,
  };
}

/** Why a content of this container may have no sections of its own, if it may not. */
function noSectionsIn(container: Container): string | undefined {
  return container.disableContentSections ? `the container "${container.title}" disables sections on its contents` : undefined;
}

/**
 * Contents of containers: their field values per locale (checked against the container's
 * definitions), their page (slug under the container's, PAGE sections and metadata per locale,
 * accesses), written in one transaction: a refused write leaves the previous version whole.
 */
@Injectable()
export class ContentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ReadPool,
    private readonly fields: ContentFieldsService,
    private readonly slugs: SlugsService,
    private readonly pageParts: PagePartsService,
    private readonly affected: AffectedPagesService,
    private readonly listCache: ContentListCache,
  ) {}

  private readonly readById = batchedReads<{ id: number; lang: Lang }, OneContentRow>(async (keys) =>
    inKeyOrder(
      keys.length,
      await preparedQuery<OneContentRow & { n: number }>(this.reads, CONTENTS_BY_ID_SQL, [keys.map((k) => k.id), keys.map((k) => k.lang)]),
    ),
  );

  /**
   * A page of contents: from the list cache when the list has not changed since it was read (one
   * query: the list's version), else whatever its size in two queries: the version, then the page
   * with its slugs, fields and total (a third, the count, for filters content_count does not
   * keep). The fields come from the content_document read model (the locale's values over en's,
   * written with the documents, see migrations ContentDocuments and ContentDocumentMerged) as JSON
   * text: neither PostgreSQL nor Node handles one row per field value.
   */
  async list(raw: RawListQuery, lang: Lang): Promise<ListPage> {
    const spec = contentListSpec(lang);
    const query = parseListQuery(raw, spec);
    const key = JSON.stringify([lang, query.sort.field, query.sort.order, query.range.start, query.range.end, query.filter]);
    const version = await this.listCache.currentVersion();
    const kept = this.listCache.get(key, version);
    if (kept) return kept;
    const page = await this.readPage(query, spec, lang);
    this.listCache.set(key, version, page);
    return page;
  }

  private async readPage(query: ListQuery, spec: ListSpec<Content>, lang: Lang): Promise<ListPage> {
    const base = applyFilters(this.dataSource.getRepository(Content).createQueryBuilder('content'), query, spec);
    // The page of ids is cut first, from the index on (containerId, updatedAt, id) alone; then the
    // 25 rows are joined to their columns, slugs and documents, not the rows the offset skips.
    const order = query.sort.order;
    const ids = base.clone().select('content.id', 'id').orderBy(query.sort.column, order);
    if (query.sort.field !== 'id') ids.addOrderBy('content.id', order);
    const [idsSql, params] = ids.getQueryAndParameters();
    const n = params.length;
    // When content_count holds the total, it comes with the page in the same statement (one round
    // trip less per miss: on this 2-core machine each costs about as much CPU as the query itself);
    // with other filters it is counted beside the page.
    // Planned once per connection, not at every request: the page size is written into the text (a
    // whole number the parser bounds; a few texts in practice) and each row is read by a lateral
    // lookup (kept whole by OFFSET 0), so PostgreSQL's generic plan, with the offset unknown, is
    // the custom plan's index lookups and its plan cache keeps it (docs/perf.md).
    const counted = countedFilterValues(query.filter);
    const size = query.range.end - query.range.start + 1;
    if (!Number.isInteger(size) || size < 1) throw new Error(`Bad page size ${size}`);
    // PostgreSQL writes the page's JSON array itself (summaryJsonSql, the same bytes as toSummary's
    // plus the stored fields): Node receives one text instead of parsing 25 rows of ten columns and
    // writing them out again. Half the Node CPU of a miss was that parse and re-serialisation.
    const sql = `SELECT '[' || coalesce(string_agg(${summaryJsonSql('content', `$${n + 2}::lang`)}, ',' ORDER BY ${query.sort.column} ${order}, content.id ${order}), '') || ']' AS body,
        count(content.id)::int AS count${
          counted
            ? `,
        (${countSql(`$${n + 3}`, `$${n + 4}`, `$${n + 5}`)}) AS "listTotal"`
            : ''
        }
      FROM (${idsSql} LIMIT ${size} OFFSET $${n + 1}) page
      CROSS JOIN LATERAL (SELECT content.id, content.title, content."containerId", content.published, content.status, content."updatedAt",
          slug.basic AS slug, slug.full AS full,
          ${fieldsSql('content.id', `$${n + 2}::lang`)}
        FROM content
        LEFT JOIN slug ON slug."contentId" = content.id
        ${documentJoins('content.id', `$${n + 2}::lang`)}
        WHERE content.id = page.id OFFSET 0) content`;
    // One statement text per filter, sort and page size (values are parameters): prepared once per connection.
    const readBody = (extra: unknown[]) =>
      preparedQuery<{ body: string; count: number; listTotal?: number }>(this.reads, sql, [...params, query.range.start, lang, ...extra]).then(
        (rows) => rows[0],
      );
    // The aggregate answers one row even past the end, so a kept total always comes with it.
    const [page, total] = counted
      ? await readBody(counted).then((page) => [page, page.listTotal!] as const)
      : await Promise.all([
          readBody([]),
          base
            .clone()
            .select('count(*)::int', 'total')
            .getRawOne<{ total: number }>()
            .then((row) => row?.total ?? 0),
        ]);
    return { body: Buffer.from(page.body), count: page.count, total, start: query.range.start };
  }

  /**
   * One content in one statement: its row, slug, fields (from the content_document read model, the
   * locale's values over en's, the same expression as the list's so both answer the same bytes),
   * and its PAGE sections, metadata and accesses as JSON; the locale fallbacks of sections and
   * metadata are picked in Node by the same functions as their services'. Outside a transaction it
   * runs as a prepared statement, one for the reads that concurrent requests make at once
   * (batchedReads).
   */
  async get(id: number, lang: Lang, manager: EntityManager = this.dataSource.manager): Promise<ContentDto> {
    const row =
      manager === this.dataSource.manager
        ? await this.readById({ id, lang })
        : (await preparedQuery<OneContentRow>(manager, CONTENTS_BY_ID_SQL, [[id], [lang]]))[0];
    if (!row) throw new NotFoundException(`No content ${id}`);
    const sectionRows = row.sections.map((s) => Object.assign(new Section(), s));
    const { sections, fallbackTypes } = pickLocale(sectionRows, lang, [SectionType.PAGE]);
    const { metadata, fallback } = pickMetadata(row.metadata, lang);
    return {
      ...toSummary(row, lang),
      fields: JSON.parse(row.fieldsJson) as ContentDto['fields'],
      fallbackFields: row.fallbackFields,
      slugId: row.slugId,
      parentSlugId: row.parentSlugId,
      sections: sections.map(sectionToDto),
      sectionsFallback: fallbackTypes.length > 0,
      metadata,
      metadataFallback: fallback,
      accesses: row.accesses.map((roleId) => ({ roleId })),
    };
  }

  async create(actor: AuthContext, dto: CreateContentDto, lang: Lang): Promise<ContentDto> {
    const { id, affected } = await this.dataSource.transaction(async (manager) => {
      const { container, definitions } = await this.containerOf(manager, dto.containerId, 'containerId');
      const errors = new InputErrors();
      const changes = await this.fields.check(manager, definitions, dto.fields ?? {}, errors);
      this.fields.checkRequired(definitions, lang, new Map(), changes, errors);
      const parts = await this.pageParts.check(manager, actor, null, dto, errors, noSectionsIn(container));
      errors.throwIfAny();

      const content = { title: dto.title, containerId: container.id, published: dto.published ?? false, status: dto.status ?? Status.AVAILABLE };
      const id = await this.fields.insertWithContent(manager, content, lang, definitions, changes);
      const seeds: AffectedSeeds = { contentIds: [id], listingContainerIds: [container.id], paths: [] };
      if (dto.slug != null) {
        const containerSlug = await this.slugs.findFor(manager, { containerId: container.id });
        const result = await this.slugs.apply(
          manager,
          { contentId: id },
          { basic: dto.slug, parentId: dto.parentSlugId, defaultParentId: containerSlug?.id ?? null, published: dto.published ?? false },
        );
        seeds.paths!.push(...result.paths);
      }
      await this.pageParts.write(manager, { kind: 'content', id }, lang, dto, parts);
      return { id, affected: await this.affected.collect(manager, seeds) };
    });
    this.affected.emit(affected, 'all');
    return this.get(id, lang);
  }

  async update(actor: AuthContext, id: number, dto: UpdateContentDto, lang: Lang): Promise<ContentDto> {
    const { affected, localOnly } = await this.dataSource.transaction(async (manager) => {
      const content = await manager.getRepository(Content).createQueryBuilder('c').setLock('pessimistic_write').where('c.id = :id', { id }).getOne();
      if (!content) throw new NotFoundException(`No content ${id}`);
      if (dto.containerId != null && dto.containerId !== content.containerId)
        InputErrors.fail('containerId', 'cannot change: a content stays in its container');
      const { container, definitions } = await this.containerOf(manager, content.containerId, 'containerId');
      const errors = new InputErrors();
      let changes: FieldChanges = new Map();
      if (dto.fields != null) {
        changes = await this.fields.check(manager, definitions, dto.fields, errors);
        this.fields.checkRequired(definitions, lang, await this.fields.presentNames(manager, id, lang), changes, errors);
      }
      const parts = await this.pageParts.check(manager, actor, { kind: 'content', id }, dto, errors, noSectionsIn(container));
      errors.throwIfAny();

      const published = dto.published ?? content.published;
      const scalars: Partial<Pick<Content, 'title' | 'published' | 'status'>> = {};
      for (const key of ['title', 'published', 'status'] as const) {
        if (dto[key] != null && dto[key] !== content[key]) Object.assign(scalars, { [key]: dto[key] });
      }
      await manager.getRepository(Content).update({ id }, { ...scalars, updatedAt: new Date() });
      await this.fields.write(manager, id, lang, definitions, changes);
      const seeds: AffectedSeeds = { contentIds: [id], listingContainerIds: [container.id], referencingContentIds: [id], paths: [] };
      if (dto.slug !== undefined || dto.parentSlugId !== undefined) {
        const containerSlug = await this.slugs.findFor(manager, { containerId: container.id });
        const result = await this.slugs.apply(
          manager,
          { contentId: id },
          { basic: dto.slug, parentId: dto.parentSlugId, defaultParentId: containerSlug?.id ?? null, published },
        );
        seeds.paths!.push(...result.paths);
      } else if (scalars.published !== undefined) {
        await this.slugs.setPublished(manager, { contentId: id }, published);
      }
      await this.pageParts.write(manager, { kind: 'content', id }, lang, dto, parts);
      const localOnly = Object.keys(scalars).length === 0 && dto.slug === undefined && dto.parentSlugId === undefined && dto.accesses == null;
      return { affected: await this.affected.collect(manager, seeds), localOnly };
    });
    this.affected.emit(affected, localOnly ? lang : 'all');
    return this.get(id, lang);
  }

  async remove(id: number): Promise<ContentDto> {
    const { deleted, affected } = await this.dataSource.transaction(async (manager) => {
      const content = await manager.getRepository(Content).createQueryBuilder('c').setLock('pessimistic_write').where('c.id = :id', { id }).getOne();
      if (!content) throw new NotFoundException(`No content ${id}`);
      const deleted = await this.get(id, DEFAULT_LANG, manager);
      if (deleted.slugId !== null) await this.slugs.assertNoChildren(manager, [deleted.slugId]);
      const affected = await this.affected.collect(manager, { contentIds: [id], listingContainerIds: [content.containerId], referencingContentIds: [id] });
      await manager.getRepository(Content).delete({ id });
      return { deleted, affected };
    });
    this.affected.emit(affected, 'all');
    return deleted;
  }

  /** The ids of a container's contents (the containers module asks; it never reads this module's tables). */
  async idsIn(manager: EntityManager, containerId: number): Promise<number[]> {
    const rows: { id: number }[] = await manager.query(`SELECT id FROM "content" WHERE "containerId" = $1`, [containerId]);
    return rows.map((row) => row.id);
  }

  /** Deletes every content of a container, with their fields (and, by cascade, their page parts), inside the container's removal. */
  async removeAllIn(manager: EntityManager, containerId: number): Promise<void> {
    await manager.query(`DELETE FROM "content" WHERE "containerId" = $1`, [containerId]);
  }

  /** The container (locked against definition changes until the write ends) and its field definitions. */
  private async containerOf(manager: EntityManager, containerId: number, path: string): Promise<{ container: Container; definitions: ContainerField[] }> {
    // One statement: the container row, share-locked, with its definitions as JSON (their keys are the entity's properties).
    const [row] = await preparedQuery<Container & { definitions: ContainerField[] }>(
      manager,
      `SELECT c.*, (SELECT coalesce(json_agg(f ORDER BY f.position, f.id), '[]') FROM "container_field" f WHERE f."containerId" = c.id) AS definitions
       FROM "container" c WHERE c.id = $1 FOR SHARE OF c`,
      [containerId],
    );
    if (!row) InputErrors.fail(path, `container ${containerId} does not exist`);
    const { definitions, ...columns } = row;
    return {
      container: Object.assign(new Container(), columns),
      definitions: definitions.map((definition) => Object.assign(new ContainerField(), definition)),
    };
  }
}

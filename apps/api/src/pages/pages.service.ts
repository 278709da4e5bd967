import { DEFAULT_LANG, type Lang, type PageElement, type PageResponse } from '@cms/contracts';
import { decidePageAccess } from '@cms/rights';
import { Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { readableSql, readerOf, type Reader } from '../accesses/readable-sql';
import type { AuthContext } from '../common/auth/auth-context';
import { ContentFieldsService, OPTION_LISTS_SETTING, type LocalizedFields } from '../contents/content-fields.service';
import { documentJoins, fieldsSql } from '../contents/document-sql';
import type { Section } from '../sections/section.entity';
import { pathOf } from '../slugs/slug-rules';
import { batchedReads, inKeyOrder } from '../database/batched-reads';
import { preparedQuery } from '../database/prepared-query';
import { ReadPool } from '../database/read-pool';
import { PageCache } from './page-cache';
import {
  contentsOf,
  definedContainersOf,
  type DefinitionRow,
  elementIdsOf,
  type ElementRow,
  elementsOf,
  fieldDefinitionsOf,
  type FormRow,
  formsOf,
  type ListedRow,
  listedContentIdsOf,
  listedOf,
  listingParamsOf,
  listingsOf,
  type MediaRow,
  mediaOf,
  normalisePath,
  optionListsOf,
  pageAnswerOf,
  pageContentFieldsOf,
  type PageRow,
  pageSectionsOf,
  type ReferencedRow,
  type References,
  referencesOf,
  type SettingRow,
  withReadableReferences,
} from './page-mappers';
import { THEME_SETTINGS } from '../theme/theme';

/** What the listings of a page found: their contents, totals, the fields shown (the page's own included) and the cards' field definitions. */
interface ListedRead {
  listed: Map<number, ListedRow[]>;
  totals: Map<number, number>;
  fields: Map<number, LocalizedFields>;
  definitionRows: DefinitionRow[];
}

// Listed and referenced contents are those the reader could open as pages: a public page must not
// hand out, in a listing or a reference, what the content's own page refuses.
const LISTED_READABLE = readableSql({ contentId: 'ct.id', containerId: 'ct."containerId"' }, { role: '$6', superAdmin: '$7' });
const REFERENCED_READABLE = readableSql({ contentId: 'c.id', containerId: 'c."containerId"' }, { role: '$2', superAdmin: '$3' });
/** A container the reader may read (its own page's rule): only those lend their field definitions to a page's answer. */
const DEFINED_READABLE = readableSql({ contentId: 'NULL::int', containerId: 'cf."containerId"' }, { role: '$2', superAdmin: '$3' });

const SECTION_COLUMNS = `id, type, block, "formId", "containerId", "containerContentId", "contentId", "elementId", position, content, lang`;

/** Every layout section (header, footer and the bodies' top and bottom), in every locale: the same for every page, kept by PageCache. */
const LAYOUT_SECTIONS_SQL = `SELECT ${SECTION_COLUMNS} FROM "section" WHERE type <> 'PAGE' AND "containerId" IS NULL AND "contentId" IS NULL ORDER BY position, id`;

/**
 * The pages at (path, locale) pairs, $1 and $2, each read by a lateral lookup (kept whole by
 * OFFSET 0) that is planned once: PostgreSQL's plan cache keeps one generic plan for it instead of
 * planning it at every read (planning cost four times the work: docs/perf.md), as its estimates are those of
 * a custom plan: every value it filters on is a single one, and the container's own slug is a
 * subquery, not a join whose estimate of 501 rows for a unique path once gave a merge join costed
 * near `jit_above_cost`. `n` tells which pair a row answers.
 */
const PATHS_SQL = `SELECT q.n::int AS n, r.* FROM unnest($1::varchar[], $2::lang[]) WITH ORDINALITY AS q("full", lang, n)
  CROSS JOIN LATERAL (SELECT s."full", s.published AS "slugPublished",
         c.id AS "contentId", c.title AS "contentTitle", c.published AS "contentPublished", c."updatedAt" AS "contentUpdatedAt",
         k.id AS "containerId", k.title AS "containerTitle", k.published AS "containerPublished", k."hideFooter", k."disableContentSections", k."sectionsPosition",
         (SELECT ks."full" FROM "slug" ks WHERE ks."containerId" = k.id ORDER BY ks.id LIMIT 1) AS "containerFull",
         (SELECT coalesce(json_agg(a."roleId" ORDER BY a."roleId"), '[]') FROM "access" a WHERE a."contentId" = c.id) AS "contentAccesses",
         (SELECT coalesce(json_agg(a."roleId" ORDER BY a."roleId"), '[]') FROM "access" a WHERE a."containerId" = k.id) AS "containerAccesses",
         (SELECT coalesce(json_agg(json_build_object('name', m.name, 'content', m.content, 'lang', m.lang) ORDER BY m.id), '[]') FROM "metadata" m
           WHERE m.lang = ANY(ARRAY[q.lang, 'en'::lang]) AND (m."contentId" = c.id OR (c.id IS NULL AND m."containerId" = k.id))) AS metadata,
         (SELECT json_agg(json_build_object('name', f.name, 'label', f.label, 'type', f.type, 'multiple', f.multiple) ORDER BY f.position, f.id) FROM "container_field" f
           WHERE c.id IS NOT NULL AND f."containerId" = k.id) AS definitions,
         (SELECT coalesce(json_agg(x ORDER BY x.position, x.id), '[]') FROM (
           SELECT ${SECTION_COLUMNS} FROM "section"
           WHERE lang = ANY(ARRAY[q.lang, 'en'::lang]) AND type = 'PAGE' AND ("contentId" = c.id OR (c.id IS NULL AND "containerId" = k.id))
         ) x) AS sections,
         ${fieldsSql('c.id', 'q.lang')}
       FROM "slug" s
       LEFT JOIN "content" c ON c.id = s."contentId"
       ${documentJoins('c.id', 'q.lang')}
       JOIN "container" k ON k.id = COALESCE(s."containerId", c."containerId")
       WHERE s."full" = q."full" OFFSET 0) r`;

/** 2. The placed elements, any status (the mapper keeps the available ones). */
const ELEMENTS_SQL = `SELECT id, title, block, "formId", content, status FROM "element" WHERE id = ANY($1::int[])`;

/**
 * 3. What `contents` blocks list: published contents of the container the reader may open, newest
 * first or by title, a page of them, and their total (a row with a null id for an empty listing).
 */
const LISTED_SQL = `SELECT q.sid AS "sectionId", c.id, c.title, c."containerId", c."updatedAt", sl."full",
           (SELECT count(*)::int FROM "content" ct WHERE "containerId" = q.cid AND published AND ${LISTED_READABLE}) AS total
         FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::int[]) AS q(sid, cid, lim, sort, off)
         LEFT JOIN LATERAL (
           (SELECT id, title, "containerId", "updatedAt" FROM "content" ct WHERE q.sort = 'updatedAt' AND "containerId" = q.cid AND published AND ${LISTED_READABLE}
             ORDER BY "updatedAt" DESC, id DESC LIMIT q.lim OFFSET q.off)
           UNION ALL
           (SELECT id, title, "containerId", "updatedAt" FROM "content" ct WHERE q.sort = 'title' AND "containerId" = q.cid AND published AND ${LISTED_READABLE}
             ORDER BY title ASC, id ASC LIMIT q.lim OFFSET q.off)
         ) c ON true
         LEFT JOIN "slug" sl ON sl."contentId" = c.id AND sl.published`;

/** 5. The contents CONTENT fields refer to that the reader may open. */
const REFERENCED_SQL = `SELECT c.id, c.title, c."containerId", s."full" FROM "content" c LEFT JOIN "slug" s ON s."contentId" = c.id AND s.published
             WHERE c.id = ANY($1::int[]) AND c.published AND ${REFERENCED_READABLE}`;

/** 6. Media. */
const MEDIA_SQL = `SELECT id, uri, "mimeType", alt, width, height, name, size FROM "media" WHERE id = ANY($1::int[])`;

/** 7. Available forms with their fields in the locale and en. */
const FORMS_SQL = `SELECT f.id, f.title, f."successMessage", f."errorMessage",
               (SELECT coalesce(json_agg(json_build_object('name', ff.name, 'type', ff.type, 'label', ff.label, 'placeholder', ff.placeholder, 'position', ff.position,
                  'line', ff.line, 'options', ff.options, 'min', ff.min, 'max', ff.max, 'defaultText', ff."defaultText", 'defaultNumber', ff."defaultNumber",
                  'defaultMultiple', ff."defaultMultiple", 'required', ff.required, 'warningMessage', ff."warningMessage", 'lang', ff.lang) ORDER BY ff.position, ff.id), '[]')
                FROM "form_field" ff WHERE ff."formId" = f.id AND ff.lang = ANY($2::lang[])) AS fields
             FROM "form" f WHERE f.id = ANY($1::int[]) AND f.status = 'AVAILABLE'`;

/** 8. The theme and option lists settings. */
const SETTINGS_SQL = `SELECT name, value FROM "setting" WHERE name = ANY($1::varchar[])`;

/** 9. The field definitions of the listed contents' containers the reader may read. */
const DEFINITIONS_SQL = `SELECT "containerId", name, label, type, multiple FROM "container_field" cf WHERE "containerId" = ANY($1::int[]) AND ${DEFINED_READABLE} ORDER BY position, id`;

/**
 * The public read of one page: the container or content at a path, with everything the site
 * renders, in a constant number of queries (at most nine, whatever the number of sections,
 * fields, elements, forms or media):
 * 1 the slug with its owner, accesses, metadata, field definitions, the page's own sections
 * and the content's fields (from its documents), beside it the layout's sections (kept until a
 * purge of everything); then together 2 the placed elements and 3 what `contents` blocks list,
 * after 3 together 4 the fields of the listed contents and 9 the field definitions of their
 * containers; then together 5 referenced contents, 6 media, 7 forms with their fields, 8 theme
 * and option lists (kept like the layout). A content page with nothing to list or place: 1 (and
 * the layout and 8 once). Steps that read are methods named after what they read; turning rows
 * into the answer is page-mappers.ts. The read uses no transaction: concurrent statements queue
 * for the pool's connections (one on the embedded database).
 */
@Injectable()
export class PagesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ReadPool,
    private readonly fields: ContentFieldsService,
    private readonly cache: PageCache,
  ) {}

  /**
   * A page as the JSON of a PageResponse, encoded: from the cache when it is there, else read.
   * `guarded` pages list accesses. `personal` answers depend on the reader's role (what listings
   * and references show): only anonymous reads of pages that are not guarded are kept, so the
   * cache holds what the public may read and never a member's view.
   */
  async read(rawPath: string, lang: Lang, auth: AuthContext | undefined, pageNumber = 1): Promise<{ body: Buffer; guarded: boolean; personal: boolean }> {
    const full = normalisePath(rawPath);
    if (full === null) throw new NotFoundException(`No page at ${rawPath.slice(0, 200)}`);
    const personal = auth !== undefined;
    // Later pages of a listing are rarer: the site keeps its own copy of them, this cache only the first.
    const cacheable = !personal && pageNumber === 1;
    if (cacheable) {
      const cached = this.cache.get(lang, pathOf(full));
      if (cached !== undefined) return { body: cached, guarded: false, personal };
    }
    const generation = this.cache.currentGeneration();
    const page = await this.readFromDatabase(full, lang, auth, pageNumber);
    const body = Buffer.from(JSON.stringify(page));
    const guarded = page.accesses.length > 0;
    if (!guarded && cacheable) this.cache.set(lang, pathOf(full), body, generation);
    return { body, guarded, personal };
  }

  /**
   * The page read, step by step: resolve the path to its owner (container or content) beside the
   * layout, guard it, pick the sections shown, read the elements they place and what they list
   * (with the listed contents' fields and definitions), then what all of it refers to, and map
   * the rows to the answer. A step with nothing to read sends no statement.
   */
  private async readFromDatabase(full: string, lang: Lang, auth: AuthContext | undefined, pageNumber: number): Promise<PageResponse> {
    const reader = readerOf(auth);
    const [row, layoutRows] = await Promise.all([this.readPath(full, lang), this.readLayoutSections()]);
    const { page, roleIds } = this.guard(row, full, auth);
    const sections = pageSectionsOf(page, layoutRows, lang);
    // Elements and listings both follow from the sections only: read together.
    const [elements, { listed, totals, fields, definitionRows }] = await Promise.all([
      this.readElements(sections.all),
      this.readListings(page, listingsOf(sections.all), pageNumber, reader, lang),
    ]);
    const references = await this.readReferences(referencesOf(fields, sections.all, elements), lang, reader);
    return pageAnswerOf({
      full,
      lang,
      pageNumber,
      page,
      roleIds,
      sections,
      elements,
      listed,
      totals,
      fields: withReadableReferences(fields, references.contents),
      forms: references.forms,
      media: references.media,
      contents: references.contents,
      settings: references.settings,
      optionLists: optionListsOf(references.settings, references.optionKeys),
      fieldDefinitions: fieldDefinitionsOf(page, definitionRows),
    });
  }

  /** Fixed statement texts (values are parameters): prepared once per connection on a server. */
  private query<T>(sql: string, params: unknown[]): Promise<T[]> {
    return preparedQuery<T>(this.reads, sql, params);
  }

  /**
   * 1. The page at this path: its owner (content and container), accesses, metadata, its sections
   * and, for a content, its fields (from its documents) and its container's field definitions.
   * One statement: a first visit costs a round trip less per part it brings, and the first visits
   * that concurrent requests make at once share it (batchedReads).
   */
  private readPath(full: string, lang: Lang): Promise<PageRow | undefined> {
    return this.readPaths({ full, lang });
  }

  private readonly readPaths = batchedReads<{ full: string; lang: Lang }, PageRow>(async (keys) =>
    inKeyOrder(keys.length, await this.query<PageRow & { n: number }>(PATHS_SQL, [keys.map((k) => k.full), keys.map((k) => k.lang)])),
  );

  /** 1 beside it. The layout's sections in every locale, the same for every page: kept until a purge of everything. */
  private readLayoutSections(): Promise<readonly Section[]> {
    return this.cache.layoutSections(() => this.query<Section>(LAYOUT_SECTIONS_SQL, []));
  }

  /** Published, and readable by this reader: the roles that guard it (a content without its own takes its container's). */
  private guard(page: PageRow | undefined, full: string, auth: AuthContext | undefined): { page: PageRow; roleIds: string[] } {
    const published = page && page.slugPublished && (page.contentId !== null ? page.contentPublished : page.containerPublished);
    if (!page || !published) throw new NotFoundException(`No page at ${pathOf(full)}`);
    const roleIds = page.contentId !== null && page.contentAccesses.length > 0 ? page.contentAccesses : page.containerAccesses;
    const decision = decidePageAccess({ accesses: roleIds.map((roleId) => ({ roleId })) }, auth ? { role: auth.role, rights: auth.rights } : null);
    // Anonymous visitors learn that a published page asks for sign-in: the site must send them to
    // /sign-in (spec section 2). A signed-in role without access is told what a missing page tells.
    if (decision.kind === 'sign-in') throw new UnauthorizedException('This page is for signed-in members: sign in first');
    if (decision.kind === 'not-found') throw new NotFoundException(`No page at ${pathOf(full)}`);
    return { page, roleIds };
  }

  /** 2. The elements the sections place (discontinued ones are not shown). */
  private async readElements(sections: readonly Section[]): Promise<Map<number, PageElement>> {
    const ids = elementIdsOf(sections);
    return elementsOf(ids.length ? await this.query<ElementRow>(ELEMENTS_SQL, [ids]) : []);
  }

  /**
   * 3. What `contents` blocks list, then together 4 the listed contents' fields and 9 their
   * containers' field definitions; the fields map ends with the page's own content's (read with its path).
   */
  private async readListings(page: PageRow, listings: readonly Section[], pageNumber: number, reader: Reader, lang: Lang): Promise<ListedRead> {
    const rows = listings.length ? await this.query<ListedRow>(LISTED_SQL, [...listingParamsOf(listings, pageNumber), reader.role, reader.superAdmin]) : [];
    const { listed, totals } = listedOf(listings, rows);
    const [fields, definitionRows] = await Promise.all([
      this.readListedFields(listedContentIdsOf(listed, page.contentId), lang),
      this.readListedDefinitions(definedContainersOf(listings, page), reader),
    ]);
    const own = pageContentFieldsOf(page);
    if (page.contentId !== null && own !== undefined) fields.set(page.contentId, own);
    return { listed, totals, fields, definitionRows };
  }

  /** 4. The fields of the listed contents, in the locale over en. */
  private async readListedFields(contentIds: number[], lang: Lang): Promise<Map<number, LocalizedFields>> {
    return contentIds.length ? this.fields.read(this.dataSource.manager, contentIds, lang) : new Map<number, LocalizedFields>();
  }

  /** 9. The field definitions the site draws the listed cards with, of the containers the reader may read. */
  private async readListedDefinitions(containerIds: number[], reader: Reader): Promise<DefinitionRow[]> {
    return containerIds.length ? this.query<DefinitionRow>(DEFINITIONS_SQL, [containerIds, reader.role, reader.superAdmin]) : [];
  }

  /** 5 to 8, which do not depend on each other: read together. */
  private async readReferences(references: References, lang: Lang, reader: Reader) {
    const [contents, media, forms, settings] = await Promise.all([
      this.readReferencedContents(references.contentIds, reader),
      this.readMedia(references.mediaIds, lang),
      this.readForms(references.formIds, lang),
      this.readSettings(),
    ]);
    return { contents, media, forms: forms.forms, optionKeys: forms.optionKeys, settings };
  }

  /** 5. The contents CONTENT fields refer to that the reader may open, by id. */
  private async readReferencedContents(contentIds: number[], reader: Reader) {
    return contentsOf(contentIds.length ? await this.query<ReferencedRow>(REFERENCED_SQL, [contentIds, reader.role, reader.superAdmin]) : []);
  }

  /** 6. The media the sections, elements and fields show, by id. */
  private async readMedia(mediaIds: number[], lang: Lang) {
    return mediaOf(mediaIds.length ? await this.query<MediaRow>(MEDIA_SQL, [mediaIds]) : [], lang);
  }

  /** 7. The forms the sections and elements show, with their fields in the locale or en. */
  private async readForms(formIds: number[], lang: Lang) {
    return formsOf(formIds.length ? await this.query<FormRow>(FORMS_SQL, [formIds, [...new Set([lang, DEFAULT_LANG])]]) : [], lang);
  }

  /** 8. The theme and option lists settings: kept until a purge of everything, like the layout. */
  private readSettings(): Promise<readonly SettingRow[]> {
    return this.cache.pageSettings(() => this.query<SettingRow>(SETTINGS_SQL, [[...Object.values(THEME_SETTINGS), OPTION_LISTS_SETTING]]));
  }
}

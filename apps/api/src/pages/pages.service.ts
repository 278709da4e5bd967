import {
  BLOCK_THEMES,
  BLOCKS,
  type BlockTheme,
  ContainerFieldType,
  CONTENTS_BLOCK_DEFAULT_LIMIT,
  DEFAULT_LANG,
  inLocale,
  FormFieldType,
  isBlockName,
  type Lang,
  LANGS,
  LAYOUT_SECTION_TYPES,
  localePath,
  MEDIA_FIELD_TYPES,
  type MetadataEntry,
  type PageContentItem,
  type PageContentRef,
  type PageElement,
  type PageFieldDefinition,
  type PageForm,
  type PageFormField,
  type PageMedia,
  type PageResponse,
  type PageSection,
  SectionType,
  SLUG_SEGMENT_PATTERN,
  Status,
} from '@cms/contracts';
import { decidePageAccess } from '@cms/rights';
import { Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { readableSql, readerOf, type Reader } from '../accesses/readable-sql';
import type { AuthContext } from '../common/auth/auth-context';
import { ContentFieldsService, OPTION_LISTS_SETTING, type LocalizedFields } from '../contents/content-fields.service';
import { documentJoins, fieldsSql } from '../contents/document-sql';
import { pickMetadata } from '../metadata/metadata.service';
import { mediaIdsOf } from '../sections/block-content';
import type { Section } from '../sections/section.entity';
import { pickLocale } from '../sections/sections.service';
import { MAX_FULL_LENGTH, pathOf } from '../slugs/slug-rules';
import { batchedReads, inKeyOrder } from '../database/batched-reads';
import { preparedQuery } from '../database/prepared-query';
import { PageCache } from './page-cache';
import { THEME_SETTINGS, themeFromSettings } from '../theme/theme';

interface PageRow {
  full: string;
  slugPublished: boolean;
  contentId: number | null;
  contentTitle: string | null;
  contentPublished: boolean | null;
  contentUpdatedAt: Date | null;
  containerId: number;
  containerTitle: string;
  containerPublished: boolean;
  hideFooter: boolean;
  disableContentSections: boolean;
  sectionsPosition: number | null;
  containerFull: string | null;
  contentAccesses: string[];
  containerAccesses: string[];
  metadata: { name: string; content: string; lang: Lang }[];
  /** The container's field definitions when the page is a content (null otherwise). */
  definitions: PageFieldDefinition[] | null;
  /** The page's own sections, in the locale and en, by position. */
  sections: Section[];
  /**
   * The content's fields in the locale over en's as JSON text, and the names taken from en, from
   * its documents (migration ContentDocumentMerged; '{}' and none for a container page).
   */
  fieldsJson: string;
  fallbackFields: string[];
}

interface ListedRow {
  sectionId: number;
  total: number;
  id: number;
  title: string;
  containerId: number;
  updatedAt: Date;
  full: string | null;
}

interface FormRow {
  id: number;
  title: string;
  successMessage: string | null;
  errorMessage: string | null;
  fields: (PageFormField & { lang: Lang })[];
}

// Listed and referenced contents are those the reader could open as pages: a public page must not
// hand out, in a listing or a reference, what the content's own page refuses.
/** What the steps of a page read found, handed to `assemble`. */
interface PageRead {
  full: string;
  lang: Lang;
  langs: Lang[];
  reader: Reader;
  pageNumber: number;
  page: PageRow;
  roleIds: string[];
  ownSections: Section[];
  layoutSections: Section[];
  allSections: Section[];
  elements: Map<number, PageElement>;
  listings: Section[];
  listed: Map<number, ListedRow[]>;
  totals: Map<number, number>;
  fields: Map<number, LocalizedFields>;
}

const LISTED_READABLE = readableSql({ contentId: 'ct.id', containerId: 'ct."containerId"' }, { role: '$6', superAdmin: '$7' });
const REFERENCED_READABLE = readableSql({ contentId: 'c.id', containerId: 'c."containerId"' }, { role: '$2', superAdmin: '$3' });
/** A container the reader may read (its own page's rule): only those lend their field definitions to a page's answer. */
const DEFINED_READABLE = readableSql({ contentId: 'NULL::int', containerId: 'cf."containerId"' }, { role: '$2', superAdmin: '$3' });

/** `/blog/hello/` → `blog/hello`; null when it cannot be a page path. */
function normalisePath(path: string): string | null {
  const segments = path.split('/').filter((s) => s !== '');
  const full = segments.join('/');
  if (full.length > MAX_FULL_LENGTH || !segments.every((s) => SLUG_SEGMENT_PATTERN.test(s))) return null;
  return full;
}

function themeOf(content: Record<string, unknown> | undefined): BlockTheme | null {
  const theme = content?.theme;
  return typeof theme === 'string' && (BLOCK_THEMES as readonly string[]).includes(theme) ? (theme as BlockTheme) : null;
}

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

/**
 * The public read of one page: the container or content at a path, with everything the site
 * renders, in a constant number of queries (at most nine, whatever the number of sections,
 * fields, elements, forms or media):
 * 1 the slug with its owner, accesses, metadata, field definitions, the page's own sections
 * and the content's fields (from its documents), beside it the layout's sections (kept until a
 * purge of everything); 2 the placed elements; 3 what `contents` blocks list; 4 the
 * fields of the listed contents; then together 5 referenced contents, 6 media, 7 forms with their
 * fields, 8 theme and option lists (kept like the layout), 9 the field definitions of
 * the listed contents' containers. A content page with nothing to list or place: 1 (and the layout and 8 once).
 */
@Injectable()
export class PagesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
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
   * The page read, step by step: resolve the path to its owner (container or content), guard it
   * (accesses), load its sections and the layout's, the elements they place, what `contents`
   * blocks list, the fields shown, then what all of it refers to (contents, media, forms, settings,
   * field definitions), and assemble the answer. Each step that reads is one statement, prepared
   * on a server; a step with nothing to read sends none.
   */
  private async readFromDatabase(full: string, lang: Lang, auth: AuthContext | undefined, pageNumber: number): Promise<PageResponse> {
    const langs = [...new Set([lang, DEFAULT_LANG])];
    const reader = readerOf(auth);
    const [row, layoutRows] = await Promise.all([this.resolvePath(full, lang), this.cache.layoutSections(() => this.query<Section>(LAYOUT_SECTIONS_SQL, []))]);
    const { page, roleIds } = this.guard(row, full, auth);
    const { ownSections, layoutSections, allSections } = this.pickSections(page, layoutRows, lang);
    const elements = await this.loadElements(allSections);
    const { listings, listed, totals } = await this.loadListings(allSections, pageNumber, reader);
    const fields = await this.loadFields(page, listed, lang);
    return this.assemble({
      full,
      lang,
      langs,
      reader,
      pageNumber,
      page,
      roleIds,
      ownSections,
      layoutSections,
      allSections,
      elements,
      listings,
      listed,
      totals,
      fields,
    });
  }

  /** Fixed statement texts (values are parameters): prepared once per connection on a server. */
  private query<T>(sql: string, params: unknown[]): Promise<T[]> {
    return preparedQuery<T>(this.dataSource, sql, params);
  }

  /**
   * 1. The page at this path: its owner (content and container), accesses, metadata, its sections
   * and the layout's and, for a content, its fields (from its documents) and its container's field definitions.
   * One statement: a first visit costs a round trip less per part it brings, and the first visits
   * that concurrent requests make at once share it (batchedReads).
   */
  private async resolvePath(full: string, lang: Lang): Promise<PageRow | undefined> {
    return this.readPaths({ full, lang });
  }

  private readonly readPaths = batchedReads<{ full: string; lang: Lang }, PageRow>(async (keys) =>
    inKeyOrder(keys.length, await this.query<PageRow & { n: number }>(PATHS_SQL, [keys.map((k) => k.full), keys.map((k) => k.lang)])),
  );

  /** 2. Published, and readable by this reader: the roles that guard it (a content without its own takes its container's). */
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

  /** 3. The page's own sections (read with the path) and the layout's (kept), in the locale or en. */
  private pickSections(
    page: PageRow,
    layoutRows: readonly Section[],
    lang: Lang,
  ): { ownSections: Section[]; layoutSections: Section[]; allSections: Section[] } {
    const ownSections = page.contentId !== null && page.disableContentSections ? [] : pickLocale(page.sections, lang, [SectionType.PAGE]).sections;
    const layoutTypes = page.hideFooter ? LAYOUT_SECTION_TYPES.filter((t) => t !== SectionType.FOOTER) : LAYOUT_SECTION_TYPES;
    const layoutSections = pickLocale(layoutRows, lang, layoutTypes).sections;
    const allSections = [...ownSections, ...layoutSections].filter((s) => isBlockName(s.block));
    return { ownSections, layoutSections, allSections };
  }

  /** 4. Placed elements (discontinued ones are not shown). */
  private async loadElements(allSections: Section[]): Promise<Map<number, PageElement>> {
    const elementIds = [...new Set(allSections.map((s) => s.elementId).filter((id): id is number => id !== null))];
    const elements = new Map<number, PageElement>();
    if (elementIds.length) {
      const rows = await this.query<PageElement & { status: Status }>(
        `SELECT id, title, block, "formId", content, status FROM "element" WHERE id = ANY($1::int[])`,
        [elementIds],
      );
      for (const row of rows)
        if (row.status === Status.AVAILABLE && isBlockName(row.block))
          elements.set(row.id, { id: row.id, title: row.title, block: row.block, formId: row.formId, content: row.content ?? {} });
    }
    return elements;
  }

  /**
   * 5. What `contents` blocks list: published contents of the container, newest first or by title;
   * a paginating block skips the pages before `pageNumber`.
   */
  private async loadListings(
    allSections: Section[],
    pageNumber: number,
    reader: Reader,
  ): Promise<{ listings: Section[]; listed: Map<number, ListedRow[]>; totals: Map<number, number> }> {
    const listings = allSections.filter((s) => s.block === 'contents' && s.containerContentId !== null);
    const listed = new Map<number, ListedRow[]>();
    const totals = new Map<number, number>();
    if (listings.length) {
      const limit = (s: Section) => (typeof s.content.limit === 'number' ? s.content.limit : CONTENTS_BLOCK_DEFAULT_LIMIT);
      const sortOf = (s: Section) => (s.content.sort === 'title' ? 'title' : 'updatedAt');
      const offset = (s: Section) => (s.content.paginate === true ? (pageNumber - 1) * limit(s) : 0);
      const rows = await this.query<ListedRow>(
        `SELECT q.sid AS "sectionId", c.id, c.title, c."containerId", c."updatedAt", sl."full",
           (SELECT count(*)::int FROM "content" ct WHERE "containerId" = q.cid AND published AND ${LISTED_READABLE}) AS total
         FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::int[]) AS q(sid, cid, lim, sort, off)
         LEFT JOIN LATERAL (
           (SELECT id, title, "containerId", "updatedAt" FROM "content" ct WHERE q.sort = 'updatedAt' AND "containerId" = q.cid AND published AND ${LISTED_READABLE}
             ORDER BY "updatedAt" DESC, id DESC LIMIT q.lim OFFSET q.off)
           UNION ALL
           (SELECT id, title, "containerId", "updatedAt" FROM "content" ct WHERE q.sort = 'title' AND "containerId" = q.cid AND published AND ${LISTED_READABLE}
             ORDER BY title ASC, id ASC LIMIT q.lim OFFSET q.off)
         ) c ON true
         LEFT JOIN "slug" sl ON sl."contentId" = c.id AND sl.published`,
        [
          listings.map((s) => s.id),
          listings.map((s) => s.containerContentId),
          listings.map(limit),
          listings.map(sortOf),
          listings.map(offset),
          reader.role,
          reader.superAdmin,
        ],
      );
      // One row per listing even when it lists nothing, for its total.
      for (const row of rows) totals.set(row.sectionId, row.total);
      for (const section of listings) {
        const own = rows.filter((r) => r.sectionId === section.id && r.id !== null);
        own.sort(
          sortOf(section) === 'title'
            ? (a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id)
            : (a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime() || b.id - a.id,
        );
        listed.set(section.id, own);
      }
    }
    return { listings, listed, totals };
  }

  /** 6. Fields of the page's content (read with the path) and of the listed contents. */
  private async loadFields(page: PageRow, listed: Map<number, ListedRow[]>, lang: Lang): Promise<Map<number, LocalizedFields>> {
    const listedIds = [...new Set([...listed.values()].flat().map((r) => r.id))].filter((id) => id !== page.contentId);
    const fields = listedIds.length ? await this.fields.read(this.dataSource.manager, listedIds, lang) : new Map<number, LocalizedFields>();
    if (page.contentId !== null) {
      const types = Object.fromEntries((page.definitions ?? []).map((definition) => [definition.name, definition.type]));
      fields.set(page.contentId, { fields: JSON.parse(page.fieldsJson) as LocalizedFields['fields'], fallbackFields: page.fallbackFields, types });
    }
    return fields;
  }

  /** 7. What the page refers to (contents, media, forms, settings, the cards' field definitions), then the answer. */
  private async assemble(read: PageRead): Promise<PageResponse> {
    const { full, lang, langs, reader, pageNumber, page, roleIds, ownSections, layoutSections, allSections, elements, listings, listed, totals, fields } = read;
    const contentRefs = new Set<number>();
    const mediaIds = new Set<number>();
    const collect = ({ fields: values, types }: LocalizedFields) => {
      for (const [name, value] of Object.entries(values)) {
        const type = types[name];
        for (const item of Array.isArray(value) ? value : [value]) {
          if (typeof item !== 'number') continue;
          if (type === ContainerFieldType.CONTENT) contentRefs.add(item);
          else if (type !== undefined && MEDIA_FIELD_TYPES.includes(type)) mediaIds.add(item);
        }
      }
    };
    for (const localized of fields.values()) collect(localized);
    const formIds = new Set<number>();
    for (const section of allSections) {
      for (const id of mediaIdsOf(BLOCKS[section.block as keyof typeof BLOCKS], section.content)) mediaIds.add(id);
      if (section.formId !== null) formIds.add(section.formId);
    }
    for (const element of elements.values()) {
      if (isBlockName(element.block)) for (const id of mediaIdsOf(BLOCKS[element.block], element.content)) mediaIds.add(id);
      if (element.formId !== null) formIds.add(element.formId);
    }

    // The field definitions the site draws the listed cards with (the page's own came with query 1).
    const definedContainers = [...new Set(listings.map((s) => s.containerContentId as number))].filter(
      (id) => id !== page.containerId || page.contentId === null,
    );

    // The references do not depend on each other: read together.
    const [refRows, mediaRows, formRows, settingRows, definitionRows] = await Promise.all([
      contentRefs.size
        ? this.query(
            `SELECT c.id, c.title, c."containerId", s."full" FROM "content" c LEFT JOIN "slug" s ON s."contentId" = c.id AND s.published
             WHERE c.id = ANY($1::int[]) AND c.published AND ${REFERENCED_READABLE}`,
            [[...contentRefs], reader.role, reader.superAdmin],
          )
        : Promise.resolve([]),
      mediaIds.size
        ? this.query(`SELECT id, uri, "mimeType", alt, width, height, name, size FROM "media" WHERE id = ANY($1::int[])`, [[...mediaIds]])
        : Promise.resolve([]),
      formIds.size
        ? this.query(
            `SELECT f.id, f.title, f."successMessage", f."errorMessage",
               (SELECT coalesce(json_agg(json_build_object('name', ff.name, 'type', ff.type, 'label', ff.label, 'placeholder', ff.placeholder, 'position', ff.position,
                  'line', ff.line, 'options', ff.options, 'min', ff.min, 'max', ff.max, 'defaultText', ff."defaultText", 'defaultNumber', ff."defaultNumber",
                  'defaultMultiple', ff."defaultMultiple", 'required', ff.required, 'warningMessage', ff."warningMessage", 'lang', ff.lang) ORDER BY ff.position, ff.id), '[]')
                FROM "form_field" ff WHERE ff."formId" = f.id AND ff.lang = ANY($2::lang[])) AS fields
             FROM "form" f WHERE f.id = ANY($1::int[]) AND f.status = 'AVAILABLE'`,
            [[...formIds], langs],
          )
        : Promise.resolve([]),
      this.cache.pageSettings(() =>
        this.query(`SELECT name, value FROM "setting" WHERE name = ANY($1::varchar[])`, [[...Object.values(THEME_SETTINGS), OPTION_LISTS_SETTING]]),
      ),
      definedContainers.length
        ? this.query<PageFieldDefinition & { containerId: number }>(
            `SELECT "containerId", name, label, type, multiple FROM "container_field" cf WHERE "containerId" = ANY($1::int[]) AND ${DEFINED_READABLE} ORDER BY position, id`,
            [definedContainers, reader.role, reader.superAdmin],
          )
        : Promise.resolve([]),
    ]);
    const fieldDefinitions: Record<string, PageFieldDefinition[]> = {};
    if (page.contentId !== null) fieldDefinitions[page.containerId] = page.definitions ?? [];
    for (const { containerId, ...definition } of definitionRows) (fieldDefinitions[containerId] ??= []).push(definition);

    const contents: Record<string, PageContentRef> = {};
    for (const row of refRows as (PageContentRef & { full: string | null })[])
      contents[row.id] = { id: row.id, title: row.title, containerId: row.containerId, path: row.full === null ? null : pathOf(row.full) };
    // A reference the reader may not follow (members-only, unpublished, gone) is not even named by its id.
    for (const localized of fields.values()) {
      for (const [name, value] of Object.entries(localized.fields)) {
        if (localized.types[name] !== ContainerFieldType.CONTENT) continue;
        if (Array.isArray(value)) localized.fields[name] = value.filter((id) => typeof id === 'number' && contents[id] !== undefined) as typeof value;
        else if (typeof value === 'number' && contents[value] === undefined) localized.fields[name] = null;
      }
    }
    const media: Record<string, PageMedia> = {};
    for (const row of mediaRows as (Omit<PageMedia, 'alt' | 'size'> & { alt: Record<string, string> | null; size: string | number })[]) {
      media[row.id] = {
        id: row.id,
        uri: row.uri,
        mimeType: row.mimeType,
        alt: row.alt?.[lang] ?? row.alt?.[DEFAULT_LANG] ?? null,
        width: row.width,
        height: row.height,
        name: row.name,
        size: Number(row.size),
      };
    }
    const forms: Record<string, PageForm> = {};
    const optionKeys = new Set<string>();
    for (const row of formRows as FormRow[]) {
      const { rows: chosen, locale: fieldsLocale } = inLocale(row.fields, lang);
      forms[row.id] = {
        id: row.id,
        title: row.title,
        successMessage: row.successMessage,
        errorMessage: row.errorMessage,
        fieldsLocale,
        fields: chosen.map(({ lang: _lang, ...field }) => field),
      };
      for (const field of chosen) if (field.type === FormFieldType.ZOHOOPTIONS) for (const key of field.options ?? []) optionKeys.add(key);
    }
    const settings = settingRows as { name: string; value: unknown }[];
    const allLists = settings.find((s) => s.name === OPTION_LISTS_SETTING)?.value;
    const optionLists: Record<string, string[]> = {};
    if (allLists && typeof allLists === 'object') {
      for (const key of optionKeys) {
        const list = Object.prototype.hasOwnProperty.call(allLists, key) ? (allLists as Record<string, unknown>)[key] : undefined;
        if (Array.isArray(list)) optionLists[key] = list.filter((v): v is string => typeof v === 'string');
      }
    }
    const itemOf = (row: ListedRow): PageContentItem => {
      const localized = fields.get(row.id);
      return {
        id: row.id,
        title: row.title,
        containerId: row.containerId,
        path: row.full === null ? null : pathOf(row.full),
        updatedAt: new Date(row.updatedAt).toISOString(),
        fields: localized?.fields ?? {},
        fallbackFields: localized?.fallbackFields ?? [],
      };
    };
    const toSection = (section: Section): PageSection | null => {
      const element = section.elementId !== null ? (elements.get(section.elementId) ?? null) : null;
      if (section.block === 'element' && !element) return null;
      if (section.formId !== null && !forms[section.formId]) return null;
      if (element?.formId != null && !forms[element.formId]) return null;
      return {
        id: section.id,
        type: section.type,
        block: section.block,
        position: section.position,
        theme: themeOf(section.content) ?? themeOf(element?.content),
        content: section.content ?? {},
        formId: section.formId,
        elementId: section.elementId,
        containerContentId: section.containerContentId,
        element,
        items: section.block === 'contents' ? (listed.get(section.id) ?? []).map(itemOf) : null,
        itemsTotal: section.block === 'contents' ? (totals.get(section.id) ?? 0) : null,
      };
    };
    const present = (s: PageSection | null): s is PageSection => s !== null;
    const localized = page.contentId !== null ? fields.get(page.contentId) : undefined;
    const metadata: MetadataEntry[] = pickMetadata(page.metadata, lang).metadata;

    return {
      locale: lang,
      page: pageNumber,
      path: pathOf(full),
      kind: page.contentId !== null ? 'content' : 'container',
      title: page.contentTitle ?? page.containerTitle,
      container: {
        id: page.containerId,
        title: page.containerTitle,
        hideFooter: page.hideFooter,
        disableContentSections: page.disableContentSections,
        sectionsPosition: page.sectionsPosition,
        path: page.containerFull === null ? null : pathOf(page.containerFull),
      },
      content:
        page.contentId !== null
          ? {
              id: page.contentId,
              title: page.contentTitle!,
              updatedAt: new Date(page.contentUpdatedAt!).toISOString(),
              fields: localized?.fields ?? {},
              fallbackFields: localized?.fallbackFields ?? [],
            }
          : null,
      sections: ownSections.map(toSection).filter(present),
      layout: layoutSections.map(toSection).filter(present),
      metadata,
      theme: themeFromSettings(settings),
      accesses: roleIds.map((roleId) => ({ roleId })),
      alternates: LANGS.map((l) => ({ locale: l, path: localePath(l, full) })),
      media,
      forms,
      contents,
      optionLists,
      fieldDefinitions,
    };
  }
}

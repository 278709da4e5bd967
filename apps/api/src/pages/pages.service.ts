import { DEFAULT_LANG, type Lang, localePath, type PageElement, type PageResponse } from '@cms/contracts';
import { decidePageAccess } from '@cms/rights';
import { ForbiddenException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { readableSql, readerOf, type Reader } from '../accesses/readable-sql';
import type { AuthContext } from '../common/auth/auth-context';
import { OPTION_LISTS_SETTING } from '../contents/content-fields.service';
import type { LocalizedFields } from '../contents/read-model/content-rows';
import { LINKED_PATHS_SQL, LISTED_SQL, MOVED_SQL, PATHS_SQL, REFERENCED_SQL, SECTION_COLUMNS } from '../contents/read-model/page-reads';
import type { Section } from '../sections/section.entity';
import { pathOf } from '../slugs/slug-rules';
import { batchedReads, inKeyOrder } from '../database/batched-reads';
import { preparedQuery } from '../database/prepared-query';
import { ReadPool } from '../database/read-pool';
import { PageCache, type PageMove } from './page-cache';
import { surrogateKeysOf } from '../cdn/surrogate-keys';
import { PageMovedException } from './page-moved';
import { addressOf, RedirectsService } from '../redirects/redirects.service';
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
  listedFieldsOf,
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
  linkTargetOf,
  navigationHrefsOf,
  type ReferencedRow,
  type References,
  referencesOf,
  type SettingRow,
  withReadableReferences,
} from './page-mappers';
import { THEME_SETTINGS } from '../theme/theme';
import { ContentPublishingService } from '../contents/content-publishing.service';
import { ContentsService, DRAFT_READER } from '../contents/contents.service';
import { ContainerDraftsService } from '../containers/container-drafts.service';

/** Where a read's statements run: the read pool, or a transaction (a preview's, that applies a draft and is rolled back). */
type On = ReadPool | EntityManager;

/** What the listings of a page found: their contents, totals, the fields shown (the page's own included) and the cards' field definitions. */
interface ListedRead {
  listed: Map<number, ListedRow[]>;
  totals: Map<number, number>;
  fields: Map<number, LocalizedFields>;
  definitionRows: DefinitionRow[];
}

/** A container the reader may read (its own page's rule): only those lend their field definitions to a page's answer. */
const DEFINED_READABLE = readableSql({ contentId: 'NULL::int', containerId: 'cf."containerId"' }, { role: '$2', superAdmin: '$3' });

/** Every layout section (header, footer and the bodies' top and bottom), in every locale: the same for every page, kept by PageCache. */
const LAYOUT_SECTIONS_SQL = `SELECT ${SECTION_COLUMNS} FROM "section" WHERE type <> 'PAGE' AND "containerId" IS NULL AND "contentId" IS NULL ORDER BY position, id`;

/** 2. The placed elements, any status (the mapper keeps the available ones). */
const ELEMENTS_SQL = `SELECT id, title, block, "formId", content, status FROM "element" WHERE id = ANY($1::int[])`;

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
 * renders, in a constant number of queries (at most eight, whatever the number of sections,
 * fields, elements, forms or media):
 * 1 the slug with its owner, accesses, metadata, field definitions, the page's own sections
 * and the content's fields (from its documents), beside it the layout's sections (kept until a
 * purge of everything); then together 2 the placed elements and 3 what `contents` blocks list
 * with 4 the listed contents' fields (from their documents) and 9 the field definitions of
 * their containers; then together 5 referenced contents, 6 media, 7 forms with their fields, 8 theme
 * and option lists (kept like the layout). A content page with nothing to list or place: 1 (and
 * the layout and 8 once). Steps that read are methods named after what they read; turning rows
 * into the answer is page-mappers.ts. The read uses no transaction: concurrent statements queue
 * for the pool's connections (one on the embedded database).
 */
@Injectable()
export class PagesService {
  constructor(
    private readonly reads: ReadPool,
    private readonly cache: PageCache,
    private readonly contents: ContentsService,
    private readonly publishing: ContentPublishingService,
    private readonly containerDrafts: ContainerDraftsService,
    private readonly redirects: RedirectsService,
  ) {}

  /**
   * A preview (GET /api/pages?preview=): the page at this path as it will be once the draft the
   * token names is live (a content's, or a container's own page's), read by the same steps inside
   * a transaction that applies the draft, publishes the page and is rolled back. Never cached, and
   * refused (403) unless the token was made for the page at this path (a content token opens only
   * its content's page, a container token only the container's own page) in this locale.
   */
  async readPreview(rawPath: string, lang: Lang, token: string, pageNumber = 1): Promise<Buffer> {
    const { target, lang: tokenLang } = await this.publishing.previewOf(token);
    const full = normalisePath(rawPath);
    if (full === null) throw new NotFoundException(`No page at ${rawPath.slice(0, 200)}`);
    if (tokenLang !== lang) throw new ForbiddenException('This preview link is for another page');
    const page =
      target.contentId !== undefined
        ? await this.contents.withDraftApplied(target.contentId, DRAFT_READER, undefined, async (manager) => {
            await this.contents.showAsPublished(manager, target.contentId);
            return this.readFromDatabase(full, lang, undefined, pageNumber, manager, (row) => {
              if (row?.contentId !== target.contentId) throw new ForbiddenException('This preview link is for another page');
            });
          })
        : await this.containerDrafts.withDraftApplied(target.containerId, DRAFT_READER, async (manager) => {
            await this.containerDrafts.showAsPublished(manager, target.containerId);
            return this.readFromDatabase(full, lang, undefined, pageNumber, manager, (row) => {
              if (!row || row.contentId !== null || row.containerId !== target.containerId)
                throw new ForbiddenException('This preview link is for another page');
            });
          });
    return Buffer.from(JSON.stringify(page));
  }

  /**
   * A page as the JSON of a PageResponse, encoded: from the cache when it is there, else read.
   * `guarded` pages list accesses. `personal` answers depend on the reader's role (what listings
   * and references show): only anonymous reads of pages that are not guarded are kept, so the
   * cache holds what the public may read and never a member's view.
   */
  async read(
    rawPath: string,
    lang: Lang,
    auth: AuthContext | undefined,
    pageNumber = 1,
  ): Promise<{ body: Buffer; guarded: boolean; personal: boolean; keys: readonly string[] }> {
    const full = normalisePath(rawPath);
    // An address that cannot be a page's (`/Old-Page.html`) may still be a redirect's.
    if (full === null) {
      await this.throwIfMoved(null, lang, addressOf(lang, rawPath));
      throw new NotFoundException(`No page at ${rawPath.slice(0, 200)}`);
    }
    const personal = auth !== undefined;
    // Later pages of a listing are rarer: the site keeps its own copy of them, this cache only the first.
    const cacheable = !personal && pageNumber === 1;
    if (cacheable) {
      const cached = this.cache.get(lang, pathOf(full));
      if (cached !== undefined) return { body: cached.body, keys: cached.keys, guarded: false, personal };
    }
    // An address kept as leading elsewhere (no page lives there: a write that puts one there purges it).
    this.throwIfKeptMove(addressOf(lang, pathOf(full)));
    const generation = this.cache.currentGeneration();
    const page = await this.readFromDatabase(full, lang, auth, pageNumber);
    const body = Buffer.from(JSON.stringify(page));
    const guarded = page.accesses.length > 0;
    // What a shared cache files the public's copy under: the keys purges name (cdn/surrogate-keys.ts).
    const keys = guarded || personal ? [] : surrogateKeysOf(page, lang, pathOf(full));
    if (!guarded && cacheable) this.cache.set(lang, pathOf(full), { body, keys }, generation);
    return { body, guarded, personal, keys };
  }

  /**
   * The page read, step by step: resolve the path to its owner (container or content) beside the
   * layout, guard it, pick the sections shown, read the elements they place and what they list
   * (with the listed contents' fields and definitions), then what all of it refers to, and map
   * the rows to the answer. A step with nothing to read sends no statement.
   */
  private async readFromDatabase(
    full: string,
    lang: Lang,
    auth: AuthContext | undefined,
    pageNumber: number,
    on: On = this.reads,
    preview?: (page: PageRow | undefined) => void,
  ): Promise<PageResponse> {
    const reader = readerOf(auth);
    const [row, layoutRows] = await Promise.all([on === this.reads ? this.readPath(full, lang) : this.readPathOn(on, full, lang), this.readLayoutSections(on)]);
    preview?.(row);
    if (!row && !preview) await this.throwIfMoved(full, lang, addressOf(lang, pathOf(full)));
    const { page, roleIds } = this.guard(row, full, auth, preview !== undefined);
    const sections = pageSectionsOf(page, layoutRows, lang);
    // Elements, listings and the layout's links follow from the sections only: read together.
    const [elements, { listed, totals, fields, definitionRows }, links] = await Promise.all([
      this.readElements(sections.all, on),
      this.readListings(page, listingsOf(sections.all), pageNumber, reader, lang, on),
      this.readLayoutLinks(layoutRows, on),
    ]);
    const references = await this.readReferences(referencesOf(fields, sections.all, elements), lang, reader, on);
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
      links: new Map(links),
    });
  }

  /**
   * No page lives at this address: a visitor who followed another locale's address of a page
   * (`/fr/blog/a-calm-design-system` when the French page is `/fr/blog/bonjour`) is sent to the
   * page's own, else a redirect from the address answers; either is kept in PageCache like a page
   * (a redirect's hit is counted at each answer). `full` is null for an address no page can have.
   */
  private async throwIfMoved(full: string | null, lang: Lang, address: string): Promise<void> {
    this.throwIfKeptMove(address);
    const generation = this.cache.currentMoveGeneration();
    // The other locales' paths and the redirects in one statement (MOVED_SQL), as RedirectsService.resolve reads them.
    const [row] = await this.query<{ id: number | null; full: string | null; to: string | null; status: number }>(MOVED_SQL, [full, lang, address]);
    if (!row) return;
    const move: PageMove =
      row.full !== null
        ? { id: null, to: addressOf(lang, pathOf(row.full)), status: 301 }
        : { id: row.id, to: row.to!, status: row.status === 302 ? 302 : 301 };
    if (move.id !== null) this.redirects.countHit(move.id);
    this.cache.setMove(address, move, generation);
    throw new PageMovedException(move.to, move.status);
  }

  /** Where an address kept in PageCache leads (a redirect's hit counted), thrown as the answer. */
  private throwIfKeptMove(address: string): void {
    const kept = this.cache.getMove(address);
    if (!kept) return;
    if (kept.id !== null) this.redirects.countHit(kept.id);
    throw new PageMovedException(kept.to, kept.status);
  }

  /**
   * The internal links of the layout's navigation sections (every locale's) to the address of the
   * page each names in its locale, where it differs (a French page with its own segment): one
   * statement, kept with the layout.
   */
  private readLayoutLinks(layoutRows: readonly Section[], on: On): Promise<readonly [string, string][]> {
    const read = async (): Promise<[string, string][]> => {
      const targets = navigationHrefsOf(layoutRows)
        .map((href) => ({ href, target: linkTargetOf(href) }))
        .filter((link): link is { href: string; target: NonNullable<ReturnType<typeof linkTargetOf>> } => link.target !== null);
      if (targets.length === 0) return [];
      const rows = await this.query<{ href: string; full: string }>(
        LINKED_PATHS_SQL,
        [targets.map((t) => t.href), targets.map((t) => t.target.lang), targets.map((t) => t.target.full)],
        on,
      );
      const found = new Map(rows.map((row) => [row.href, row.full]));
      return targets.flatMap(({ href, target }): [string, string][] => {
        const full = found.get(href);
        const to = full === undefined ? href : localePath(target.lang, full) + target.rest;
        return to === href ? [] : [[href, to]];
      });
    };
    return on === this.reads ? this.cache.layoutLinks(read) : read();
  }

  /** Fixed statement texts (values are parameters): prepared once per connection on a server. */
  private query<T>(sql: string, params: unknown[], on: On = this.reads): Promise<T[]> {
    return preparedQuery<T>(on, sql, params);
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

  /** 1 inside a transaction (a preview's): not batched with other reads. */
  private async readPathOn(on: On, full: string, lang: Lang): Promise<PageRow | undefined> {
    return (await this.query<PageRow>(PATHS_SQL, [[full], [lang]], on))[0];
  }

  private readonly readPaths = batchedReads<{ full: string; lang: Lang }, PageRow>(async (keys) =>
    inKeyOrder(keys.length, await this.query<PageRow & { n: number }>(PATHS_SQL, [keys.map((k) => k.full), keys.map((k) => k.lang)])),
  );

  /** 1 beside it. The layout's sections in every locale, the same for every page: kept until a purge of everything. */
  private readLayoutSections(on: On): Promise<readonly Section[]> {
    // Inside a transaction the read goes through it: on the embedded database the pool's one connection is the transaction's.
    if (on !== this.reads) return this.query<Section>(LAYOUT_SECTIONS_SQL, [], on);
    return this.cache.layoutSections(() => this.query<Section>(LAYOUT_SECTIONS_SQL, []));
  }

  /** Published, and readable by this reader: the roles that guard it (a content without its own takes its container's). */
  private guard(page: PageRow | undefined, full: string, auth: AuthContext | undefined, preview = false): { page: PageRow; roleIds: string[] } {
    const published = page && page.slugPublished && (page.contentId !== null ? page.contentPublished : page.containerPublished);
    if (!page || !published) throw new NotFoundException(`No page at ${pathOf(full)}`);
    const roleIds = page.contentId !== null && page.contentAccesses.length > 0 ? page.contentAccesses : page.containerAccesses;
    // A preview was made by staff for this page (its token says so): it shows what the page will be, whoever guards it.
    if (preview) return { page, roleIds };
    const decision = decidePageAccess({ accesses: roleIds.map((roleId) => ({ roleId })) }, auth ? { role: auth.role, rights: auth.rights } : null);
    // Anonymous visitors learn that a published page asks for sign-in: the site must send them to
    // /sign-in (spec section 2). A signed-in role without access is told what a missing page tells.
    if (decision.kind === 'sign-in') throw new UnauthorizedException('This page is for signed-in members: sign in first');
    if (decision.kind === 'not-found') throw new NotFoundException(`No page at ${pathOf(full)}`);
    return { page, roleIds };
  }

  /** 2. The elements the sections place (discontinued ones are not shown). */
  private async readElements(sections: readonly Section[], on: On): Promise<Map<number, PageElement>> {
    const ids = elementIdsOf(sections);
    return elementsOf(ids.length ? await this.query<ElementRow>(ELEMENTS_SQL, [ids], on) : []);
  }

  /**
   * 3. What `contents` blocks list with 4 their fields, beside it 9 their containers' field
   * definitions (both follow from the sections only); the fields map ends with the page's own content's (read with its path).
   */
  private async readListings(page: PageRow, listings: readonly Section[], pageNumber: number, reader: Reader, lang: Lang, on: On): Promise<ListedRead> {
    const [rows, definitionRows] = await Promise.all([
      listings.length ? this.query<ListedRow>(LISTED_SQL, [...listingParamsOf(listings, pageNumber), reader.role, reader.superAdmin, lang], on) : [],
      this.readListedDefinitions(definedContainersOf(listings, page), reader, on),
    ]);
    const { listed, totals } = listedOf(listings, rows);
    const fields = listedFieldsOf(rows, page.contentId);
    const own = pageContentFieldsOf(page);
    if (page.contentId !== null && own !== undefined) fields.set(page.contentId, own);
    return { listed, totals, fields, definitionRows };
  }

  /** 9. The field definitions the site draws the listed cards with, of the containers the reader may read. */
  private async readListedDefinitions(containerIds: number[], reader: Reader, on: On): Promise<DefinitionRow[]> {
    return containerIds.length ? this.query<DefinitionRow>(DEFINITIONS_SQL, [containerIds, reader.role, reader.superAdmin], on) : [];
  }

  /** 5 to 8, which do not depend on each other: read together. */
  private async readReferences(references: References, lang: Lang, reader: Reader, on: On) {
    const [contents, media, forms, settings] = await Promise.all([
      this.readReferencedContents(references.contentIds, reader, lang, on),
      this.readMedia(references.mediaIds, lang, on),
      this.readForms(references.formIds, lang, on),
      this.readSettings(on),
    ]);
    return { contents, media, forms: forms.forms, optionKeys: forms.optionKeys, settings };
  }

  /** 5. The contents CONTENT fields refer to that the reader may open, by id. */
  private async readReferencedContents(contentIds: number[], reader: Reader, lang: Lang, on: On) {
    return contentsOf(contentIds.length ? await this.query<ReferencedRow>(REFERENCED_SQL, [contentIds, reader.role, reader.superAdmin, lang], on) : []);
  }

  /** 6. The media the sections, elements and fields show, by id. */
  private async readMedia(mediaIds: number[], lang: Lang, on: On) {
    return mediaOf(mediaIds.length ? await this.query<MediaRow>(MEDIA_SQL, [mediaIds], on) : [], lang);
  }

  /** 7. The forms the sections and elements show, with their fields in the locale or en. */
  private async readForms(formIds: number[], lang: Lang, on: On) {
    return formsOf(formIds.length ? await this.query<FormRow>(FORMS_SQL, [formIds, [...new Set([lang, DEFAULT_LANG])]], on) : [], lang);
  }

  /** 8. The theme and option lists settings: kept until a purge of everything, like the layout. */
  private readSettings(on: On): Promise<readonly SettingRow[]> {
    const names = [...Object.values(THEME_SETTINGS), OPTION_LISTS_SETTING];
    if (on !== this.reads) return this.query<SettingRow>(SETTINGS_SQL, [names], on);
    return this.cache.pageSettings(() => this.query<SettingRow>(SETTINGS_SQL, [names]));
  }
}

import { DEFAULT_LANG, LANGS, SectionType, Status, SUPER_ADMIN_ROLE_ID, type Lang, type SearchHit, type WebhookEvent } from '@cms/contracts';
import { draftLocales, draftWrites, mergeDraft, NO_CHANGES, parseDraft, type DraftChanges } from './drafts';
import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { matchPatterns, parseListQuery, type ListQuery, type RawListQuery } from '../common/http/list-query';
import { ContainerField } from '../containers/container-field.entity';
import { Container } from '../containers/container.entity';
import { batchedReads, inKeyOrder } from '../database/batched-reads';
import { preparedQuery } from '../database/prepared-query';
import { ReadPool } from '../database/read-pool';
import type { Metadata } from '../metadata/metadata.entity';
import { pickMetadata } from '../metadata/metadata.service';
import type { AuthContext } from '../common/auth/auth-context';
import { InputErrors } from '../common/http/input-errors';
import { Section } from '../sections/section.entity';
import { pickLocale, sectionToDto } from '../sections/sections.service';
import { AffectedPagesService, type AffectedSeeds } from '../slugs/affected-pages.service';
import { pathOf } from '../slugs/slug-rules';
import { SlugsService } from '../slugs/slugs.service';
import { ContentFieldsService, type FieldChanges } from './content-fields.service';
import { changesWhatItShows, inRolledBackTransaction } from '../database/tried-in-savepoint';
import { ContentListCache, type ListPage } from './content-list-cache';
import { Content } from './content.entity';
import { countStatement, CONTENT_LIST_SPEC, listStatement } from './read-model/content-list';
import { contentStateSql, CONTENTS_BY_ID_SQL } from './read-model/content-reads';
import { CONTENT_SEARCH_INDEXED_SQL, CONTENT_SEARCH_SCAN_SQL } from './read-model/search';
import { toPrefixQuery } from './read-model/full-text';
import {
  checkFieldQuery,
  checkOneProjection,
  type FieldDefinitionRow,
  type FieldQuery,
  namesFields,
  parseProjection,
  project,
  singleContainerId,
  splitFieldQuery,
} from './read-model/field-queries';
import type { ContentDto, ContentSummaryDto, CreateContentDto, UpdateContentDto } from './dto/content.dto';
import { PagePartsService } from '../page-parts/page-parts.service';
import { updatedByNow, VersionsService, type VersionAction } from '../versions/versions.service';
import { currentActor } from '../versions/request-context';
import { WebhookEventsService } from '../webhooks/webhook-events.service';

/** What field queries read of a container's definitions. */
const FIELD_DEFINITIONS_SQL = `SELECT name, type, multiple, options FROM "container_field" WHERE "containerId" = $1 ORDER BY position, id`;

interface ContentRow {
  id: number;
  title: string;
  containerId: number;
  published: boolean;
  status: ContentSummaryDto['status'];
  updatedAt: Date;
  slug: string | null;
  full: string | null;
  hasDraft: boolean;
  publishedAt: Date | null;
  publishAt: Date | null;
  unpublishAt: Date | null;
}

interface OneContentRow extends ContentRow {
  drafts: boolean;
  defaultSlug: string | null;
  slugId: number | null;
  parentSlugId: number | null;
  fieldsJson: string;
  fallbackFields: string[];
  sections: Partial<Section>[];
  metadata: Pick<Metadata, 'name' | 'content' | 'lang'>[];
  accesses: string[];
}

/** A section as a version keeps it: what a PUT takes back (no row id, the locale is the key it is under). */
export type SectionState = Omit<ReturnType<typeof sectionToDto>, 'id' | 'lang'>;

/** A locale's own values in a version (sections or metadata null: the locale shows en's; slug null: it uses en's). */
export interface ContentLocaleState {
  fields: Record<string, unknown>;
  /** The locale's own slug segment (versions kept before localized addresses have none). */
  slug?: string | null;
  sections: SectionState[] | null;
  metadata: { name: string; content: string }[] | null;
}

/** A content's whole state in a version (record_version.state): everything a PUT in each locale writes. */
export interface ContentState {
  title: string;
  status: Status;
  published: boolean;
  slug: string | null;
  parentSlugId: number | null;
  accesses: string[];
  locales: Partial<Record<Lang, ContentLocaleState>>;
}

const isoOrNull = (time: Date | null) => (time === null ? null : new Date(time).toISOString());

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
    hasDraft: row.hasDraft,
    publishedAt: isoOrNull(row.publishedAt),
    publishAt: isoOrNull(row.publishAt),
    unpublishAt: isoOrNull(row.unpublishAt),
  };
}

/** A content's container and its field definitions, read for a write. */
export interface ContainerOfContent {
  container: Container;
  definitions: ContainerField[];
}

/** A PUT's schedule, checked: undefined keeps a time, null clears it. */
export interface Schedule {
  publishAt?: Date | null;
  unpublishAt?: Date | null;
}

/** The schedule a PUT gives, if any: each time must be in the future (400 naming the field). */
function checkedSchedule(dto: Pick<UpdateContentDto, 'publishAt' | 'unpublishAt'>): Schedule | null {
  const errors = new InputErrors();
  const schedule = scheduleOf(dto, errors);
  errors.throwIfAny();
  return schedule;
}

/** The schedule a write gives, if any, each time in the future: what is wrong goes to `errors` (a bulk create checks every item so). */
export function scheduleOf(dto: Pick<UpdateContentDto, 'publishAt' | 'unpublishAt'>, errors: InputErrors): Schedule | null {
  if (dto.publishAt === undefined && dto.unpublishAt === undefined) return null;
  const schedule: Schedule = {};
  for (const key of ['publishAt', 'unpublishAt'] as const) {
    const value = dto[key];
    if (value === undefined) continue;
    if (value === null) {
      schedule[key] = null;
      continue;
    }
    const time = new Date(value);
    if (Number.isNaN(time.getTime())) errors.add(key, 'must be an ISO date-time, e.g. 2026-12-01T09:00:00Z');
    else if (time.getTime() <= Date.now()) errors.add(key, `must be in the future (${value} has passed)`);
    else schedule[key] = time;
  }
  return schedule;
}

function withoutSchedule(dto: UpdateContentDto): UpdateContentDto {
  const { publishAt: _publishAt, unpublishAt: _unpublishAt, ...rest } = dto;
  return rest;
}

/**
 * Who applies a draft to show it (to staff with the right to read contents, or in a preview): the
 * draft's accesses were checked against its editor's role when it was saved, and a publish checks
 * them against the publisher's again.
 */
export const DRAFT_READER: AuthContext = {
  userId: 0,
  loginId: 0,
  sessionId: '',
  name: 'drafts',
  email: '',
  role: SUPER_ADMIN_ROLE_ID,
  rights: [],
  language: null,
};

/** Why a content of this container may have no sections of its own, if it may not. */
export function noSectionsIn(container: Container): string | undefined {
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
    private readonly versions: VersionsService,
    private readonly webhooks: WebhookEventsService,
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
   * with its slugs, fields and total, built by read-model/content-list.ts (a third, the count, for
   * filters content_count does not keep).
   */
  async list(raw: RawListQuery & { fields?: unknown }, lang: Lang): Promise<ListPage> {
    const { rest, split } = splitFieldQuery(raw);
    const query = parseListQuery(rest, CONTENT_LIST_SPEC);
    const containerId = singleContainerId(query.filter.containerId);
    const definitions = namesFields(split) && containerId !== null ? await this.fieldDefinitions(containerId) : null;
    const fieldQuery = checkFieldQuery(split, containerId, definitions);
    const key = JSON.stringify([lang, query.sort.field, query.sort.order, query.range.start, query.range.end, query.filter, fieldQuery]);
    const version = await this.listCache.currentVersion();
    const kept = this.listCache.get(key, version);
    if (kept) return kept;
    const page = await this.readPage(query, lang, fieldQuery);
    this.listCache.set(key, version, page);
    return page;
  }

  /**
   * GET /api/search's contents: those whose title, or `title` field in any locale, holds `text`,
   * best match first, then the latest changed; `detail` is the container's title.
   */
  async search(text: string, limit: number): Promise<SearchHit[]> {
    type Row = Omit<SearchHit, 'kind' | 'updatedAt'> & { updatedAt: Date };
    const patterns = [...matchPatterns(text), limit];
    const words = toPrefixQuery(text);
    // The words' index first: a full page of whole, prefix and word matches leaves no room for a match inside a word (read-model/search.ts).
    let rows = words ? await preparedQuery<Row>(this.reads, CONTENT_SEARCH_INDEXED_SQL, [...patterns, words]) : [];
    if (rows.length < limit) rows = await preparedQuery<Row>(this.reads, CONTENT_SEARCH_SCAN_SQL, patterns);
    return rows.map((row) => ({ kind: 'contents', ...row, match: Number(row.match) as SearchHit['match'], updatedAt: new Date(row.updatedAt).toISOString() }));
  }

  /** The field definitions of a container that field filters, sorts and projections are checked against (none: no such container). */
  private fieldDefinitions(containerId: number): Promise<FieldDefinitionRow[]> {
    return preparedQuery<FieldDefinitionRow>(this.reads, FIELD_DEFINITIONS_SQL, [containerId]);
  }

  private async readPage(query: ListQuery, lang: Lang, fieldQuery: FieldQuery): Promise<ListPage> {
    const list = listStatement(query, lang, fieldQuery);
    const readBody = () => preparedQuery<{ body: string; count: number; listTotal?: number }>(this.reads, list.text, list.values).then((rows) => rows[0]);
    const readTotal = () => {
      const count = countStatement(query, lang, fieldQuery);
      return preparedQuery<{ total: number }>(this.reads, count.text, count.values).then((rows) => rows[0].total);
    };
    // The aggregate answers one row even past the end, so a kept total always comes with it.
    const [page, total] = list.counted ? await readBody().then((page) => [page, page.listTotal!] as const) : await Promise.all([readBody(), readTotal()]);
    // A projection is cut from the answer as the list writes it (at most a page of rows, parsed once: the page is kept cut).
    const body = fieldQuery.projection
      ? JSON.stringify((JSON.parse(page.body) as ContentSummaryDto[]).map((row) => project(row, fieldQuery.projection!)))
      : page.body;
    return { body: Buffer.from(body), count: page.count, total, start: query.range.start };
  }

  /** GET one with `fields=`: the content cut to the names asked, checked against its container's fields. */
  async readProjected(id: number, lang: Lang, fields: string | undefined): Promise<Partial<ContentDto>> {
    const names = parseProjection(fields);
    const content = await this.read(id, lang);
    if (!names) return content;
    const definitions = names.some((name) => name.startsWith('fields.')) ? await this.fieldDefinitions(content.containerId) : [];
    return project(content, checkOneProjection(names, content.containerId, definitions));
  }

  /**
   * One content in one statement (read-model/content-reads.ts): its row, slug and fields (the
   * list's expressions, so both answer the same bytes), its PAGE sections, metadata and accesses;
   * the locale fallbacks of sections and metadata are picked in Node by the same functions as
   * their services'. Outside a transaction it runs as a prepared statement, one for the reads that
   * concurrent requests make at once (batchedReads).
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
      drafts: row.drafts,
      slugId: row.slugId,
      defaultSlug: row.defaultSlug,
      parentSlugId: row.parentSlugId,
      sections: sections.map(sectionToDto),
      sectionsFallback: fallbackTypes.length > 0,
      metadata,
      metadataFallback: fallback,
      accesses: row.accesses.map((roleId) => ({ roleId })),
    };
  }

  async create(actor: AuthContext, dto: CreateContentDto, lang: Lang): Promise<ContentDto> {
    const schedule = checkedSchedule(dto);
    const { id, affected } = await this.dataSource.transaction(async (manager) => {
      const { container, definitions } = await this.containerOf(manager, dto.containerId, 'containerId');
      const errors = new InputErrors();
      const changes = await this.fields.check(manager, definitions, dto.fields ?? {}, errors);
      this.fields.checkRequired(definitions, lang, new Map(), changes, errors);
      const parts = await this.pageParts.check(manager, actor, null, dto, errors, noSectionsIn(container));
      errors.throwIfAny();

      const content = {
        title: dto.title,
        containerId: container.id,
        published: dto.published ?? false,
        status: dto.status ?? Status.AVAILABLE,
        updatedBy: actor.userId > 0 ? actor.userId : null,
      };
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
      if (dto.published) await manager.query(`UPDATE "content" SET "publishedAt" = now() WHERE id = $1`, [id]);
      if (schedule) await this.writeSchedule(manager, { id, publishAt: null, unpublishAt: null } as Content, schedule);
      await this.keepVersion(manager, id, 'create', [lang], { published: dto.published ?? false });
      await this.announceCreated(manager, [{ id, published: dto.published ?? false }], lang);
      return { id, affected: await this.affected.collect(manager, seeds) };
    });
    this.affected.emit(affected, 'all');
    return this.get(id, lang);
  }

  /**
   * A PUT: the schedule (publishAt, unpublishAt) is written at once; the rest goes to the working
   * draft on a container with drafts (the live rows and every public read stay as they were), else
   * to the live rows, whose pages are purged.
   */
  async update(actor: AuthContext, id: number, dto: UpdateContentDto, lang: Lang): Promise<ContentDto> {
    const schedule = checkedSchedule(dto);
    const outcome = await this.dataSource.transaction(async (manager) => {
      const content = await this.lock(manager, id);
      if (dto.containerId != null && dto.containerId !== content.containerId)
        InputErrors.fail('containerId', 'cannot change: a content stays in its container');
      const target = await this.containerOf(manager, content.containerId, 'containerId');
      if (schedule) await this.writeSchedule(manager, content, schedule);
      const changes = withoutSchedule(dto);
      if (target.container.drafts) {
        await this.saveDraft(manager, actor, content, target, changes, lang);
        return null;
      }
      const wasPublished = content.published;
      const { seeds, localOnly } = await this.applyChanges(manager, actor, content, target, changes, lang);
      await this.keepVersion(manager, id, 'update', [lang], { published: content.published && !wasPublished });
      await this.announce(manager, 'content.updated', [id], [lang]);
      if (content.published !== wasPublished) await this.announce(manager, content.published ? 'content.published' : 'content.unpublished', [id], LANGS);
      return { affected: await this.affected.collect(manager, seeds), localOnly };
    });
    if (outcome) this.affected.emit(outcome.affected, outcome.localOnly ? lang : 'all');
    return this.read(id, lang);
  }

  /** The content row, locked until the transaction ends (404 when there is none). */
  async lock(manager: EntityManager, id: number): Promise<Content> {
    const content = await manager.getRepository(Content).createQueryBuilder('c').setLock('pessimistic_write').where('c.id = :id', { id }).getOne();
    if (!content) throw new NotFoundException(`No content ${id}`);
    return content;
  }

  /**
   * Checks `dto` in `lang` against the container's rules and writes it on the live rows of a locked
   * content (a PUT without drafts, and each step of a publish): what pages it touches, and whether
   * only the locale's did change.
   */
  async applyChanges(
    manager: EntityManager,
    actor: AuthContext,
    content: Content,
    { container, definitions }: ContainerOfContent,
    dto: UpdateContentDto,
    lang: Lang,
  ): Promise<{ seeds: AffectedSeeds; localOnly: boolean }> {
    const id = content.id;
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
    await manager.getRepository(Content).update({ id }, { ...scalars, updatedAt: new Date(), updatedBy: actor.userId > 0 ? actor.userId : updatedByNow() });
    Object.assign(content, scalars);
    await this.fields.write(manager, id, lang, definitions, changes);
    const seeds: AffectedSeeds = { contentIds: [id], listingContainerIds: [container.id], referencingContentIds: [id], paths: [] };
    if (dto.slug !== undefined || dto.parentSlugId !== undefined) {
      const containerSlug = await this.slugs.findFor(manager, { containerId: container.id });
      const result = await this.slugs.apply(
        manager,
        { contentId: id },
        { lang, basic: dto.slug, parentId: dto.parentSlugId, defaultParentId: containerSlug?.id ?? null, published },
      );
      seeds.paths!.push(...result.paths);
      // The layout's navigation links name pages by address: a page whose address changed purges everything.
      if (result.moves.length > 0) seeds.everything = true;
    } else if (scalars.published !== undefined) {
      await this.slugs.setPublished(manager, { contentId: id }, published);
    }
    await this.pageParts.write(manager, { kind: 'content', id }, lang, dto, parts);
    const localOnly = Object.keys(scalars).length === 0 && dto.slug === undefined && dto.parentSlugId === undefined && dto.accesses == null;
    return { seeds, localOnly };
  }

  /** The working draft of a content (none: no changes). */
  async draftOf(manager: EntityManager, id: number): Promise<DraftChanges | null> {
    const [row] = await manager.query(`SELECT changes FROM "content_draft" WHERE "contentId" = $1`, [id]);
    return row ? parseDraft(row.changes) : null;
  }

  /**
   * Makes the draft's PUTs (all, or `only` one locale's) on the live rows of a locked content, each
   * checked as a PUT is: what pages they touch.
   */
  async applyDraft(
    manager: EntityManager,
    actor: AuthContext,
    content: Content,
    target: ContainerOfContent,
    draft: DraftChanges,
    only?: Lang,
  ): Promise<AffectedSeeds[]> {
    const seeds: AffectedSeeds[] = [];
    for (const { lang, dto } of draftWrites(draft, only)) seeds.push((await this.applyChanges(manager, actor, content, target, dto, lang)).seeds);
    return seeds;
  }

  /**
   * Saves a PUT into the draft: the draft with it is applied to the live rows inside a savepoint,
   * so it is refused (400, 409) exactly as a PUT without drafts would be, and compared with the live
   * version; then the savepoint is rolled back, and the draft kept when it differs (dropped when
   * the editor put back what is live).
   */
  private async saveDraft(
    manager: EntityManager,
    actor: AuthContext,
    content: Content,
    target: ContainerOfContent,
    dto: UpdateContentDto,
    lang: Lang,
  ): Promise<void> {
    if (dto.published !== undefined && dto.published !== content.published)
      InputErrors.fail(
        'published',
        `cannot be changed by a PUT in a container with drafts: POST /api/contents/${content.id}/${dto.published ? 'publish' : 'unpublish'}`,
      );
    const draft = mergeDraft((await this.draftOf(manager, content.id)) ?? NO_CHANGES, dto, lang);
    await this.keepDraft(manager, actor, content, target, draft, 'draft', [lang]);
  }

  /**
   * Keeps `draft` as the content's working draft, checked and compared with the live version as a
   * PUT's is (saveDraft), and a version of what it shows.
   */
  async keepDraft(
    manager: EntityManager,
    actor: AuthContext,
    content: Content,
    target: ContainerOfContent,
    draft: DraftChanges,
    action: VersionAction,
    locales: readonly Lang[],
  ): Promise<void> {
    const langs = draftLocales(draft);
    let state: string | undefined;
    const differs = await changesWhatItShows(
      manager,
      () => this.versionsOf(manager, content.id, langs),
      () => this.applyDraft(manager, actor, { ...content } as Content, target, draft),
      async () => {
        // As JSON text: it goes back into the version as it came.
        const [row] = await preparedQuery<{ state: string }>(manager, `SELECT ${contentStateSql('$1')}::text AS state`, [content.id]);
        state = row.state;
      },
    );
    await this.versions.record(
      manager,
      { resource: 'contents', recordId: content.id, action, locales, state: { json: state! } },
      actor.userId > 0 ? actor : currentActor(),
    );
    if (differs)
      await manager.query(
        `INSERT INTO "content_draft" ("contentId", changes, "updatedAt", "updatedBy") VALUES ($1, $2, now(), $3)
         ON CONFLICT ("contentId") DO UPDATE SET changes = EXCLUDED.changes, "updatedAt" = now(), "updatedBy" = EXCLUDED."updatedBy"`,
        [content.id, JSON.stringify(draft), actor.userId > 0 ? actor.userId : null],
      );
    else await manager.query(`DELETE FROM "content_draft" WHERE "contentId" = $1`, [content.id]);
  }

  /** The content's whole state as it is in `manager`'s transaction (read-model contentStateSql): what a version keeps and a restore writes back. */
  async snapshot(manager: EntityManager, id: number): Promise<ContentState> {
    const [row] = await preparedQuery<{ state: ContentState | null }>(manager, `SELECT ${contentStateSql('$1')} AS state`, [id]);
    if (!row?.state) throw new NotFoundException(`No content ${id}`);
    return row.state;
  }

  /** Keeps a version of the content as it is now in `manager`'s transaction (a live write, a publish, a restore). */
  async keepVersion(
    manager: EntityManager,
    id: number,
    action: VersionAction,
    locales: readonly Lang[],
    { published = false, actor }: { published?: boolean; actor?: AuthContext } = {},
  ): Promise<void> {
    await this.versions.record(manager, { resource: 'contents', recordId: id, action, locales, published, stateOf: contentStateSql }, actor ?? currentActor());
  }

  /** What a content answers in each of `langs`, but for when it changed and its sections' row ids: two versions compare equal when they show the same. */
  private async versionsOf(manager: EntityManager, id: number, langs: Lang[]): Promise<unknown[]> {
    const versions = [];
    for (const lang of langs) {
      const { updatedAt: _updatedAt, sections, ...shown } = await this.get(id, lang, manager);
      // Sections written again get new row ids: what they show is the rest.
      versions.push({ ...shown, sections: sections.map(({ id: _id, ...section }) => section) });
    }
    return versions;
  }

  /** Writes the schedule a PUT gives (null clears a time); the scheduler (ContentScheduler) runs it. */
  private async writeSchedule(manager: EntityManager, content: Content, schedule: Schedule): Promise<void> {
    const publishAt = schedule.publishAt === undefined ? content.publishAt : schedule.publishAt;
    const unpublishAt = schedule.unpublishAt === undefined ? content.unpublishAt : schedule.unpublishAt;
    if (publishAt && unpublishAt && unpublishAt <= publishAt) InputErrors.fail('unpublishAt', 'must be after publishAt');
    await manager.query(`UPDATE "content" SET "publishAt" = $2, "unpublishAt" = $3 WHERE id = $1`, [content.id, publishAt, unpublishAt]);
    Object.assign(content, { publishAt, unpublishAt });
  }

  /**
   * What staff read: the live version, or the draft when one waits (applied to the live rows in a
   * transaction that is rolled back, so it is read by the same statement as the live version). A
   * draft that no longer passes its container's rules (they changed since) is shown as the live
   * version with `hasDraft`; publishing it names what is wrong.
   */
  async read(id: number, lang: Lang): Promise<ContentDto> {
    const live = await this.get(id, lang);
    if (!live.hasDraft) return live;
    try {
      return await this.withDraftApplied(id, DRAFT_READER, undefined, (manager) => this.get(id, lang, manager));
    } catch (error) {
      if (error instanceof BadRequestException || error instanceof ConflictException || error instanceof ForbiddenException) return live;
      throw error;
    }
  }

  /**
   * Runs `read` on the database as it would be were the draft live (all of it, or `only` one
   * locale's), then rolls everything back: nothing it wrote is ever seen by anyone else.
   */
  async withDraftApplied<T>(
    id: number,
    actor: AuthContext,
    only: Lang | undefined,
    read: (manager: EntityManager, content: Content) => Promise<T>,
  ): Promise<T> {
    return inRolledBackTransaction(this.dataSource, async (manager) => {
      const content = await this.lock(manager, id);
      const draft = await this.draftOf(manager, id);
      if (draft) await this.applyDraft(manager, actor, content, await this.containerOf(manager, content.containerId, 'containerId'), draft, only);
      return read(manager, content);
    });
  }

  async remove(id: number): Promise<ContentDto> {
    const { deleted, affected } = await this.dataSource.transaction(async (manager) => {
      const content = await manager.getRepository(Content).createQueryBuilder('c').setLock('pessimistic_write').where('c.id = :id', { id }).getOne();
      if (!content) throw new NotFoundException(`No content ${id}`);
      const deleted = await this.get(id, DEFAULT_LANG, manager);
      if (deleted.slugId !== null) await this.slugs.assertNoChildren(manager, [deleted.slugId]);
      const affected = await this.affected.collect(manager, { contentIds: [id], listingContainerIds: [content.containerId], referencingContentIds: [id] });
      await manager.getRepository(Content).delete({ id });
      await this.versions.forget(manager, 'contents', id);
      await this.announce(manager, 'content.deleted', [id], LANGS);
      return { deleted, affected };
    });
    this.affected.emit(affected, 'all');
    return deleted;
  }

  /** How many contents of a container have a draft waiting (the containers module asks before drafts are turned off). */
  async draftsWaitingIn(manager: EntityManager, containerId: number): Promise<number> {
    const [{ waiting }] = await manager.query(
      `SELECT count(*)::int AS waiting FROM "content_draft" d JOIN "content" c ON c.id = d."contentId" WHERE c."containerId" = $1`,
      [containerId],
    );
    return waiting;
  }

  /** Shows a content's page as published, inside a transaction that is rolled back (a preview's, withDraftApplied). */
  async showAsPublished(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`UPDATE "content" SET published = true WHERE id = $1`, [id]);
    await manager.query(`UPDATE "slug" SET published = true WHERE "contentId" = $1`, [id]);
  }

  /** The ids of a container's contents (the containers module asks; it never reads this module's tables). */
  async idsIn(manager: EntityManager, containerId: number): Promise<number[]> {
    const rows: { id: number }[] = await manager.query(`SELECT id FROM "content" WHERE "containerId" = $1`, [containerId]);
    return rows.map((row) => row.id);
  }

  /** Deletes every content of a container, with their fields (and, by cascade, their page parts), inside the container's removal. */
  async removeAllIn(manager: EntityManager, containerId: number): Promise<void> {
    const ids = await this.idsIn(manager, containerId);
    await manager.query(`DELETE FROM "content" WHERE "containerId" = $1`, [containerId]);
    for (const id of ids) await this.versions.forget(manager, 'contents', id);
    await this.announce(manager, 'content.deleted', ids, LANGS);
  }

  /**
   * Queues the webhook events of contents inserted in `manager`'s transaction: content.created for
   * each, then content.published for those created published, in `lang`. One statement however
   * many: a bulk insert calls it once with all its contents.
   */
  async announceCreated(manager: EntityManager, created: readonly { id: number; published: boolean }[], lang: Lang): Promise<void> {
    await this.webhooks.emit(manager, [
      ...created.map(({ id }) => ({ event: 'content.created' as const, recordType: 'content' as const, recordId: id, locales: [lang] })),
      ...created
        .filter((c) => c.published)
        .map(({ id }) => ({ event: 'content.published' as const, recordType: 'content' as const, recordId: id, locales: [lang] })),
    ]);
  }

  /** Queues a webhook event of these contents in `manager`'s transaction (sent once it commits). */
  async announce(manager: EntityManager, event: WebhookEvent, ids: readonly number[], locales: readonly Lang[]): Promise<void> {
    await this.webhooks.emit(
      manager,
      ids.map((id) => ({ event, recordType: 'content', recordId: id, locales })),
    );
  }

  /** The container (locked against definition changes until the write ends) and its field definitions. */
  async containerOf(manager: EntityManager, containerId: number, path: string): Promise<ContainerOfContent> {
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

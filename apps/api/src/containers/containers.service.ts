import { ContainerFieldType, DEFAULT_LANG, type Lang, NUMBER_FIELD_TYPES, SectionType } from '@cms/contracts';
import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AccessesService } from '../accesses/accesses.service';
import { choicesOf, type ChoiceDto } from '../common/http/choices';
import {
  applyFilters,
  applySortAndRange,
  parseListQuery,
  type ListSpec,
  type RawListQuery,
  escapeLike,
  intFilter,
  booleanFilter,
  oneOfFilter,
  containsFilter,
} from '../common/http/list-query';
import { findOr404 } from '../common/http/find-or-404';
import { MetadataService } from '../metadata/metadata.service';
import type { AuthContext } from '../common/auth/auth-context';
import { InputErrors } from '../common/http/input-errors';
import { sectionToDto, SectionsService } from '../sections/sections.service';
import { AffectedPagesService, type AffectedSeeds } from '../slugs/affected-pages.service';
import { pathOf } from '../slugs/slug-rules';
import { SlugsService } from '../slugs/slugs.service';
import { ContainerField } from './container-field.entity';
import { Container } from './container.entity';
import type {
  ContainerDto,
  ContainerFieldDto,
  ContainerFieldInputDto,
  ContainerListItemDto,
  ContainerSummaryDto,
  CreateContainerDto,
  UpdateContainerDto,
} from './dto/container.dto';
import { ContentFieldsService } from '../contents/content-fields.service';
import { ContentsService, DRAFT_READER } from '../contents/contents.service';
import { ContainerDraftsService, pageChangesOf } from './container-drafts.service';
import { PagePartsService } from '../page-parts/page-parts.service';
import { VersionsService } from '../versions/versions.service';

const CONTAINER_LIST: ListSpec<Container> = {
  resource: 'containers',
  sortable: {
    id: 'container.id',
    title: 'LOWER(container.title)',
    published: 'container.published',
    status: 'container.status',
    updatedAt: 'container.updatedAt',
  },
  defaultSort: ['title', 'ASC'],
  filters: {
    id: intFilter('container.id'),
    published: booleanFilter('container.published'),
    status: oneOfFilter('container.status', ['AVAILABLE', 'DISCONTINUED']),
    q: containsFilter('container.title'),
  },
};

/** Most rows the `?q=` form answers (the top bar shows 15). */
const QUICK_LIST_LIMIT = 500;
const METADATA_MAX_BYTES = 10_000;

interface SummaryRow {
  id: number;
  title: string;
  published: boolean;
  status: ContainerSummaryDto['status'];
  disableContentSections: boolean;
  hideFooter: boolean;
  drafts: boolean;
  sectionsPosition: number | null;
  slug: string | null;
  full: string | null;
  updatedAt: Date;
}

function toSummary(row: SummaryRow): ContainerSummaryDto {
  return {
    id: row.id,
    title: row.title,
    published: row.published,
    status: row.status,
    disableContentSections: row.disableContentSections,
    hideFooter: row.hideFooter,
    drafts: row.drafts,
    sectionsPosition: row.sectionsPosition,
    slug: row.slug,
    path: row.full === null ? null : pathOf(row.full),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

function fieldToDto(field: ContainerField): ContainerFieldDto {
  return {
    id: field.id,
    label: field.label,
    name: field.name,
    type: field.type,
    required: field.required,
    min: field.min,
    max: field.max,
    multiple: field.multiple,
    options: field.options,
    zohoOptionsKey: field.zohoOptionsKey,
    linkedContainerId: field.linkedContainerId,
    metadata: field.metadata,
    position: field.position,
  };
}

/**
 * Containers (content types): their field definitions, their page (slug, PAGE sections and
 * metadata per locale, accesses), all written in one transaction. Deleting one that still has
 * contents needs `cascade`.
 */
@Injectable()
export class ContainersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly slugs: SlugsService,
    private readonly sections: SectionsService,
    private readonly metadata: MetadataService,
    private readonly accesses: AccessesService,
    private readonly affected: AffectedPagesService,
    private readonly pageParts: PagePartsService,
    private readonly contents: ContentsService,
    private readonly contentFields: ContentFieldsService,
    private readonly drafts: ContainerDraftsService,
    private readonly versions: VersionsService,
  ) {}

  /** Id and title of every container, for the pickers of screens that may not list them. */
  choices(): Promise<ChoiceDto[]> {
    return choicesOf(this.dataSource.manager, Container, 'title');
  }

  /**
   * The spec's `GET /api/containers?q=` (no sort, range or filter): `[{ id, title }]` of the
   * containers whose title holds q, in creation order. Otherwise a page in the ra dialect, where
   * `q` joins the filter.
   */
  async list(raw: RawListQuery & { q?: string }): Promise<{ items: ContainerListItemDto[] | ContainerSummaryDto[]; total: number; start: number }> {
    if (raw.sort === undefined && raw.range === undefined && raw.filter === undefined) {
      const items = await this.quickList(raw.q);
      return { items, total: items.length, start: 0 };
    }
    let filter = raw.filter;
    if (raw.q !== undefined) {
      let parsed: unknown = {};
      try {
        parsed = typeof filter === 'string' && filter !== '' ? JSON.parse(filter) : {};
      } catch {
        parsed = undefined;
      }
      // A filter that does not parse is left for parseListQuery to refuse.
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) filter = JSON.stringify({ ...parsed, q: raw.q });
    }
    return this.page({ ...raw, filter });
  }

  private async quickList(q: string | undefined): Promise<ContainerListItemDto[]> {
    const qb = this.dataSource
      .getRepository(Container)
      .createQueryBuilder('container')
      .select(['container.id', 'container.title'])
      .orderBy('container.id', 'ASC')
      .limit(QUICK_LIST_LIMIT);
    if (q) qb.where('container.title ILIKE :q', { q: `%${escapeLike(q)}%` });
    const rows = await qb.getMany();
    return rows.map((r) => ({ id: r.id, title: r.title }));
  }

  private async page(raw: RawListQuery): Promise<{ items: ContainerSummaryDto[]; total: number; start: number }> {
    const query = parseListQuery(raw, CONTAINER_LIST);
    const base = applyFilters(this.dataSource.getRepository(Container).createQueryBuilder('container'), query, CONTAINER_LIST);
    const total = await base.clone().getCount();
    const rows = await applySortAndRange(
      base
        .clone()
        .leftJoin('slug', 'slug', 'slug."containerId" = container.id')
        .select(['container.id AS id', 'container.title AS title', 'container.published AS published', 'container.status AS status'])
        .addSelect([
          'container.disableContentSections AS "disableContentSections"',
          'container.hideFooter AS "hideFooter"',
          'container.drafts AS drafts',
          'container.sectionsPosition AS "sectionsPosition"',
          'container.updatedAt AS "updatedAt"',
        ])
        .addSelect(['slug.basic AS slug', 'slug.full AS full']),
      query,
      'container.id',
    ).getRawMany<SummaryRow>();
    return { items: rows.map(toSummary), total, start: query.range.start };
  }

  async get(id: number, lang: Lang, manager: EntityManager = this.dataSource.manager): Promise<ContainerDto> {
    const container = await manager
      .getRepository(Container)
      .findOne({ where: { id }, relations: { fields: true }, order: { fields: { position: 'ASC', id: 'ASC' } } });
    if (!container) throw new NotFoundException(`No container ${id}`);
    const slug = await this.slugs.findFor(manager, { containerId: id });
    const local = slug ? (await this.slugs.localPathsOf(manager, slug.id)).find((row) => row.lang === lang) : undefined;
    const { sections, fallbackTypes } = await this.sections.read(manager, { kind: 'container', id }, lang, [SectionType.PAGE]);
    const { metadata, fallback } = await this.metadata.read(manager, { containerId: id }, lang);
    const accesses = await this.accesses.read(manager, { containerId: id });
    return {
      // The page's segment and path in the locale (slug: en's in en, else the locale's own or null).
      ...toSummary({ ...container, slug: lang === DEFAULT_LANG ? (slug?.basic ?? null) : (local?.basic ?? null), full: local?.full ?? slug?.full ?? null }),
      locale: lang,
      slugId: slug?.id ?? null,
      defaultSlug: slug?.basic ?? null,
      parentSlugId: slug?.parentId ?? null,
      fields: (container.fields ?? []).map(fieldToDto),
      sections: sections.map(sectionToDto),
      sectionsFallback: fallbackTypes.length > 0,
      metadata,
      metadataFallback: fallback,
      accesses,
      hasDraft: await this.drafts.hasDraft(manager, id),
    };
  }

  /**
   * What staff read: the live container, or with drafts its page's draft when one waits (applied
   * to the live rows in a transaction that is rolled back, read by the same steps). A draft that
   * no longer passes the rules (a form it places was deleted since) is shown as the live page with
   * `hasDraft`; publishing it names what is wrong.
   */
  async read(id: number, lang: Lang): Promise<ContainerDto> {
    const live = await this.get(id, lang);
    if (!live.hasDraft) return live;
    try {
      return await this.drafts.withDraftApplied(id, DRAFT_READER, (manager) => this.get(id, lang, manager));
    } catch (error) {
      if (error instanceof BadRequestException || error instanceof ConflictException || error instanceof ForbiddenException) return live;
      throw error;
    }
  }

  async create(actor: AuthContext, dto: CreateContainerDto, lang: Lang): Promise<ContainerDto> {
    const { id, affected } = await this.dataSource.transaction(async (manager) => {
      const errors = new InputErrors();
      const fields = dto.fields ?? [];
      await this.checkFieldDefinitions(manager, fields, [], errors);
      const parts = await this.pageParts.check(manager, actor, null, dto, errors);
      errors.throwIfAny();

      const repo = manager.getRepository(Container);
      const { identifiers } = await repo.insert({
        title: dto.title,
        published: dto.published ?? false,
        status: dto.status,
        disableContentSections: dto.disableContentSections ?? false,
        hideFooter: dto.hideFooter ?? false,
        drafts: dto.drafts ?? false,
        sectionsPosition: dto.sectionsPosition ?? null,
      });
      const id = identifiers[0].id as number;
      await this.writeFields(manager, id, fields, []);
      const seeds: AffectedSeeds = { containerIds: [id], paths: [] };
      if (dto.slug != null) {
        const result = await this.slugs.apply(manager, { containerId: id }, { basic: dto.slug, parentId: dto.parentSlugId, published: dto.published ?? false });
        seeds.paths!.push(...result.paths);
      }
      await this.pageParts.write(manager, { kind: 'container', id }, lang, dto, parts);
      await manager.query(`UPDATE "container" SET "updatedBy" = $2 WHERE id = $1`, [id, actor.userId > 0 ? actor.userId : null]);
      await this.drafts.keepVersion(manager, actor, id, 'create', [lang], dto.published ?? false);
      return { id, affected: await this.affected.collect(manager, seeds) };
    });
    this.affected.emit(affected, 'all');
    return this.get(id, lang);
  }

  /**
   * A PUT. With drafts (on after this PUT), its page parts (PAGE sections and metadata of the
   * locale) go to the page's working draft (ContainerDraftsService.save) and every public read
   * keeps the live page; the rest of the body is written live as without drafts, and purged.
   */
  async update(actor: AuthContext, id: number, dto: UpdateContainerDto, lang: Lang): Promise<ContainerDto> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const container = await findOr404(manager, Container, { id }, `No container ${id}`, true);
      const drafted = (dto.drafts ?? container.drafts) ? pageChangesOf(dto) : null;
      const live: UpdateContainerDto = drafted ? { ...dto, sections: undefined, metadata: undefined } : dto;
      const existingFields = await manager.getRepository(ContainerField).find({ where: { containerId: id }, order: { position: 'ASC', id: 'ASC' } });
      const errors = new InputErrors();
      if (live.fields != null) await this.checkFieldDefinitions(manager, live.fields, existingFields, errors);
      // The drafted parts are checked here too (one 400 names every problem), and again with the whole draft when it is saved.
      const parts = await this.pageParts.check(manager, actor, { kind: 'container', id }, dto, errors);
      if (dto.drafts === false && container.drafts) {
        const waiting = await this.contents.draftsWaitingIn(manager, id);
        if (waiting > 0) errors.add('drafts', `cannot be turned off while ${waiting} of its contents have drafts: publish or discard them first`);
        if (await this.drafts.hasDraft(manager, id))
          errors.add('drafts', `cannot be turned off while its own page has a draft: POST /api/containers/${id}/publish or /discard first`);
      }
      errors.throwIfAny();

      // A body with drafted parts only leaves the live container as it is (nothing to purge).
      const liveWrite = drafted === null || Object.values(live).some((value) => value !== undefined);
      const result = liveWrite ? await this.writeLive(manager, container, existingFields, live, drafted ? { ...parts, sections: null } : parts, lang) : null;
      if (drafted) await this.drafts.save(manager, actor, id, drafted, lang);
      if (liveWrite) await manager.query(`UPDATE "container" SET "updatedBy" = $2 WHERE id = $1`, [id, actor.userId > 0 ? actor.userId : null]);
      await this.drafts.keepVersion(manager, actor, id, drafted ? 'draft' : 'update', [lang], dto.published === true && !container.published);
      return result;
    });
    if (outcome) this.affected.emit(outcome.affected, outcome.localOnly ? lang : 'all');
    return this.read(id, lang);
  }

  /** The live part of a PUT, checked: the container's row, fields, slug and page parts; what pages it touches. */
  private async writeLive(
    manager: EntityManager,
    container: Container,
    existingFields: ContainerField[],
    dto: UpdateContainerDto,
    parts: Awaited<ReturnType<PagePartsService['check']>>,
    lang: Lang,
  ): Promise<{ affected: string[] | 'all'; localOnly: boolean }> {
    const id = container.id;
    const published = dto.published ?? container.published;
    const changes: Partial<Pick<Container, 'title' | 'published' | 'status' | 'disableContentSections' | 'hideFooter' | 'drafts' | 'sectionsPosition'>> = {};
    for (const key of ['title', 'published', 'status', 'disableContentSections', 'hideFooter', 'drafts', 'sectionsPosition'] as const) {
      // null is a value only for sectionsPosition (after the last field); elsewhere it says nothing.
      const value = dto[key];
      if (value !== undefined && (value !== null || key === 'sectionsPosition') && value !== container[key]) Object.assign(changes, { [key]: value });
    }
    await manager.getRepository(Container).update({ id }, { ...changes, updatedAt: new Date() });
    const seeds: AffectedSeeds = { containerIds: [id], paths: [] };
    if (dto.fields != null) await this.writeFields(manager, id, dto.fields, existingFields);
    if (dto.slug !== undefined || dto.parentSlugId !== undefined) {
      const result = await this.slugs.apply(manager, { containerId: id }, { lang, basic: dto.slug, parentId: dto.parentSlugId, published });
      seeds.paths!.push(...result.paths);
      // The layout's navigation links name pages by address: a page whose address changed purges everything.
      if (result.moves.length > 0) seeds.everything = true;
    } else if (changes.published !== undefined) {
      await this.slugs.setPublished(manager, { containerId: id }, published);
    }
    await this.pageParts.write(manager, { kind: 'container', id }, lang, dto, parts);
    const localOnly =
      Object.keys(changes).length === 0 && dto.fields == null && dto.slug === undefined && dto.parentSlugId === undefined && dto.accesses == null;
    if (!localOnly) {
      // Content pages show their container's title, footer setting and field definitions.
      seeds.contentsOfContainerIds = [id];
      seeds.listingContainerIds = [id];
    }
    if (dto.accesses != null) {
      // Its contents take these accesses: pages whose CONTENT fields reference them show them or not.
      seeds.referencingContentIds = await this.contents.idsIn(manager, id);
    }
    return { affected: await this.affected.collect(manager, seeds), localOnly };
  }

  /** Deletes a container; with contents, only with `cascade` (they go with it). Answers the deleted container. */
  async remove(id: number, cascade: boolean): Promise<ContainerDto> {
    const { deleted, affected } = await this.dataSource.transaction(async (manager) => {
      await findOr404(manager, Container, { id }, `No container ${id}`, true);
      const deleted = await this.get(id, DEFAULT_LANG, manager);
      const contentIds = await this.contents.idsIn(manager, id);
      const count = contentIds.length;
      if (count > 0 && !cascade) {
        throw new ConflictException({
          message: `The container "${deleted.title}" still has ${count} content${count > 1 ? 's' : ''}: delete ${count > 1 ? 'them' : 'it'} first, or send ?cascade=true to delete ${count > 1 ? 'them' : 'it'} with the container`,
          errors: { contents: [`${count}`] },
        });
      }
      const slugIds: { id: number }[] = await manager.query(`SELECT id FROM "slug" WHERE "containerId" = $1 OR "contentId" = ANY($2::int[])`, [id, contentIds]);
      await this.slugs.assertNoChildren(
        manager,
        slugIds.map((s) => s.id),
      );
      // Every one of these slugs goes: unhook them from each other so no RESTRICT fires mid-delete.
      await manager.query(`UPDATE "slug" SET "parentId" = NULL WHERE id = ANY($1::int[])`, [slugIds.map((s) => s.id)]);
      const affected = await this.affected.collect(manager, {
        containerIds: [id],
        contentsOfContainerIds: [id],
        listingContainerIds: [id],
        referencingContentIds: contentIds,
      });
      // Children before parents: content slugs hang under the container's slug.
      await this.contents.removeAllIn(manager, id);
      await manager.getRepository(Container).delete({ id });
      await this.versions.forget(manager, 'containers', id);
      return { deleted, affected };
    });
    this.affected.emit(affected, 'all');
    return deleted;
  }
  /** The rules of field definitions, each problem under `fields.<index>.<property>`. */
  private async checkFieldDefinitions(
    manager: EntityManager,
    inputs: readonly ContainerFieldInputDto[],
    existing: readonly ContainerField[],
    errors: InputErrors,
  ): Promise<void> {
    const names = new Set<string>();
    const ids = new Set<number>();
    const existingIds = new Set(existing.map((f) => f.id));
    const linked = new Map<number, string[]>();
    inputs.forEach((field, index) => {
      const path = `fields.${index}`;
      if (names.has(field.name)) errors.add(`${path}.name`, `"${field.name}" is used by another field`);
      names.add(field.name);
      if (field.id !== undefined) {
        if (!existingIds.has(field.id)) errors.add(`${path}.id`, `field ${field.id} is not a field of this container`);
        if (ids.has(field.id)) errors.add(`${path}.id`, `field ${field.id} is given twice`);
        ids.add(field.id);
      }
      const options = field.options ?? [];
      if (field.type === ContainerFieldType.OPTION) {
        if (options.length === 0) errors.add(`${path}.options`, 'an OPTION field needs at least one option');
        if (new Set(options).size !== options.length) errors.add(`${path}.options`, 'options must be different from each other');
        if (options.some((o) => o.trim() === '')) errors.add(`${path}.options`, 'options must not be empty');
      } else if (options.length > 0) {
        errors.add(`${path}.options`, 'only OPTION fields take options');
      }
      if (field.type === ContainerFieldType.ZOHOOPTIONS) {
        if (!field.zohoOptionsKey) errors.add(`${path}.zohoOptionsKey`, 'a ZOHOOPTIONS field needs the key of its list in the optionLists setting');
      } else if (field.zohoOptionsKey) {
        errors.add(`${path}.zohoOptionsKey`, 'only ZOHOOPTIONS fields take zohoOptionsKey');
      }
      if (field.linkedContainerId != null) {
        if (field.type !== ContainerFieldType.CONTENT) errors.add(`${path}.linkedContainerId`, 'only CONTENT fields take linkedContainerId');
        else linked.set(field.linkedContainerId, [...(linked.get(field.linkedContainerId) ?? []), `${path}.linkedContainerId`]);
      }
      const { min, max } = field;
      if (min != null && max != null && min > max) errors.add(`${path}.min`, 'must not be greater than max');
      if ((field.multiple || !NUMBER_FIELD_TYPES.includes(field.type)) && ((min != null && min < 0) || (max != null && max < 0))) {
        errors.add(`${path}.min`, 'lengths and counts cannot be negative');
      }
      if (field.metadata != null && JSON.stringify(field.metadata).length > METADATA_MAX_BYTES)
        errors.add(`${path}.metadata`, `must take at most ${METADATA_MAX_BYTES} bytes as JSON`);
    });
    if (linked.size) {
      const found: { id: number }[] = await manager.query(`SELECT id FROM "container" WHERE id = ANY($1::int[])`, [[...linked.keys()]]);
      const present = new Set(found.map((r) => r.id));
      for (const [containerId, paths] of linked) if (!present.has(containerId)) for (const p of paths) errors.add(p, `container ${containerId} does not exist`);
    }
  }

  /**
   * Stores the definitions as given, keeping the ids of existing ones. Values follow: renamed
   * fields keep theirs, removed fields and fields whose type changed lose theirs, a field that
   * stops being multiple keeps its first item.
   */
  private async writeFields(
    manager: EntityManager,
    containerId: number,
    inputs: readonly ContainerFieldInputDto[],
    existing: readonly ContainerField[],
  ): Promise<void> {
    const byId = new Map(existing.map((f) => [f.id, f]));
    const kept = inputs.filter((f) => f.id !== undefined && byId.get(f.id)!.type === f.type).map((f) => ({ input: f, old: byId.get(f.id!)! }));
    const keptIds = new Set(kept.map((k) => k.old.id));
    const dropped = existing.filter((f) => !keptIds.has(f.id)).map((f) => f.name);
    if (existing.length) {
      // The contents' values follow the definitions (the contents module writes its own tables).
      await this.contentFields.followDefinitions(manager, containerId, {
        dropped,
        single: kept.filter((k) => k.old.multiple && !k.input.multiple).map((k) => k.old.name),
        moved: kept
          .filter((k) => k.old.name !== k.input.name || k.old.multiple !== (k.input.multiple ?? false))
          .map((k) => ({ from: k.old.name, to: k.input.name, multiple: k.input.multiple ?? false })),
      });
      // Names are unique per container: clear the old rows, then write the list with the kept ids.
      await manager.getRepository(ContainerField).delete({ containerId });
    }
    if (inputs.length === 0) return;
    const rows = inputs.map((field, position) => ({
      id: field.id !== undefined && keptIds.has(field.id) ? field.id : null,
      position,
      label: field.label,
      name: field.name,
      type: field.type,
      required: field.required ?? false,
      min: field.min ?? null,
      max: field.max ?? null,
      multiple: field.multiple ?? false,
      options: field.type === ContainerFieldType.OPTION ? (field.options ?? null) : null,
      zohoOptionsKey: field.type === ContainerFieldType.ZOHOOPTIONS ? (field.zohoOptionsKey ?? null) : null,
      linkedContainerId: field.type === ContainerFieldType.CONTENT ? (field.linkedContainerId ?? null) : null,
      metadata: field.metadata ?? null,
    }));
    // Kept fields keep their ids (the back office holds them), new ones take the next of the sequence.
    await manager.query(
      `INSERT INTO "container_field" (id, "containerId", position, label, name, type, required, min, max, multiple, options, "zohoOptionsKey", "linkedContainerId", metadata)
       SELECT COALESCE(x.id, nextval(pg_get_serial_sequence('"container_field"', 'id'))), $1, x.position, x.label, x.name, x.type, x.required, x.min, x.max, x.multiple,
              x.options, x."zohoOptionsKey", x."linkedContainerId", x.metadata
       FROM jsonb_to_recordset($2::jsonb) AS x(id int, position int, label varchar, name varchar, type container_field_type, required boolean, min float8, max float8,
            multiple boolean, options jsonb, "zohoOptionsKey" varchar, "linkedContainerId" int, metadata jsonb)
       ORDER BY x.position`,
      [containerId, JSON.stringify(rows)],
    );
  }
}

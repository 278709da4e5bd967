import { DEFAULT_LANG, SectionType, Status, type Lang } from '@cms/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { parseListQuery, type ListQuery, type RawListQuery } from '../common/http/list-query';
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
import { ContentListCache, type ListPage } from './content-list-cache';
import { Content } from './content.entity';
import { countStatement, CONTENT_LIST_SPEC, listStatement } from './read-model/content-list';
import { CONTENTS_BY_ID_SQL } from './read-model/content-reads';
import type { ContentDto, ContentSummaryDto, CreateContentDto, UpdateContentDto } from './dto/content.dto';
import { PagePartsService } from '../page-parts/page-parts.service';

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
   * with its slugs, fields and total, built by read-model/content-list.ts (a third, the count, for
   * filters content_count does not keep).
   */
  async list(raw: RawListQuery, lang: Lang): Promise<ListPage> {
    const query = parseListQuery(raw, CONTENT_LIST_SPEC);
    const key = JSON.stringify([lang, query.sort.field, query.sort.order, query.range.start, query.range.end, query.filter]);
    const version = await this.listCache.currentVersion();
    const kept = this.listCache.get(key, version);
    if (kept) return kept;
    const page = await this.readPage(query, lang);
    this.listCache.set(key, version, page);
    return page;
  }

  private async readPage(query: ListQuery, lang: Lang): Promise<ListPage> {
    const list = listStatement(query, lang);
    const readBody = () => preparedQuery<{ body: string; count: number; listTotal?: number }>(this.reads, list.text, list.values).then((rows) => rows[0]);
    const readTotal = () => {
      const count = countStatement(query, lang);
      return preparedQuery<{ total: number }>(this.reads, count.text, count.values).then((rows) => rows[0].total);
    };
    // The aggregate answers one row even past the end, so a kept total always comes with it.
    const [page, total] = list.counted ? await readBody().then((page) => [page, page.listTotal!] as const) : await Promise.all([readBody(), readTotal()]);
    return { body: Buffer.from(page.body), count: page.count, total, start: query.range.start };
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

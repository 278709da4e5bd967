import { DEFAULT_LANG, isLang, Status, type BulkContentsResult, type BulkItemError, type Lang } from '@cms/contracts';
import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '../common/auth/auth-context';
import { InputErrors, invalidInput } from '../common/http/input-errors';
import { flattenValidationErrors, VALIDATION_OPTIONS } from '../common/http/validation';
import { PagePartsService } from '../page-parts/page-parts.service';
import { AffectedPagesService } from '../slugs/affected-pages.service';
import { SlugsService, type NewPage } from '../slugs/slugs.service';
import { VersionsService } from '../versions/versions.service';
import { ContentFieldsService, type FieldChanges } from './content-fields.service';
import { ContentsService, noSectionsIn, scheduleOf, type ContainerOfContent } from './contents.service';
import { BulkContentItemDto, BulkContentsDto } from './dto/content-bulk.dto';
import { contentStatesSql, newContentStatesSql } from './read-model/content-reads';

/** One item that passed its shape check, with its own list of problems. */
interface Item {
  index: number;
  dto: BulkContentItemDto;
  errors: InputErrors;
  /** Every locale the item writes: `?locale=` first, then those of `locales`. */
  locales: { lang: Lang; input: Record<string, unknown>; prefix: string; errors: InputErrors; changes: FieldChanges }[];
  publishAt: Date | null;
  unpublishAt: Date | null;
  pageParts?: Awaited<ReturnType<PagePartsService['check']>>;
}

/** The refusal of a bulk create: every problem of every item, by index and path; 409 when all are paths taken. */
function refusal(problems: BulkItemError[], total: number, conflictsOnly: boolean): BadRequestException | ConflictException {
  const errors: Record<string, string[]> = {};
  for (const p of problems) (errors[`items.${p.index}${p.field ? `.${p.field}` : ''}`] ??= []).push(p.message);
  const refused = new Set(problems.map((p) => p.index)).size;
  const listed = problems
    .slice(0, 5)
    .map((p) => `item ${p.index}${p.field ? ` ${p.field}` : ''}: ${p.message}`)
    .join('; ');
  const body = {
    message: `Invalid input. ${refused} of ${total} items refused, nothing was written: ${listed}${problems.length > 5 ? '; …' : ''}`,
    code: 'invalid-items',
    errors,
    itemErrors: problems,
  };
  return conflictsOnly ? new ConflictException(body) : new BadRequestException(body);
}

/**
 * POST /api/contents/bulk: up to 1,000 new contents checked as one create each is (the create's
 * DTO, the container's field rules, slugs, page parts, schedule), then written in one transaction
 * with a handful of multi-row statements whatever their number: contents and fields, slugs and
 * their paths, versions. One problem anywhere and nothing is written; every problem is named by
 * the item's index and the path in it.
 */
@Injectable()
export class ContentsBulkService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly contents: ContentsService,
    private readonly fields: ContentFieldsService,
    private readonly slugs: SlugsService,
    private readonly pageParts: PagePartsService,
    private readonly affected: AffectedPagesService,
    private readonly versions: VersionsService,
  ) {}

  async create(actor: AuthContext, body: unknown, lang: Lang, dryRun: boolean): Promise<BulkContentsResult> {
    const raw = await envelopeOf(body);
    const problems: BulkItemError[] = [];
    const items = (await Promise.all(raw.map((value, index) => this.shapeOf(value, index, lang, problems)))).filter((item): item is Item => item !== null);
    const outcome = await this.dataSource.transaction(async (manager) => {
      const containers = await this.containersOf(manager, items);
      const checkable = items.filter((item) => containers.get(item.dto.containerId) !== undefined);
      for (const item of items) if (!containers.get(item.dto.containerId)) item.errors.add('containerId', `container ${item.dto.containerId} does not exist`);
      await this.checkFields(manager, checkable, containers);
      for (const item of checkable) {
        const target = containers.get(item.dto.containerId)!;
        item.pageParts = await this.pageParts.check(manager, actor, null, item.dto, item.errors, noSectionsIn(target.container));
      }
      // Indexed as the request's items, so that a message naming another item ("which item 3 makes too") names it by its index.
      const asked: (NewPage | null)[] = raw.map(() => null);
      for (const item of items) if (item.dto.slug != null) asked[item.index] = await this.newPageOf(manager, item);
      const pages = await this.slugs.planNewPages(manager, asked);
      for (const item of items) collect(item, problems);
      for (const p of pages.problems) problems.push({ index: p.index, field: p.field, message: p.message });
      if (problems.length) {
        problems.sort((a, b) => a.index - b.index);
        const conflicts = pages.problems.filter((p) => p.conflict).length;
        throw refusal(problems, raw.length, conflicts === problems.length);
      }
      if (dryRun) return null;

      const ids = await this.fields.insertMany(
        manager,
        items.map((item) => ({
          title: item.dto.title,
          containerId: item.dto.containerId,
          published: item.dto.published ?? false,
          status: item.dto.status ?? Status.AVAILABLE,
          updatedBy: actor.userId > 0 ? actor.userId : null,
          publishAt: item.publishAt,
          unpublishAt: item.unpublishAt,
          definitions: containers.get(item.dto.containerId)!.definitions,
          locales: item.locales.map(({ lang: locale, changes }) => ({ lang: locale, changes })),
        })),
      );
      const paths = await this.slugs.insertNewPages(
        manager,
        items.flatMap((item, at) => {
          const page = pages.planned[item.index];
          return page ? [{ contentId: ids[at], page, published: item.dto.published ?? false }] : [];
        }),
      );
      // Sections, metadata and accesses are rare in an import: those that carry them are written one by one, as a create writes them.
      let withPageParts = false;
      for (const [at, item] of items.entries()) {
        if (item.dto.sections == null && item.dto.metadata == null && item.dto.accesses == null) continue;
        withPageParts = true;
        await this.pageParts.write(manager, { kind: 'content', id: ids[at] }, lang, item.dto, item.pageParts!);
      }
      await this.versions.recordCreated(
        manager,
        'contents',
        items.map((item, at) => ({ recordId: ids[at], locales: item.locales.map((l) => l.lang), published: item.dto.published ?? false })),
        withPageParts ? contentStatesSql : newContentStatesSql,
        actor.userId > 0 ? actor : undefined,
      );
      // Webhooks: content.created for each (and content.published for those created published), queued in this transaction.
      await this.contents.announceCreated(
        manager,
        items.map((item, at) => ({ id: ids[at], published: item.dto.published ?? false })),
        lang,
      );
      const affected = await this.affected.collect(manager, {
        contentIds: ids,
        listingContainerIds: [...new Set(items.map((item) => item.dto.containerId))],
        paths,
      });
      return { ids, affected };
    });
    if (!outcome) return { count: items.length, ids: [], dryRun: true };
    this.affected.emit(outcome.affected, 'all');
    return { count: outcome.ids.length, ids: outcome.ids, dryRun: false };
  }

  /** The item checked against the create's DTO (and `locales` against the locales); null when its shape is wrong (its problems are in `problems`). */
  private async shapeOf(value: unknown, index: number, lang: Lang, problems: BulkItemError[]): Promise<Item | null> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      problems.push({ index, field: '', message: 'must be an object: the body of one POST /api/contents' });
      return null;
    }
    // Without nested page parts (sections, metadata, accesses: the usual import) the item's own
    // properties are all the DTO checks, so a shallow copy does what a deep transformation would.
    const nested = ['sections', 'metadata', 'accesses'].some((key) => (value as Record<string, unknown>)[key] != null);
    const dto = nested ? plainToInstance(BulkContentItemDto, value) : Object.assign(new BulkContentItemDto(), value);
    const shape = flattenValidationErrors(await validate(dto, VALIDATION_OPTIONS));
    const errors = new InputErrors();
    for (const [path, messages] of Object.entries(shape)) for (const message of messages) errors.add(path, message);
    const locales: Item['locales'] = [{ lang, input: (dto.fields as Record<string, unknown> | undefined) ?? {}, prefix: '', errors, changes: new Map() }];
    for (const [key, values] of Object.entries(dto.locales ?? {})) {
      const path = `locales.${key}`;
      if (!isLang(key)) errors.add(path, 'is not a locale: use en, fr, tr, es or it');
      else if (key === lang) errors.add(path, `is the locale of ?locale=: give its values in fields`);
      else if (typeof values !== 'object' || values === null || Array.isArray(values) || Object.keys(values).some((k) => k !== 'fields'))
        errors.add(path, 'must be { fields: { name: value } }');
      else if (typeof values.fields !== 'object' || values.fields === null || Array.isArray(values.fields)) errors.add(`${path}.fields`, 'must be an object');
      else locales.push({ lang: key, input: values.fields as Record<string, unknown>, prefix: `${path}.`, errors: new InputErrors(), changes: new Map() });
    }
    const schedule = shape.publishAt || shape.unpublishAt ? null : scheduleOf(dto, errors);
    if (schedule?.publishAt && schedule.unpublishAt && schedule.unpublishAt <= schedule.publishAt) errors.add('unpublishAt', 'must be after publishAt');
    // A wrong shape (no title, no container) leaves nothing to check further.
    if (Object.keys(shape).length) {
      collect({ index, locales }, problems);
      return null;
    }
    return { index, dto, errors, locales, publishAt: schedule?.publishAt ?? null, unpublishAt: schedule?.unpublishAt ?? null };
  }

  /** The containers the items name, each read (and share-locked) once; undefined for one that does not exist. */
  private async containersOf(manager: EntityManager, items: readonly Item[]): Promise<Map<number, ContainerOfContent | undefined>> {
    const containers = new Map<number, ContainerOfContent | undefined>();
    for (const containerId of new Set(items.map((item) => item.dto.containerId))) {
      try {
        containers.set(containerId, await this.contents.containerOf(manager, containerId, 'containerId'));
      } catch (error) {
        if (!(error instanceof BadRequestException)) throw error;
        containers.set(containerId, undefined);
      }
    }
    return containers;
  }

  /** Every locale's values of every item against its container's definitions (one query per kind of reference for all), then the required ones. */
  private async checkFields(manager: EntityManager, items: readonly Item[], containers: Map<number, ContainerOfContent | undefined>): Promise<void> {
    const jobs = items.flatMap((item) =>
      item.locales.map((locale) => ({ locale, definitions: containers.get(item.dto.containerId)!.definitions, input: locale.input, errors: locale.errors })),
    );
    const changes = await this.fields.checkAll(manager, jobs);
    jobs.forEach((job, at) => (job.locale.changes = changes[at]));
    for (const item of items) {
      const definitions = containers.get(item.dto.containerId)!.definitions;
      // What each locale of the new content will hold: a locale's required field may be en's.
      const present = new Map(
        item.locales.map(({ lang, changes: values }) => [lang, new Set([...values].filter(([, value]) => value !== null).map(([name]) => name))] as const),
      );
      // A locale's required field may be en's: when the item writes en, en's check says all there is to say.
      const checked = item.locales.find((locale) => locale.lang === DEFAULT_LANG) ?? item.locales[0];
      this.fields.checkRequired(definitions, checked.lang, present, checked.changes, checked.errors);
    }
  }

  /** The page an item asks for: under its `parentSlugId`, else under its container's page. */
  private async newPageOf(manager: EntityManager, item: Item): Promise<NewPage> {
    const containerSlug = await this.containerSlugOf(manager, item.dto.containerId);
    return { basic: item.dto.slug!, parentId: item.dto.parentSlugId, defaultParentId: containerSlug };
  }

  private readonly containerSlugs = new WeakMap<EntityManager, Map<number, number | null>>();

  /** A container's page (slug id), read once per transaction. */
  private async containerSlugOf(manager: EntityManager, containerId: number): Promise<number | null> {
    let known = this.containerSlugs.get(manager);
    if (!known) this.containerSlugs.set(manager, (known = new Map()));
    if (!known.has(containerId)) known.set(containerId, (await this.slugs.findFor(manager, { containerId }))?.id ?? null);
    return known.get(containerId)!;
  }
}

/**
 * The body's `items`, checked by BulkContentsDto's rules (an array of 1 to 1,000, nothing else in
 * the body) without the validation pipe's deep copy of every item, which the items' own check
 * makes again.
 */
async function envelopeOf(body: unknown): Promise<readonly unknown[]> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidInput({ items: ['the body must be an object { "items": [...] } of at most 1000 contents'] });
  const errors = flattenValidationErrors(await validate(Object.assign(new BulkContentsDto(), body), VALIDATION_OPTIONS));
  if (Object.keys(errors).length) throw invalidInput(errors);
  return (body as BulkContentsDto).items;
}

/** An item's problems, and its other locales', as BulkItemErrors. */
function collect(item: Pick<Item, 'index' | 'locales'>, problems: BulkItemError[]): void {
  // The first locale's errors are the item's own (its paths have no prefix).
  for (const { errors, prefix } of item.locales)
    for (const [path, messages] of errors.entries) for (const message of messages) problems.push({ index: item.index, field: `${prefix}${path}`, message });
}

import { DEFAULT_LANG, LANGS, type BulkRecordError, type BulkUndoItem, type ContentBulkActionResult, type Lang, type Status } from '@cms/contracts';
import { BadRequestException, ConflictException, ForbiddenException, HttpException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '../common/auth/auth-context';
import { InputErrors } from '../common/http/input-errors';
import { AffectedPagesService, type AffectedSeeds } from '../slugs/affected-pages.service';
import { SlugsService } from '../slugs/slugs.service';
import { VersionsService } from '../versions/versions.service';
import { ContentFieldsService } from './content-fields.service';
import { ContentPublishingService } from './content-publishing.service';
import type { Content } from './content.entity';
import { ContentsService, type ContainerOfContent, noSectionsIn } from './contents.service';
import type { ContentBulkActionDto } from './dto/content-bulk-action.dto';

/** What one content's part of an action did: nothing (it was already so), or the pages it touched. */
type Outcome = { changed: false } | { changed: true; seeds: AffectedSeeds };

/** The refusal of a bulk action: every content refused, by id; 403 when each is a right, 409 when each is a conflict, else 400. */
function refusal(problems: { id: number; message: string; status: number }[], total: number): HttpException {
  const records: BulkRecordError[] = problems.map(({ id, message }) => ({ id, message }));
  const listed = problems
    .slice(0, 5)
    .map((p) => `content ${p.id}: ${p.message}`)
    .join('; ');
  const body = (statusCode: number) => ({
    statusCode,
    message: `${statusCode === 400 ? 'Invalid input. ' : ''}${problems.length} of ${total} contents refused, nothing was changed: ${listed}${problems.length > 5 ? '; …' : ''}`,
    code: 'refused-records',
    records,
  });
  if (problems.every((p) => p.status === 403)) return new ForbiddenException(body(403));
  if (problems.every((p) => p.status === 409)) return new ConflictException(body(409));
  return new BadRequestException(body(400));
}

/** An HTTP refusal's words, its `errors` by path included ("fields.price: is required"). */
function wordsOf(error: HttpException): string {
  const answer = error.getResponse() as string | { message?: string | string[]; errors?: Record<string, string[]> };
  if (typeof answer === 'string') return answer;
  if (answer.errors && Object.keys(answer.errors).length)
    return Object.entries(answer.errors)
      .map(([path, messages]) => `${path}: ${messages.join(', ')}`)
      .join('; ');
  return Array.isArray(answer.message) ? answer.message.join('; ') : (answer.message ?? error.message);
}

/**
 * POST /api/contents/bulk-actions: publish, unpublish, change the status of or move up to
 * BULK_ACTION_MAX_IDS contents in one transaction, each content written as its single write
 * writes it (ContentPublishingService's publish and unpublish, ContentsService.applyChanges): its
 * version, its webhook events, the pages it touches purged once all is committed. Each content is
 * tried in a savepoint; one refused and nothing is changed, every refusal named by id. The answer
 * carries each changed content's previous state and the version the action left it at: `undo`
 * puts them back, refused for a content changed since.
 */
@Injectable()
export class ContentsBulkActionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly contents: ContentsService,
    private readonly publishing: ContentPublishingService,
    private readonly fields: ContentFieldsService,
    private readonly slugs: SlugsService,
    private readonly affected: AffectedPagesService,
    private readonly versions: VersionsService,
  ) {}

  async run(actor: AuthContext, dto: ContentBulkActionDto): Promise<ContentBulkActionResult> {
    const ids = this.checkedIds(dto);
    const undoOf = new Map((dto.undo ?? []).map((item) => [item.id, item]));
    const outcome = await this.dataSource.transaction(async (manager) => {
      // Locked in id order: two bulk actions over the same contents wait for each other instead of deadlocking.
      const locked = new Map<number, Content>();
      const missing: number[] = [];
      for (const id of [...ids].sort((a, b) => a - b)) {
        try {
          locked.set(id, await this.contents.lock(manager, id));
        } catch (error) {
          if (!(error instanceof NotFoundException)) throw error;
          missing.push(id);
        }
      }
      if (missing.length) throw new NotFoundException(`No content ${missing.join(', ')}: nothing was changed`);
      const target = dto.action === 'move' ? await this.contents.containerOf(manager, dto.containerId!, 'containerId') : null;

      const problems: { id: number; message: string; status: number }[] = [];
      const changed: number[] = [];
      const unchanged: number[] = [];
      const seeds: AffectedSeeds[] = [];
      const before = new Map<number, Omit<BulkUndoItem, 'version'>>();
      for (const id of ids) {
        const content = locked.get(id)!;
        before.set(id, { id, published: content.published, status: content.status, containerId: content.containerId });
        await manager.query('SAVEPOINT bulk_action_item');
        try {
          const done = await this.one(manager, actor, dto, content, target, undoOf.get(id));
          await manager.query('RELEASE SAVEPOINT bulk_action_item');
          if (done.changed) {
            changed.push(id);
            seeds.push(done.seeds);
          } else unchanged.push(id);
        } catch (error) {
          await manager.query('ROLLBACK TO SAVEPOINT bulk_action_item');
          if (!(error instanceof HttpException) || error.getStatus() >= 500) throw error;
          problems.push({ id, message: wordsOf(error), status: error.getStatus() });
        }
      }
      if (problems.length) throw refusal(problems, ids.length);
      const undo: BulkUndoItem[] = [];
      if (dto.action !== 'undo')
        for (const id of changed) undo.push({ ...before.get(id)!, version: (await this.versions.latest('contents', id, manager))!.id });
      const affected = await this.affected.collect(manager, mergedSeeds(seeds));
      return { changed, unchanged, undo, affected };
    });
    this.affected.emit(outcome.affected, 'all');
    return { action: dto.action, count: outcome.changed.length, ids: outcome.changed, unchanged: outcome.unchanged, undo: outcome.undo };
  }

  /** The contents the action names: `ids`, or those of `undo`; what the action needs beside them is there (400 naming what is missing). */
  private checkedIds(dto: ContentBulkActionDto): number[] {
    const errors = new InputErrors();
    if (dto.action === 'undo') {
      if (!dto.undo) errors.add('undo', 'is required with action undo: send back the undo list the action answered');
      if (dto.ids) errors.add('ids', 'is not taken with action undo: the contents are those of undo');
      const seen = new Set<number>();
      for (const [index, item] of (dto.undo ?? []).entries()) {
        if (seen.has(item.id)) errors.add(`undo.${index}.id`, `names content ${item.id} twice`);
        seen.add(item.id);
      }
    } else {
      if (!dto.ids) errors.add('ids', 'is required: the contents to change');
      if (dto.undo) errors.add('undo', 'is taken with action undo only');
    }
    if (dto.action === 'status' && !dto.status) errors.add('status', 'is required with action status: AVAILABLE or DISCONTINUED');
    if (dto.action !== 'status' && dto.status) errors.add('status', 'is taken with action status only');
    if (dto.action === 'move' && !dto.containerId) errors.add('containerId', 'is required with action move: the container the contents go to');
    if (dto.action !== 'move' && dto.containerId) errors.add('containerId', 'is taken with action move only');
    errors.throwIfAny();
    return dto.action === 'undo' ? dto.undo!.map((item) => item.id) : dto.ids!;
  }

  private async one(
    manager: EntityManager,
    actor: AuthContext,
    dto: ContentBulkActionDto,
    content: Content,
    target: ContainerOfContent | null,
    undo: BulkUndoItem | undefined,
  ): Promise<Outcome> {
    switch (dto.action) {
      case 'publish': {
        // Published with nothing waiting: already so. A draft waiting goes live, as its Publish button does.
        if (content.published && !(await this.contents.draftOf(manager, content.id))) return { changed: false };
        return { changed: true, seeds: await this.publishing.publishLocked(manager, actor, content) };
      }
      case 'unpublish':
        if (!content.published) return { changed: false };
        return { changed: true, seeds: await this.publishing.unpublishLocked(manager, actor, content) };
      case 'status':
        if (content.status === dto.status) return { changed: false };
        return { changed: true, seeds: await this.liveWrite(manager, actor, content, { status: dto.status }) };
      case 'move':
        if (content.containerId === target!.container.id) return { changed: false };
        return { changed: true, seeds: await this.move(manager, actor, content, target!) };
      case 'undo':
        return { changed: true, seeds: await this.restore(manager, actor, content, undo!) };
      default:
        throw new BadRequestException(`action ${String(dto.action)} is not a bulk action`);
    }
  }

  /** `published` and `status` written on the live rows, as a PUT without drafts writes them: a version, content.updated (and .published or .unpublished). */
  private async liveWrite(
    manager: EntityManager,
    actor: AuthContext,
    content: Content,
    change: { published?: boolean; status?: Status },
  ): Promise<AffectedSeeds> {
    const wasPublished = content.published;
    const target = await this.contents.containerOf(manager, content.containerId, 'containerId');
    const { seeds } = await this.contents.applyChanges(manager, actor, content, target, change, DEFAULT_LANG);
    if (content.published && !wasPublished) await manager.query(`UPDATE "content" SET "publishedAt" = now() WHERE id = $1`, [content.id]);
    await this.contents.keepVersion(manager, content.id, 'update', [], { published: content.published && !wasPublished, actor });
    await this.contents.announce(manager, 'content.updated', [content.id], LANGS);
    if (content.published !== wasPublished)
      await this.contents.announce(manager, content.published ? 'content.published' : 'content.unpublished', [content.id], LANGS);
    return seeds;
  }

  /**
   * The rule of a move: the content keeps every value it has, so the target container must define
   * each field it has a value of (any locale) with the same name, type and `multiple`, its values
   * must pass the target's rules (options, limits, linked container), the target's required fields
   * must have a value in en, and a target that disables sections takes no content with sections of
   * its own. A page under its old container's page goes under the new one's (or to the top).
   */
  private async move(manager: EntityManager, actor: AuthContext, content: Content, target: ContainerOfContent): Promise<AffectedSeeds> {
    const errors = new InputErrors();
    const stored: { lang: Lang; name: string; type: string; multiple: boolean }[] = await manager.query(
      `SELECT DISTINCT lang, name, type, multiple FROM "content_field" WHERE "contentId" = $1 ORDER BY name, lang`,
      [content.id],
    );
    const defined = new Map(target.definitions.map((d) => [d.name, d]));
    for (const field of new Map(stored.map((f) => [f.name, f])).values()) {
      const definition = defined.get(field.name);
      if (!definition) errors.add(`fields.${field.name}`, `the container "${target.container.title}" has no field "${field.name}" to keep this value in`);
      else if (definition.type !== field.type || definition.multiple !== field.multiple)
        errors.add(
          `fields.${field.name}`,
          `is ${field.multiple ? 'a list of ' : ''}${field.type} here but ${definition.multiple ? 'a list of ' : ''}${definition.type} in "${target.container.title}"`,
        );
    }
    if (errors.empty) {
      const present = new Map<Lang, Set<string>>();
      for (const lang of new Set(stored.map((f) => f.lang))) {
        const read = await this.contents.get(content.id, lang, manager);
        const own = Object.fromEntries(Object.entries(read.fields).filter(([name]) => !read.fallbackFields.includes(name)));
        const localErrors = new InputErrors();
        await this.fields.check(manager, target.definitions, own, localErrors);
        for (const [path, messages] of localErrors.entries)
          for (const message of messages) errors.add(lang === DEFAULT_LANG ? path : `${lang}.${path}`, message);
        present.set(lang, new Set(Object.keys(own)));
      }
      this.fields.checkRequired(target.definitions, DEFAULT_LANG, present, new Map(), errors);
    }
    const page = await this.contents.get(content.id, DEFAULT_LANG, manager);
    const noSections = noSectionsIn(target.container);
    if (noSections && page.sections.length > 0 && !page.sectionsFallback) errors.add('sections', noSections);
    errors.throwIfAny();

    const from = content.containerId;
    await manager.query(`UPDATE "content" SET "containerId" = $2, "updatedAt" = now(), "updatedBy" = $3 WHERE id = $1`, [
      content.id,
      target.container.id,
      actor.userId > 0 ? actor.userId : null,
    ]);
    content.containerId = target.container.id;
    const seeds: AffectedSeeds = { contentIds: [content.id], listingContainerIds: [from, target.container.id], referencingContentIds: [content.id], paths: [] };
    const oldParent = await this.slugs.findFor(manager, { containerId: from });
    if (page.slugId !== null && (page.parentSlugId ?? null) === (oldParent?.id ?? null)) {
      const newParent = await this.slugs.findFor(manager, { containerId: target.container.id });
      const result = await this.slugs.apply(
        manager,
        { contentId: content.id },
        { basic: undefined, parentId: newParent?.id ?? null, defaultParentId: newParent?.id ?? null, published: content.published },
      );
      seeds.paths!.push(...result.paths);
      if (result.moves.length > 0) seeds.everything = true;
    }
    await this.contents.keepVersion(manager, content.id, 'update', [], { actor });
    await this.contents.announce(manager, 'content.updated', [content.id], LANGS);
    return seeds;
  }

  /** Puts a content back as it was before an action, unless it changed since (409 naming who and when). */
  private async restore(manager: EntityManager, actor: AuthContext, content: Content, item: BulkUndoItem): Promise<AffectedSeeds> {
    const latest = await this.versions.latest('contents', content.id, manager);
    if (latest && latest.id !== item.version)
      throw new ConflictException(`changed since the action (${latest.action} by ${latest.userName ?? 'someone'} at ${latest.createdAt}): undo it by hand`);
    const seeds: AffectedSeeds[] = [];
    if (content.containerId !== item.containerId)
      seeds.push(await this.move(manager, actor, content, await this.contents.containerOf(manager, item.containerId, 'containerId')));
    if (content.published !== item.published || content.status !== item.status)
      seeds.push(await this.liveWrite(manager, actor, content, { published: item.published, status: item.status }));
    return mergedSeeds(seeds);
  }
}

/** The seeds of several writes as one. */
function mergedSeeds(all: AffectedSeeds[]): AffectedSeeds {
  const merged: AffectedSeeds = {};
  for (const seeds of all)
    for (const [key, values] of Object.entries(seeds) as [keyof AffectedSeeds, (number | string)[] | boolean | undefined][]) {
      if (typeof values === 'boolean') merged.everything ||= values;
      else if (values?.length) (merged[key] as (number | string)[] | undefined) = [...((merged[key] as (number | string)[] | undefined) ?? []), ...values];
    }
  return merged;
}

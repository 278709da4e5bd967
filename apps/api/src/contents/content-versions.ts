import { DEFAULT_LANG, LANGS, type Lang } from '@cms/contracts';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '../common/auth/auth-context';
import { currentActor } from '../versions/request-context';
import type { Dropped, VersionedRecords } from '../versions/versioned-records';
import type { Version } from '../versions/versions.service';
import { AffectedPagesService, type AffectedSeeds } from '../slugs/affected-pages.service';
import type { Content } from './content.entity';
import { ContentsService, DRAFT_READER, type ContainerOfContent, type ContentState } from './contents.service';
import { draftWrites, type DraftChanges } from './drafts';
import type { UpdateContentDto } from './dto/content.dto';

/** How many times a restore leaves out what a locale's write was refused for, and tries again. */
const MAX_RETRIES = 4;

/**
 * The draft that makes a content what a version was: every locale's own values, and nulls for the
 * field values a locale has now and the version did not (a PUT merges fields name by name).
 */
export function draftOfState(state: ContentState, now: ContentState): DraftChanges {
  const locales: DraftChanges['locales'] = {};
  for (const lang of LANGS) {
    const then = state.locales[lang];
    const current = now.locales[lang];
    const fields: Record<string, unknown> = { ...(then?.fields ?? {}) };
    for (const name of Object.keys(current?.fields ?? {})) if (!(name in fields)) fields[name] = null;
    locales[lang] = { fields, sections: then?.sections ?? [], metadata: then?.metadata ?? [] } as NonNullable<DraftChanges['locales'][Lang]>;
    // A locale's own slug segment (null: en's); en's is the shared `slug`. Versions from before localized addresses name none: left as it is.
    if (lang !== DEFAULT_LANG && then && 'slug' in then) locales[lang]!.slug = then.slug ?? null;
  }
  return {
    shared: {
      title: state.title,
      status: state.status,
      slug: state.slug,
      parentSlugId: state.parentSlugId ?? undefined,
      accesses: state.accesses.map((roleId) => ({ roleId })),
    } as DraftChanges['shared'],
    locales,
  };
}

/** Leaves out of one locale's write what an error names (a field, a section, the page's place); false when it names nothing it can leave out. */
function leaveOut(dto: UpdateContentDto, path: string): boolean {
  const [head, second] = path.split('.');
  if (head === 'fields' && dto.fields && second !== undefined && second in dto.fields) {
    delete (dto.fields as Record<string, unknown>)[second];
    return true;
  }
  if (head === 'sections' && dto.sections && second !== undefined && /^\d+$/.test(second)) {
    const index = Number(second);
    if (!dto.sections[index]) return false;
    dto.sections = dto.sections.filter((_section, at) => at !== index);
    return true;
  }
  for (const key of ['metadata', 'accesses', 'parentSlugId', 'slug', 'title', 'status'] as const) {
    if (head === key && dto[key] !== undefined) {
      delete dto[key];
      return true;
    }
  }
  return false;
}

/**
 * Restores contents from their versions (POST /api/contents/{id}/versions/{v}/restore): the
 * version's state becomes the working draft where the container has drafts, else the content
 * itself, through the same checks as a PUT. What the version names that is gone (a deleted media,
 * a content, an element) or no longer passes the container's rules is left as it is now and named.
 */
@Injectable()
export class ContentVersions implements VersionedRecords {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly contents: ContentsService,
    private readonly affected: AffectedPagesService,
  ) {}

  async assertExists(id: number): Promise<void> {
    const [row] = await this.dataSource.query(`SELECT 1 FROM "content" WHERE id = $1`, [id]);
    if (!row) throw new NotFoundException(`No content ${id}`);
  }

  async restore(id: number, version: Version): Promise<Dropped> {
    const actor = currentActor() ?? DRAFT_READER;
    const outcome = await this.dataSource.transaction(async (manager) => {
      const content = await this.contents.lock(manager, id);
      const target = await this.contents.containerOf(manager, content.containerId, 'containerId');
      const wanted = draftOfState(version.state as ContentState, await this.contents.snapshot(manager, id));
      const { draft, dropped } = await this.restorable(manager, actor, content, target, wanted);
      if (target.container.drafts) {
        await this.contents.keepDraft(manager, actor, content, target, draft, 'restore', [...LANGS]);
        return { dropped, affected: null };
      }
      const seeds: AffectedSeeds[] = await this.contents.applyDraft(manager, actor, content, target, draft);
      await this.contents.keepVersion(manager, id, 'restore', [...LANGS]);
      await this.contents.announce(manager, 'content.updated', [id], LANGS);
      const paths = seeds.flatMap((seed) => seed.paths ?? []);
      const everything = seeds.some((seed) => seed.everything);
      return {
        dropped,
        affected: await this.affected.collect(manager, {
          contentIds: [id],
          listingContainerIds: [content.containerId],
          referencingContentIds: [id],
          paths,
          everything,
        }),
      };
    });
    if (outcome.affected) this.affected.emit(outcome.affected, 'all');
    return outcome.dropped;
  }

  /**
   * The draft that can be written: each locale's write is tried in a savepoint (rolled back, like
   * everything here), and what a refusal names is left out of it until it passes.
   */
  private async restorable(
    manager: EntityManager,
    actor: AuthContext,
    content: Content,
    target: ContainerOfContent,
    wanted: DraftChanges,
  ): Promise<{ draft: DraftChanges; dropped: Dropped }> {
    const dropped: Dropped = [];
    const writes = draftWrites(wanted);
    await manager.query('SAVEPOINT restoring');
    try {
      for (const write of writes) {
        for (let attempt = 0; ; attempt++) {
          await manager.query('SAVEPOINT restoring_locale');
          try {
            await this.contents.applyChanges(manager, actor, { ...content } as Content, target, write.dto, write.lang);
            await manager.query('RELEASE SAVEPOINT restoring_locale');
            break;
          } catch (error) {
            await manager.query('ROLLBACK TO SAVEPOINT restoring_locale');
            if (attempt >= MAX_RETRIES) throw error;
            const named = refusedPaths(error, write.dto);
            if (named.length === 0) throw error;
            let left = false;
            for (const [path, message] of named)
              if (leaveOut(write.dto, path)) {
                dropped.push(`${path} (${write.lang}): ${message}`);
                left = true;
              }
            if (!left) throw error;
          }
        }
      }
    } finally {
      await manager.query('ROLLBACK TO SAVEPOINT restoring');
    }
    const draft: DraftChanges = { shared: {}, locales: {} };
    for (const { lang, dto } of writes) {
      const { fields, sections, metadata, slug, ...shared } = dto;
      if (lang === DEFAULT_LANG) draft.shared = { ...shared, slug };
      draft.locales[lang] = lang === DEFAULT_LANG || slug === undefined ? { fields, sections, metadata } : { fields, sections, metadata, slug };
    }
    return { draft, dropped };
  }
}

/** The paths a refusal names, with its first message: a 400's `errors`, or the page's address for a 409 (its slug or place is taken). */
function refusedPaths(error: unknown, dto: UpdateContentDto): [string, string][] {
  if (error instanceof BadRequestException) {
    const body = error.getResponse() as { errors?: Record<string, string[]> };
    return Object.entries(body.errors ?? {}).map(([path, messages]) => [path, messages[0] ?? 'refused']);
  }
  if (error instanceof ConflictException && dto.slug !== undefined) return [['slug', error.message]];
  return [];
}

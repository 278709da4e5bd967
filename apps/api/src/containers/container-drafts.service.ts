import { LANGS, SectionType, type Lang, type MetadataEntry, type SectionInput } from '@cms/contracts';
import { ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '../common/auth/auth-context';
import { findOr404 } from '../common/http/find-or-404';
import { InputErrors } from '../common/http/input-errors';
import { ContentPublishingService } from '../contents/content-publishing.service';
import type { ContentPreviewDto } from '../contents/dto/content.dto';
import { MetadataService } from '../metadata/metadata.service';
import { PagePartsService } from '../page-parts/page-parts.service';
import { sectionToDto, SectionsService } from '../sections/sections.service';
import { AffectedPagesService } from '../slugs/affected-pages.service';
import { SlugsService } from '../slugs/slugs.service';
import { Container } from './container.entity';
import { changesWhatItShows, inRolledBackTransaction } from '../database/tried-in-savepoint';
import { currentActor } from '../versions/request-context';
import { leaveOutPagePart, writeLeavingOut } from '../versions/leaving-out';
import type { Dropped, VersionedRecords } from '../versions/versioned-records';
import { VersionsService, type Version, type VersionAction } from '../versions/versions.service';
import { DRAFT_READER } from '../contents/contents.service';

/** A container's version: its page, each locale's own sections and metadata (null: the locale shows en's); the title to tell versions apart. */
export interface ContainerState {
  title: string;
  published: boolean;
  locales: Partial<Record<Lang, { sections: Omit<ReturnType<typeof sectionToDto>, 'id' | 'lang'>[] | null; metadata: MetadataEntry[] | null }>>;
}

/** What a container's draft changes in one locale: its PAGE sections and its metadata, each replaced whole. */
export interface ContainerPageChanges {
  sections?: readonly SectionInput[];
  metadata?: readonly MetadataEntry[];
}

/** A container's working draft (container_draft.changes): the page parts its PUTs saved since the live version, per locale. */
export interface ContainerDraftChanges {
  locales: Partial<Record<Lang, ContainerPageChanges>>;
}

/**
 * The part of a container PUT that goes to its draft when the container has drafts (every other
 * key is written live): absent or null parts are kept as they are, as in a live write; null when it has none.
 */
export function pageChangesOf(dto: { sections?: readonly SectionInput[] | null; metadata?: readonly MetadataEntry[] | null }): ContainerPageChanges | null {
  const changes: ContainerPageChanges = {};
  if (dto.sections != null) changes.sections = dto.sections;
  if (dto.metadata != null) changes.metadata = dto.metadata;
  return Object.keys(changes).length > 0 ? changes : null;
}

/** The locales a draft changes, in LANGS order (en first). */
function localesOf(draft: ContainerDraftChanges, only?: Lang): Lang[] {
  return LANGS.filter((lang) => draft.locales[lang] !== undefined && (only === undefined || lang === only));
}

function parseDraft(stored: unknown): ContainerDraftChanges {
  const locales = stored && typeof stored === 'object' ? (stored as Partial<ContainerDraftChanges>).locales : undefined;
  return { locales: locales && typeof locales === 'object' ? locales : {} };
}

/**
 * Drafts of a container's own page (issue 25: container pages follow their container's drafts
 * switch). On a container with drafts, a PUT's PAGE sections and metadata go to its working draft
 * (container_draft), checked by applying it to the live rows inside a savepoint that is rolled
 * back, exactly as ContentsService.saveDraft does for contents; staff read the draft applied in a
 * rolled-back transaction; publish makes it live (all locales or one) and purges the page; discard
 * throws it away; a preview link opens the page with the draft applied.
 */
@Injectable()
export class ContainerDraftsService implements VersionedRecords {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly pageParts: PagePartsService,
    private readonly sections: SectionsService,
    private readonly metadata: MetadataService,
    private readonly slugs: SlugsService,
    private readonly affected: AffectedPagesService,
    private readonly publishing: ContentPublishingService,
    private readonly versions: VersionsService,
  ) {}

  /** The working draft of a container's page (none: null). */
  async draftOf(manager: EntityManager, id: number): Promise<ContainerDraftChanges | null> {
    const [row] = await manager.query(`SELECT changes FROM "container_draft" WHERE "containerId" = $1`, [id]);
    return row ? parseDraft(row.changes) : null;
  }

  /** Whether a draft of the container's page waits (turning drafts off is refused then). */
  async hasDraft(manager: EntityManager, id: number): Promise<boolean> {
    const [row] = await manager.query(`SELECT 1 FROM "container_draft" WHERE "containerId" = $1`, [id]);
    return row !== undefined;
  }

  /**
   * Writes the draft's page parts (all, or `only` one locale's) on the live rows, each locale
   * checked as a live PUT's would be (400 naming what is wrong): the locales written.
   */
  private async apply(manager: EntityManager, actor: AuthContext, id: number, draft: ContainerDraftChanges, only?: Lang): Promise<Lang[]> {
    const owner = { kind: 'container' as const, id };
    const langs = localesOf(draft, only);
    for (const lang of langs) {
      const changes = draft.locales[lang]!;
      const errors = new InputErrors();
      const parts = await this.pageParts.check(manager, actor, owner, changes, errors);
      errors.throwIfAny();
      await this.pageParts.write(manager, owner, lang, changes, parts);
    }
    return langs;
  }

  /**
   * Saves a PUT's page parts (`changes`, in `lang`) into the draft of a container locked by the
   * PUT's transaction: the draft with them is applied to the live rows inside a savepoint, so it is
   * refused exactly as a live write would be, and compared with the live version; then the
   * savepoint is rolled back, and the draft kept when it differs (dropped when it shows what is live).
   */
  async save(manager: EntityManager, actor: AuthContext, id: number, changes: ContainerPageChanges, lang: Lang): Promise<void> {
    const before = (await this.draftOf(manager, id)) ?? { locales: {} };
    const draft: ContainerDraftChanges = { locales: { ...before.locales, [lang]: { ...before.locales[lang], ...changes } } };
    const langs = localesOf(draft);
    const differs = await changesWhatItShows(
      manager,
      () => this.versionsOf(manager, id, langs),
      () => this.apply(manager, actor, id, draft),
    );
    if (differs)
      await manager.query(
        `INSERT INTO "container_draft" ("containerId", changes, "updatedAt", "updatedBy") VALUES ($1, $2, now(), $3)
         ON CONFLICT ("containerId") DO UPDATE SET changes = EXCLUDED.changes, "updatedAt" = now(), "updatedBy" = EXCLUDED."updatedBy"`,
        [id, JSON.stringify(draft), actor.userId > 0 ? actor.userId : null],
      );
    else await manager.query(`DELETE FROM "container_draft" WHERE "containerId" = $1`, [id]);
  }

  /** What the page shows in each of `langs` (sections without their row ids, which a rewrite renews; metadata): equal when the page shows the same. */
  private async versionsOf(manager: EntityManager, id: number, langs: Lang[]): Promise<unknown[]> {
    const versions = [];
    for (const lang of langs) {
      const { sections, fallbackTypes } = await this.sections.read(manager, { kind: 'container', id }, lang, [SectionType.PAGE]);
      const { metadata, fallback } = await this.metadata.read(manager, { containerId: id }, lang);
      const shown = sections.map((section) => {
        const { id: _id, ...rest } = sectionToDto(section);
        return rest;
      });
      versions.push({ sections: shown, fallbackTypes, metadata: metadata.map(({ name, content }) => ({ name, content })), fallback });
    }
    return versions;
  }

  /**
   * Runs `read` on the database as it would be were the draft live, then rolls everything back:
   * nothing it wrote is ever seen by anyone else. 404 when there is no such container.
   */
  async withDraftApplied<T>(id: number, actor: AuthContext, read: (manager: EntityManager) => Promise<T>): Promise<T> {
    return inRolledBackTransaction(this.dataSource, async (manager) => {
      await findOr404(manager, Container, { id }, `No container ${id}`, true);
      const draft = await this.draftOf(manager, id);
      if (draft) await this.apply(manager, actor, id, draft);
      return read(manager);
    });
  }

  /**
   * Makes the draft live (all of it, or `only` one locale's; the rest waits) and purges the
   * container's page once committed. Without a draft (in that locale) nothing changes.
   */
  async publish(actor: AuthContext, id: number, only: Lang | undefined): Promise<void> {
    const { affected, langs } = await this.dataSource.transaction(async (manager) => {
      await findOr404(manager, Container, { id }, `No container ${id}`, true);
      const draft = await this.draftOf(manager, id);
      if (!draft) return { affected: [] as string[], langs: [] as Lang[] };
      const langs = await this.apply(manager, actor, id, draft, only);
      const rest: ContainerDraftChanges = { locales: { ...draft.locales } };
      for (const lang of langs) delete rest.locales[lang];
      if (localesOf(rest).length > 0)
        await manager.query(`UPDATE "container_draft" SET changes = $2, "updatedAt" = now() WHERE "containerId" = $1`, [id, JSON.stringify(rest)]);
      else await manager.query(`DELETE FROM "container_draft" WHERE "containerId" = $1`, [id]);
      if (langs.length > 0) await manager.getRepository(Container).update({ id }, { updatedAt: new Date() });
      await this.keepVersion(manager, actor, id, 'publish', langs, true);
      return { affected: langs.length > 0 ? await this.affected.collect(manager, { containerIds: [id], paths: [] }) : [], langs };
    });
    // The page parts are per locale: the locale published alone is purged (en also purges those that fall back to it).
    if (langs.length > 0) this.affected.emit(affected, langs.length === 1 ? langs[0] : 'all');
  }

  /** Throws the draft away: the live page, untouched, is what staff read again. 409 when there is none. */
  async discard(id: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await findOr404(manager, Container, { id }, `No container ${id}`, true);
      const [, deleted] = (await manager.query(`DELETE FROM "container_draft" WHERE "containerId" = $1`, [id])) as [unknown, number];
      if (!deleted) throw new ConflictException(`Container ${id} has no draft to discard`);
      await this.keepVersion(manager, currentActor() ?? DRAFT_READER, id, 'discard', []);
    });
  }

  /** A link to the container's page on the site, in `lang`, that renders its draft for an hour. 409 when it has no page. */
  async previewLink(actor: AuthContext, id: number, lang: Lang): Promise<ContentPreviewDto> {
    const slug = await this.dataSource.transaction(async (manager) => {
      await findOr404(manager, Container, { id }, `No container ${id}`);
      return this.slugs.findFor(manager, { containerId: id });
    });
    if (!slug) throw new ConflictException(`Container ${id} has no page to preview: give it a slug first`);
    const local = (await this.slugs.localPathsOf(this.dataSource.manager, slug.id)).find((row) => row.lang === lang);
    return this.publishing.previewUrl(actor, { containerId: id }, lang, local?.full ?? slug.full);
  }

  /** Shows the container's page as published, inside a transaction that is rolled back (a preview's, withDraftApplied). */
  async showAsPublished(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`UPDATE "container" SET published = true WHERE id = $1`, [id]);
    await manager.query(`UPDATE "slug" SET published = true WHERE "containerId" = $1`, [id]);
  }

  /** The container's page as it is in `manager`'s transaction (ContainerState). */
  private async pageState(manager: EntityManager, id: number): Promise<ContainerState> {
    const container = await findOr404(manager, Container, { id }, `No container ${id}`);
    const state: ContainerState = { title: container.title, published: container.published, locales: {} };
    for (const lang of LANGS) {
      const { sections } = await this.sections.read(manager, { kind: 'container', id }, lang, [SectionType.PAGE]);
      const { metadata, fallback } = await this.metadata.read(manager, { containerId: id }, lang);
      const own = sections
        .filter((section) => section.lang === lang)
        .map((section) => {
          const { id: _id, lang: _lang, ...kept } = sectionToDto(section);
          return kept;
        });
      const en = lang === 'en';
      state.locales[lang] = {
        sections: own.length > 0 || en ? own : null,
        metadata: !fallback || en ? metadata.map(({ name, content }) => ({ name, content })) : null,
      };
    }
    return state;
  }

  /** Keeps a version of the container's page as staff see it now in `manager`'s transaction: its draft applied when one waits. */
  async keepVersion(manager: EntityManager, actor: AuthContext, id: number, action: VersionAction, locales: readonly Lang[], published = false): Promise<void> {
    const draft = await this.draftOf(manager, id);
    let state: ContainerState;
    if (!draft) state = await this.pageState(manager, id);
    else {
      await manager.query('SAVEPOINT container_version');
      try {
        await this.apply(manager, DRAFT_READER, id, draft);
        state = await this.pageState(manager, id);
      } finally {
        await manager.query('ROLLBACK TO SAVEPOINT container_version');
      }
    }
    await this.versions.record(manager, { resource: 'containers', recordId: id, action, locales, published, state }, actor.userId > 0 ? actor : currentActor());
  }

  async assertExists(id: number): Promise<void> {
    await findOr404(this.dataSource.manager, Container, { id }, `No container ${id}`);
  }

  /**
   * Brings a version of the container's page back, every locale: into its draft where drafts are
   * on, else live (purged). A section naming what is gone (a deleted element, form or container) is
   * left out and named. The container's title, fields and settings stay as they are.
   */
  async restore(id: number, version: Version): Promise<Dropped> {
    const actor = currentActor() ?? DRAFT_READER;
    const { locales } = version.state as ContainerState;
    const dropped: Dropped = [];
    const affected = await this.dataSource.transaction(async (manager) => {
      const container = await findOr404(manager, Container, { id }, `No container ${id}`, true);
      const draft: ContainerDraftChanges = { locales: {} };
      for (const lang of LANGS) {
        const changes = { sections: [...(locales?.[lang]?.sections ?? [])], metadata: [...(locales?.[lang]?.metadata ?? [])] } as ContainerPageChanges;
        await manager.query('SAVEPOINT restoring');
        dropped.push(
          ...(await writeLeavingOut(
            changes as Record<string, unknown>,
            async (body) => {
              try {
                await this.apply(manager, actor, id, { locales: { [lang]: body } });
              } finally {
                await manager.query('ROLLBACK TO SAVEPOINT restoring');
              }
            },
            { label: ` (${lang})`, leaveOut: leaveOutPagePart },
          )),
        );
        await manager.query('RELEASE SAVEPOINT restoring');
        draft.locales[lang] = changes;
      }
      if (container.drafts) {
        for (const lang of LANGS) await this.save(manager, actor, id, draft.locales[lang]!, lang);
        await this.keepVersion(manager, actor, id, 'restore', [...LANGS]);
        return null;
      }
      await this.apply(manager, actor, id, draft);
      await manager.getRepository(Container).update({ id }, { updatedAt: new Date() });
      await this.keepVersion(manager, actor, id, 'restore', [...LANGS]);
      return this.affected.collect(manager, { containerIds: [id], paths: [] });
    });
    if (affected) this.affected.emit(affected, 'all');
    return dropped;
  }
}

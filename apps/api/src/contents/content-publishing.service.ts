import { DEFAULT_LANG, LANGS, localePath, type Lang } from '@cms/contracts';
import {
  ConflictException,
  ForbiddenException,
  HttpException,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '../common/auth/auth-context';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AffectedPagesService, type AffectedSeeds } from '../slugs/affected-pages.service';
import { ContentsService, DRAFT_READER } from './contents.service';
import { afterPublishing, draftLocales } from './drafts';
import type { ContentDto, ContentPreviewDto } from './dto/content.dto';
import type { Content } from './content.entity';

/** How long a preview link shows the draft, at most. */
const PREVIEW_SECONDS = 60 * 60;
/** How often each instance looks for due publishes and unpublishes: "within a minute". */
const SCHEDULER_INTERVAL_MS = 15_000;
/** Due contents one look takes at a time. */
const SCHEDULER_BATCH = 20;

/**
 * The claims of a preview link's token: which page (a content's, `c`, or a container's own, `k`:
 * exactly one of them), in which locale, made by whom.
 */
interface PreviewClaims {
  typ: 'preview';
  /** The content. */
  c?: number;
  /** The container, for its own page. */
  k?: number;
  /** The locale. */
  l: Lang;
  /** The staff user who asked for it. */
  u: number;
}

/** The page a preview token opens: a content's, or a container's own. */
export type PreviewTarget = { contentId: number; containerId?: undefined } | { containerId: number; contentId?: undefined };

/** Who publishes what a schedule says: the draft was checked against its editor's role when it was saved. */
const SCHEDULER: AuthContext = { ...DRAFT_READER, name: 'scheduler' };

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

/**
 * Publishing contents: a draft made live (now, or at `publishAt` by the scheduler), thrown away,
 * a page taken off the site (now, or at `unpublishAt`), and preview links that show a draft on the
 * site. Each change is one transaction; the pages that show the content are purged on every
 * instance once it has committed (a crash before the purge leaves them stale for the page cache's
 * time to live at most).
 */
@Injectable()
export class ContentPublishingService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Publishing');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly contents: ContentsService,
    private readonly affected: AffectedPagesService,
    private readonly jwt: JwtService,
  ) {}

  /**
   * Makes the draft live (all of it, or `only` one locale's changes) and the content published;
   * clears a publish time that waited. Answers the content in `lang`.
   */
  async publish(actor: AuthContext, id: number, only: Lang | undefined, lang: Lang): Promise<ContentDto> {
    const affected = await this.dataSource.transaction(async (manager) => {
      const content = await this.contents.lock(manager, id);
      return this.affected.collect(manager, await this.makeLive(manager, actor, content, only));
    });
    this.affected.emit(affected, 'all');
    return this.contents.read(id, lang);
  }

  /** Takes the content's page off the site (its draft is kept); clears an unpublish time that waited. */
  async unpublish(actor: AuthContext, id: number, lang: Lang): Promise<ContentDto> {
    const affected = await this.dataSource.transaction(async (manager) => {
      const content = await this.contents.lock(manager, id);
      return this.affected.collect(manager, await this.takeDown(manager, actor, content));
    });
    this.affected.emit(affected, 'all');
    return this.contents.read(id, lang);
  }

  /** `publish` of a content `manager`'s transaction holds locked (a bulk action's): what pages it touches; the caller purges them after its commit. */
  publishLocked(manager: EntityManager, actor: AuthContext, content: Content): Promise<AffectedSeeds> {
    return this.makeLive(manager, actor, content);
  }

  /** `unpublish` of a content `manager`'s transaction holds locked (a bulk action's): what pages it touches. */
  unpublishLocked(manager: EntityManager, actor: AuthContext, content: Content): Promise<AffectedSeeds> {
    return this.takeDown(manager, actor, content);
  }

  /** Throws the draft away: the live version, untouched, is what staff read again. 409 when there is none. */
  async discard(id: number, lang: Lang): Promise<ContentDto> {
    await this.dataSource.transaction(async (manager) => {
      await this.contents.lock(manager, id);
      const [, deleted] = (await manager.query(`DELETE FROM "content_draft" WHERE "contentId" = $1`, [id])) as [unknown, number];
      if (!deleted) throw new ConflictException(`Content ${id} has no draft to discard`);
      await this.contents.keepVersion(manager, id, 'discard', []);
    });
    return this.contents.read(id, lang);
  }

  private async makeLive(manager: EntityManager, actor: AuthContext, content: Content, only?: Lang): Promise<AffectedSeeds> {
    const wasPublished = content.published;
    const target = await this.contents.containerOf(manager, content.containerId, 'containerId');
    const draft = await this.contents.draftOf(manager, content.id);
    const seeds = draft ? await this.contents.applyDraft(manager, actor, content, target, draft, only) : [];
    if (!content.published) seeds.push((await this.contents.applyChanges(manager, actor, content, target, { published: true }, DEFAULT_LANG)).seeds);
    await manager.query(`UPDATE "content" SET "publishedAt" = now(), "publishAt" = NULL WHERE id = $1`, [content.id]);
    const rest = draft ? afterPublishing(draft, only) : null;
    if (rest) await manager.query(`UPDATE "content_draft" SET changes = $2, "updatedAt" = now() WHERE "contentId" = $1`, [content.id, JSON.stringify(rest)]);
    else if (draft) await manager.query(`DELETE FROM "content_draft" WHERE "contentId" = $1`, [content.id]);
    const locales = only ? [only] : draft ? draftLocales(draft) : [];
    await this.contents.keepVersion(manager, content.id, actor === SCHEDULER ? 'schedule' : 'publish', locales, { published: true, actor });
    // A page that comes online shows every locale; one already online shows the locales whose changes went live.
    await this.contents.announce(manager, 'content.published', [content.id], !wasPublished || locales.length === 0 ? LANGS : locales);
    return mergedSeeds(seeds);
  }

  private async takeDown(manager: EntityManager, actor: AuthContext, content: Content): Promise<AffectedSeeds> {
    const target = await this.contents.containerOf(manager, content.containerId, 'containerId');
    const wasPublished = content.published;
    const seeds = wasPublished ? (await this.contents.applyChanges(manager, actor, content, target, { published: false }, DEFAULT_LANG)).seeds : {};
    await manager.query(`UPDATE "content" SET "unpublishAt" = NULL WHERE id = $1`, [content.id]);
    await this.contents.keepVersion(manager, content.id, actor === SCHEDULER ? 'schedule' : 'unpublish', [], { actor });
    if (wasPublished) await this.contents.announce(manager, 'content.unpublished', [content.id], LANGS);
    return seeds;
  }

  // ------------------------------------------------------------------ the scheduler

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), SCHEDULER_INTERVAL_MS);
    this.timer.unref();
    void this.tick();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async tick(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = this.runDue().catch((error: unknown) =>
      this.logger.error(`Scheduled publishing: ${error instanceof Error ? error.message : String(error)}`),
    );
    await this.running;
    this.running = undefined;
  }

  /**
   * Publishes and unpublishes what is due, each content in a transaction of its own that takes it
   * with FOR UPDATE SKIP LOCKED and clears the time it ran: however many instances look at once,
   * each due change runs once. Answers the ids changed by this instance.
   */
  async runDue(): Promise<number[]> {
    const done: number[] = [];
    for (;;) {
      const due: { id: number }[] = await this.dataSource.query(
        `SELECT id FROM "content" WHERE ("publishAt" IS NOT NULL OR "unpublishAt" IS NOT NULL) AND LEAST("publishAt", "unpublishAt") <= now()
         ORDER BY LEAST("publishAt", "unpublishAt"), id LIMIT $1`,
        [SCHEDULER_BATCH],
      );
      let changed = 0;
      for (const { id } of due) {
        if (this.stopped) return done;
        if (await this.runOne(id)) {
          done.push(id);
          changed++;
        }
      }
      // Those left were taken by another instance (or failed and were logged): look again next time.
      if (due.length < SCHEDULER_BATCH || changed === 0) return done;
    }
  }

  private async runOne(id: number): Promise<boolean> {
    try {
      const affected = await this.dataSource.transaction(async (manager) => {
        const [row] = await manager.query(
          `SELECT id, "publishAt" <= now() AS "publishDue", "unpublishAt" <= now() AS "unpublishDue" FROM "content"
           WHERE id = $1 AND LEAST("publishAt", "unpublishAt") <= now() FOR UPDATE SKIP LOCKED`,
          [id],
        );
        if (!row) return null;
        const content = await this.contents.lock(manager, id);
        const seeds: AffectedSeeds[] = [];
        if (row.publishDue) seeds.push(await this.makeLive(manager, SCHEDULER, content));
        if (row.unpublishDue) seeds.push(await this.takeDown(manager, SCHEDULER, content));
        return this.affected.collect(manager, mergedSeeds(seeds));
      });
      if (affected === null) return false;
      this.affected.emit(affected, 'all');
      this.logger.log(`Content ${id}: scheduled change done`);
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (!isTheContentsOwnFault(error)) {
        // The database was busy or out of reach (a pool timeout, a deadlock, a restart): the change
        // stays due and the next look tries it again. Cancelling here would drop a schedule for good.
        this.logger.warn(`Content ${id}: the scheduled change will be tried again: ${reason}`);
        return false;
      }
      // A draft that no longer passes its container's rules: the time is cleared so that it is not tried every minute; the draft waits.
      this.logger.error(`Content ${id}: the scheduled change failed and was cancelled: ${reason}`);
      await this.dataSource.query(
        `UPDATE "content" SET "publishAt" = CASE WHEN "publishAt" <= now() THEN NULL ELSE "publishAt" END,
         "unpublishAt" = CASE WHEN "unpublishAt" <= now() THEN NULL ELSE "unpublishAt" END WHERE id = $1`,
        [id],
      );
      return false;
    }
  }

  // ------------------------------------------------------------------ previews

  /**
   * A link to the content's page on the site, in `lang`, that renders its draft for an hour: the
   * path is the draft's (a slug changed in the draft included). 409 when it has no page.
   */
  async previewLink(actor: AuthContext, id: number, lang: Lang): Promise<ContentPreviewDto> {
    const full = await this.contents.withDraftApplied(id, DRAFT_READER, undefined, async (manager) => {
      // The page's path in the locale previewed (its own segments there: the draft's French slug included).
      const [slug] = await manager.query(`SELECT p."full" FROM "slug" s JOIN "slug_path" p ON p."slugId" = s.id AND p.lang = $2 WHERE s."contentId" = $1`, [
        id,
        lang,
      ]);
      return (slug?.full as string | undefined) ?? null;
    });
    if (full === null) throw new ConflictException(`Content ${id} has no page to preview: give it a slug first`);
    return this.previewUrl(actor, { contentId: id }, lang, full);
  }

  /**
   * The site URL of the page at `full` (its slug's full path) in `lang`, with a token that opens
   * `target`'s draft there for an hour (the containers module asks it for a container's own page).
   */
  async previewUrl(actor: AuthContext, target: PreviewTarget, lang: Lang, full: string): Promise<ContentPreviewDto> {
    const claims: PreviewClaims =
      target.contentId !== undefined
        ? { typ: 'preview', c: target.contentId, l: lang, u: actor.userId }
        : { typ: 'preview', k: target.containerId, l: lang, u: actor.userId };
    const token = await this.jwt.signAsync(claims, { expiresIn: PREVIEW_SECONDS });
    const expiresAt = new Date((Math.floor(Date.now() / 1000) + PREVIEW_SECONDS) * 1000).toISOString();
    return { url: `${this.config.publicUrl ?? ''}${localePath(lang, full)}?preview=${token}`, expiresAt };
  }

  /**
   * The page (a content's or a container's own) and locale a preview token was made for: 403 when
   * it is tampered with, expired, not a preview token, or names both kinds or neither.
   */
  async previewOf(token: string): Promise<{ target: PreviewTarget; lang: Lang }> {
    const invalid = () => new ForbiddenException('This preview link is invalid or has expired: ask for a new one from the back office');
    let claims: Partial<PreviewClaims>;
    try {
      claims = await this.jwt.verifyAsync<PreviewClaims>(token);
    } catch {
      throw invalid();
    }
    if (claims.typ !== 'preview' || typeof claims.l !== 'string') throw invalid();
    const content = Number.isInteger(claims.c);
    const container = Number.isInteger(claims.k);
    // Exactly one page: a token naming both (or neither) opens nothing.
    if (claims.c !== undefined && claims.k !== undefined) throw invalid();
    if (content === container) throw invalid();
    return { target: content ? { contentId: claims.c! } : { containerId: claims.k! }, lang: claims.l };
  }
}

/**
 * Whether a scheduled change failed because of the content itself (its draft refused by its
 * container's rules, or by the database's constraints: class 23), which trying again cannot fix,
 * rather than because of the moment (a busy pool, a deadlock, a lost connection).
 */
export function isTheContentsOwnFault(error: unknown): boolean {
  if (error instanceof HttpException) return true;
  const code =
    (error as { code?: unknown; driverError?: { code?: unknown } } | null)?.code ?? (error as { driverError?: { code?: unknown } } | null)?.driverError?.code;
  return typeof code === 'string' && code.startsWith('23');
}

import { RightType, type SlugDto } from '@cms/contracts';
import { hasRight } from '@cms/rights';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import { readableSql, readerOf } from '../accesses/readable-sql';
import type { AuthContext } from '../common/auth/auth-context';
import {
  applyFilters,
  applySortAndRange,
  parseListQuery,
  type ListSpec,
  type RawListQuery,
  intFilter,
  booleanFilter,
  containsFilter,
} from '../common/http/list-query';
import { InputErrors } from '../common/http/input-errors';
import { fullProblem, joinFull, MAX_SLUG_DEPTH, pathOf, segmentProblem } from './slug-rules';
import { Slug } from './slug.entity';
import { containerOfContentSql } from '../contents/content-sql';

export type SlugOwner = { containerId: number } | { contentId: number };

/** What a write asks of an owner's slug: `undefined` keeps, `null` removes (basic) or puts at the root (parent). */
interface SlugChange {
  basic?: string | null;
  parentId?: number | null;
  /** The parent a new slug takes when `parentId` is not given (a content: its container's slug). */
  defaultParentId?: number | null;
  published: boolean;
}

/** Paths (with their leading slash) that a slug change touched, before and after. */
interface SlugChangeResult {
  slug: Slug | null;
  paths: string[];
  /** True when the owner's own path (and so its descendants') moved or appeared. */
  moved: boolean;
}

const SLUG_LIST: ListSpec<Slug> = {
  resource: 'slugs',
  sortable: { id: 'slug.id', full: 'slug.full', basic: 'slug.basic', updatedAt: 'slug.updatedAt', published: 'slug.published' },
  defaultSort: ['full', 'ASC'],
  filters: {
    id: intFilter('slug.id'),
    parentId: intFilter('slug.parentId'),
    containerId: intFilter('slug.containerId'),
    contentId: intFilter('slug.contentId'),
    published: booleanFilter('slug.published'),
    q: containsFilter('slug.full'),
  },
  maxPageSize: 10_000,
};

/** A page is guarded by its own accesses, or (a content without any) by its container's. */
export const GUARDED_SQL = `EXISTS (SELECT 1 FROM "access" a WHERE a."containerId" = slug."containerId" OR a."contentId" = slug."contentId"
  OR a."containerId" = ${containerOfContentSql('slug."contentId"')})`;

/** The slug's page is one the reader may open (parameters :readerRole, :readerIsSuperAdmin). */
const READABLE_SQL = readableSql(
  { contentId: 'slug."contentId"', containerId: `COALESCE(slug."containerId", ${containerOfContentSql('slug."contentId"')})` },
  { role: ':readerRole', superAdmin: ':readerIsSuperAdmin' },
);

interface SlugRow {
  id: number;
  basic: string;
  full: string;
  parentId: number | null;
  containerId: number | null;
  contentId: number | null;
  published: boolean;
  guarded: boolean;
  updatedAt: Date;
}

function toDto(row: SlugRow): SlugDto {
  return {
    id: row.id,
    basic: row.basic,
    full: row.full,
    path: pathOf(row.full),
    parentId: row.parentId,
    containerId: row.containerId,
    contentId: row.contentId,
    published: row.published,
    guarded: row.guarded,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/**
 * Page addresses. A slug is one segment (`basic`) under an optional parent slug; `full` is the
 * path from the root, kept in the row (unique) and recomputed for every descendant when a
 * parent moves. The slug with the empty `full` is the home page.
 */
@Injectable()
export class SlugsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Every slug for staff holding VIEW_CONTENT; for anyone else the published slugs of pages they
   * may open (anonymous callers: public pages only, so the sitemap and crawlers never learn a
   * members-only path). Without `range`, the first 10,000.
   */
  async list(raw: RawListQuery, auth: AuthContext | undefined): Promise<{ items: SlugDto[]; total: number; start: number }> {
    const query = parseListQuery(raw.range === undefined ? { ...raw, range: '[0,9999]' } : raw, SLUG_LIST);
    const base = applyFilters(this.dataSource.getRepository(Slug).createQueryBuilder('slug'), query, SLUG_LIST);
    if (!hasRight(auth, RightType.VIEW_CONTENT)) {
      const reader = readerOf(auth);
      base.andWhere(`slug.published = true AND ${READABLE_SQL}`, { readerRole: reader.role, readerIsSuperAdmin: reader.superAdmin });
    }
    const total = await base.clone().getCount();
    const rows = await applySortAndRange(
      base
        .clone()
        .select(['slug.id AS id', 'slug.basic AS basic', 'slug.full AS full', 'slug.parentId AS "parentId"', 'slug.containerId AS "containerId"'])
        .addSelect(['slug.contentId AS "contentId"', 'slug.published AS published', 'slug.updatedAt AS "updatedAt"'])
        .addSelect(GUARDED_SQL, 'guarded'),
      query,
      'slug.id',
    ).getRawMany<SlugRow>();
    return { items: rows.map(toDto), total, start: query.range.start };
  }

  async findFor(manager: EntityManager, owner: SlugOwner, lock = false): Promise<Slug | null> {
    const qb = manager.getRepository(Slug).createQueryBuilder('slug').where(owner);
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /**
   * Applies a write's slug part to its owner inside the owner's transaction: checks the segment
   * (400), the parent and the chain up from it (400 on a cycle), the path's uniqueness (409),
   * then stores it and recomputes the descendants' paths. `published` follows the owner.
   */
  async apply(manager: EntityManager, owner: SlugOwner, change: SlugChange): Promise<SlugChangeResult> {
    const existing = await this.findFor(manager, owner, true);
    const paths = existing ? [pathOf(existing.full)] : [];
    if (change.basic === null) {
      if (!existing) return { slug: null, paths, moved: false };
      await this.assertNoChildren(manager, [existing.id]);
      await manager.getRepository(Slug).delete({ id: existing.id });
      return { slug: null, paths, moved: true };
    }
    const basic = change.basic ?? existing?.basic;
    if (basic === undefined) return { slug: null, paths, moved: false };
    const parentId = change.parentId !== undefined ? change.parentId : existing ? existing.parentId : (change.defaultParentId ?? null);

    const errors = new InputErrors();
    const problem = segmentProblem(basic, parentId !== null);
    if (problem) errors.add('slug', problem);
    let parentFull: string | null = null;
    if (parentId !== null) {
      const chain: { id: number; full: string; depth: number }[] = await manager.query(
        `WITH RECURSIVE chain AS (
           SELECT id, "parentId", "full", 1 AS depth FROM "slug" WHERE id = $1
           UNION ALL SELECT s.id, s."parentId", s."full", c.depth + 1 FROM "slug" s JOIN chain c ON s.id = c."parentId" WHERE c.depth <= $2
         ) SELECT id, "full", depth FROM chain`,
        [parentId, MAX_SLUG_DEPTH],
      );
      if (chain.length === 0) errors.add('parentSlugId', `slug ${parentId} does not exist`);
      else if (existing && chain.some((row) => row.id === existing.id))
        errors.add('parentSlugId', `slug ${parentId} is this page's own slug or one of its descendants: the parent chain would be a cycle`);
      else if (chain.length > MAX_SLUG_DEPTH) errors.add('parentSlugId', `pages nest at most ${MAX_SLUG_DEPTH} deep`);
      else parentFull = chain[0].full;
    }
    errors.throwIfAny();
    const full = joinFull(parentFull, basic);
    const fullIssue = fullProblem(full);
    if (fullIssue) InputErrors.fail('slug', fullIssue);

    const taken = await manager.getRepository(Slug).findOne({ where: { full }, select: { id: true, containerId: true, contentId: true } });
    if (taken && taken.id !== existing?.id) {
      throw new ConflictException({
        message: `The path ${pathOf(full)} is already the address of ${taken.containerId ? `container ${taken.containerId}` : `content ${taken.contentId}`}`,
        errors: { slug: ['is already used by another page'] },
      });
    }

    const repo = manager.getRepository(Slug);
    if (!existing) {
      const { identifiers } = await repo.insert({ ...owner, basic, full, parentId, published: change.published });
      const slug = await repo.findOneByOrFail({ id: identifiers[0].id as number });
      return { slug, paths: [pathOf(full)], moved: true };
    }
    const moved = existing.full !== full;
    await repo.update({ id: existing.id }, { basic, full, parentId, published: change.published, updatedAt: new Date() });
    if (moved) paths.push(pathOf(full), ...(await this.recomputeDescendants(manager, existing.id, full)));
    return { slug: await repo.findOneByOrFail({ id: existing.id }), paths, moved };
  }

  /** Sets the owner's slug's published flag (a page is published with its slug). */
  async setPublished(manager: EntityManager, owner: SlugOwner, published: boolean): Promise<void> {
    await manager.getRepository(Slug).update({ ...owner, published: !published }, { published, updatedAt: new Date() });
  }

  /** Rewrites `full` under a slug whose path changed; answers the old and new paths of the descendants. */
  private async recomputeDescendants(manager: EntityManager, rootId: number, rootFull: string): Promise<string[]> {
    try {
      // An UPDATE answers [rows, count].
      const [rows]: [{ before: string; after: string }[], number] = await manager.query(
        `WITH RECURSIVE tree AS (
           SELECT id, $2::varchar AS "full", 0 AS depth FROM "slug" WHERE id = $1
           UNION ALL
           SELECT s.id, (CASE WHEN t."full" = '' THEN s.basic ELSE t."full" || '/' || s.basic END)::varchar, t.depth + 1
           FROM "slug" s JOIN tree t ON s."parentId" = t.id WHERE t.depth < $3
         )
         UPDATE "slug" SET "full" = tree."full", "updatedAt" = now()
         FROM tree JOIN "slug" prev ON prev.id = tree.id
         WHERE "slug".id = tree.id AND tree.depth > 0 AND prev."full" <> tree."full"
         RETURNING prev."full" AS before, tree."full" AS after`,
        [rootId, rootFull, MAX_SLUG_DEPTH + 1],
      );
      return rows.flatMap((r) => [pathOf(r.before), pathOf(r.after)]);
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === '23505') {
        throw new ConflictException({
          message: 'Moving this page would give one of its descendants the path of another page',
          errors: { slug: ['a descendant path collides with another page'] },
        });
      }
      throw error;
    }
  }

  /**
   * Moves a page, and every page under it, under `parentId` (null: the top level), inside the
   * owner's transaction (the caller locks the owner first): 400 naming `parentId` when the parent
   * does not exist, is the page itself or one of its descendants, or nests too deep; 409 naming the
   * path when the page's or a descendant's new path is another page's. Then `apply` writes it.
   */
  async move(manager: EntityManager, slugId: number, parentId: number | null): Promise<SlugChangeResult & { owner: SlugOwner }> {
    const slug = await manager.getRepository(Slug).createQueryBuilder('slug').setLock('pessimistic_write').where({ id: slugId }).getOne();
    if (!slug) throw new NotFoundException(`No page ${slugId}`);
    const owner: SlugOwner = slug.containerId !== null ? { containerId: slug.containerId } : { contentId: slug.contentId! };
    if (parentId === slug.parentId) return { slug, paths: [], moved: false, owner };
    if (slug.basic === '' && parentId !== null) InputErrors.fail('parentId', 'the home page stays at the top level');
    let parentFull: string | null = null;
    if (parentId !== null) {
      const chain: { id: number; full: string }[] = await manager.query(
        `WITH RECURSIVE chain AS (
           SELECT id, "parentId", "full", 1 AS depth FROM "slug" WHERE id = $1
           UNION ALL SELECT s.id, s."parentId", s."full", c.depth + 1 FROM "slug" s JOIN chain c ON s.id = c."parentId" WHERE c.depth <= $2
         ) SELECT id, "full" FROM chain`,
        [parentId, MAX_SLUG_DEPTH],
      );
      if (chain.length === 0) InputErrors.fail('parentId', `page ${parentId} does not exist`);
      if (chain.some((row) => row.id === slug.id))
        InputErrors.fail('parentId', `page ${parentId} is this page or one of the pages under it: a page cannot go under itself`);
      if (chain.length > MAX_SLUG_DEPTH) InputErrors.fail('parentId', `pages nest at most ${MAX_SLUG_DEPTH} deep`);
      parentFull = chain[0].full;
    }
    const full = joinFull(parentFull, slug.basic);
    const problem = fullProblem(full);
    if (problem) InputErrors.fail('parentId', `the page's segment "${slug.basic}" ${problem}`);
    // Every new path of the moved pages, against the pages that do not move.
    const [taken]: { full: string }[] = await manager.query(
      `WITH RECURSIVE tree AS (
         SELECT id, $2::varchar AS "full", 0 AS depth FROM "slug" WHERE id = $1
         UNION ALL
         SELECT s.id, (CASE WHEN t."full" = '' THEN s.basic ELSE t."full" || '/' || s.basic END)::varchar, t.depth + 1
         FROM "slug" s JOIN tree t ON s."parentId" = t.id WHERE t.depth < $3
       )
       SELECT o."full" FROM tree JOIN "slug" o ON o."full" = tree."full" WHERE NOT EXISTS (SELECT 1 FROM tree m WHERE m.id = o.id) ORDER BY o."full" LIMIT 1`,
      [slug.id, full, MAX_SLUG_DEPTH + 1],
    );
    if (taken) {
      throw new ConflictException({
        message: `The path ${pathOf(taken.full)} is already the address of another page: moving this page there would give it to two`,
        errors: { parentId: [`would make the path ${pathOf(taken.full)}, which another page has`] },
      });
    }
    return { ...(await this.apply(manager, owner, { parentId, published: slug.published })), owner };
  }

  /** 409 when slugs outside `ids` hang under one of them (they would lose their parent). */
  async assertNoChildren(manager: EntityManager, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const children: { full: string }[] = await manager.query(
      `SELECT "full" FROM "slug" WHERE "parentId" = ANY($1::int[]) AND NOT (id = ANY($1::int[])) ORDER BY "full" LIMIT 5`,
      [ids],
    );
    if (children.length) {
      throw new ConflictException(`Other pages hang under this one (${children.map((c) => pathOf(c.full)).join(', ')}): move them first`);
    }
  }
}

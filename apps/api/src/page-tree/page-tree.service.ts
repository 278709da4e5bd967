import { type Lang, LANGS, type PageTreeNode, type PageTreeSort, PAGE_TREE_SORTS, RightType } from '@cms/contracts';
import { hasRight } from '@cms/rights';
import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuthContext } from '../common/auth/auth-context';
import { invalidInput } from '../common/http/input-errors';
import { escapeLike } from '../common/http/list-query';
import { ContainerDraftsService } from '../containers/container-drafts.service';
import { contentPageFactsSql } from '../contents/content-sql';
import { ContentsService } from '../contents/contents.service';
import { currentActor } from '../versions/request-context';
import { AffectedPagesService, type AffectedSeeds } from '../slugs/affected-pages.service';
import { MAX_SLUG_DEPTH, pathOf } from '../slugs/slug-rules';
import { GUARDED_SQL, SlugsService } from '../slugs/slugs.service';

/** The most pages one request of a level answers. */
export const MAX_TREE_PAGE = 200;
const DEFAULT_TREE_PAGE = 50;

/**
 * The one place the tree reads a page's path, as SQL over the slug row `alias`: its path in the
 * locale (slug_path; every slug has one per locale). `locale` is a checked Lang, never free text.
 */
export function pageFullSql(alias: string, locale: Lang): string {
  if (!(LANGS as readonly string[]).includes(locale)) throw new Error(`Not a locale: ${locale}`);
  return `(SELECT lp."full" FROM "slug_path" lp WHERE lp."slugId" = ${alias}.id AND lp.lang = '${locale}')`;
}

export interface TreeQuery {
  parentId?: number;
  /** One page, by its slug id (a picker showing the page chosen). */
  slugId?: number;
  q?: string;
  sort: PageTreeSort;
  range: { start: number; end: number };
  /** A page whose subtree (itself included) is left out: a picker of where this page may go. */
  notUnder?: number;
  locale: Lang;
}

interface TreeRow {
  slugId: number;
  parentId: number | null;
  basic: string;
  full: string;
  title: string | null;
  containerId: number | null;
  contentId: number | null;
  state: PageTreeNode['state'];
  childCount: number;
  updatedAt: Date;
}

/** A whole number from the query string, or a 400 naming its key. */
function intOf(key: string, value: unknown, min: number, max: number): number {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) throw invalidInput({ [key]: [`must be a whole number from ${min} to ${max}`] });
  return n;
}

/** The tree query from the raw query string's values: every bad value is a 400 naming its key. */
export function parseTreeQuery(
  raw: { parentId?: unknown; slugId?: unknown; q?: unknown; sort?: unknown; range?: unknown; notUnder?: unknown },
  locale: Lang,
): TreeQuery {
  const query: TreeQuery = { sort: 'title', range: { start: 0, end: DEFAULT_TREE_PAGE - 1 }, locale };
  if (raw.parentId !== undefined) query.parentId = intOf('parentId', raw.parentId, 1, 2_147_483_647);
  if (raw.slugId !== undefined) query.slugId = intOf('slugId', raw.slugId, 1, 2_147_483_647);
  if (query.slugId !== undefined && query.parentId !== undefined) throw invalidInput({ slugId: ['names one page: send it without parentId'] });
  if (raw.notUnder !== undefined) query.notUnder = intOf('notUnder', raw.notUnder, 1, 2_147_483_647);
  if (raw.q !== undefined) {
    if (typeof raw.q !== 'string' || raw.q.length > 200) throw invalidInput({ q: ['must be one text of at most 200 characters'] });
    if (raw.q.trim() !== '') query.q = raw.q.trim();
  }
  if (query.q !== undefined && query.parentId !== undefined) throw invalidInput({ q: ['searches the whole tree: send it without parentId'] });
  if (raw.sort !== undefined) {
    if (typeof raw.sort !== 'string' || !(PAGE_TREE_SORTS as readonly string[]).includes(raw.sort))
      throw invalidInput({ sort: [`must be one of ${PAGE_TREE_SORTS.join(', ')}`] });
    query.sort = raw.sort as PageTreeSort;
  }
  if (raw.range !== undefined) {
    let range: unknown;
    try {
      range = typeof raw.range === 'string' ? JSON.parse(raw.range) : undefined;
    } catch {
      range = undefined;
    }
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0 && n <= 2_000_000_000) || range[1] < range[0])
      throw invalidInput({ range: ['must look like [0,49]: whole numbers from 0, the end not before the start'] });
    if (range[1] - range[0] + 1 > MAX_TREE_PAGE) throw invalidInput({ range: [`must span at most ${MAX_TREE_PAGE} pages`] });
    query.range = { start: range[0], end: range[1] };
  }
  return query;
}

/**
 * The site as a tree of pages (slugs), one level at a time, and the moves of its pages. A level is
 * read by one statement: the page of rows is chosen first (sorted on the title or the path, both
 * beside the slug row), then only its rows get their state and child count.
 */
@Injectable()
export class PageTreeService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly slugs: SlugsService,
    private readonly contents: ContentsService,
    private readonly containerDrafts: ContainerDraftsService,
    private readonly affected: AffectedPagesService,
  ) {}

  async level(query: TreeQuery): Promise<{ items: PageTreeNode[]; total: number; start: number }> {
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const full = pageFullSql('s', query.locale);
    const title = `COALESCE(c.title, k.title)`;
    const where: string[] = [];
    if (query.slugId !== undefined) where.push(`s.id = ${param(query.slugId)}`);
    else if (query.q !== undefined) {
      const like = param(`%${escapeLike(query.q)}%`);
      where.push(`(${title} ILIKE ${like} OR ${full} ILIKE ${like})`);
    } else if (query.parentId !== undefined) where.push(`s."parentId" = ${param(query.parentId)}`);
    else where.push(`s."parentId" IS NULL`);
    if (query.notUnder !== undefined) {
      where.push(`s.id NOT IN (
        WITH RECURSIVE under AS (
          SELECT id, 0 AS depth FROM "slug" WHERE id = ${param(query.notUnder)}
          UNION ALL SELECT d.id, u.depth + 1 FROM "slug" d JOIN under u ON d."parentId" = u.id WHERE u.depth <= ${MAX_SLUG_DEPTH}
        ) SELECT id FROM under)`);
    }
    // The home page first, then by title (or path), the id breaking ties: sort keys the outer query orders by again.
    const keys =
      query.sort === 'path' ? `(${full} = '') AS k0, ${full} AS k1, ''::text AS k2` : `(${full} = '') AS k0, lower(${title}) AS k1, ${title}::text AS k2`;
    const from = `FROM "slug" s LEFT JOIN (${contentPageFactsSql}) c ON c.id = s."contentId" LEFT JOIN "container" k ON k.id = s."containerId"
       WHERE ${where.join(' AND ')}`;
    const filterParams = [...params];
    const offset = param(query.range.start);
    const limit = param(query.range.end - query.range.start + 1);
    // ORDER BY … LIMIT without a window over the level: PostgreSQL keeps only the page's rows
    // while it reads the level (a top-N sort), and only those get a state and a child count.
    const rows: TreeRow[] = await this.dataSource.query(
      `WITH chosen AS (
         SELECT s.id, ${full} AS "full", ${title} AS title, c."publishAt", ${keys}
         ${from}
         ORDER BY k0 DESC, k1, k2, s.id
         OFFSET ${offset} LIMIT ${limit}
       )
       SELECT slug.id AS "slugId", slug."parentId", slug.basic, m."full", m.title, slug."containerId", slug."contentId", slug."updatedAt",
         CASE WHEN m."publishAt" IS NOT NULL THEN 'scheduled'
              WHEN NOT slug.published THEN 'draft'
              WHEN ${GUARDED_SQL} THEN 'members-only'
              ELSE 'published' END AS state,
         (SELECT count(*)::int FROM "slug" ch WHERE ch."parentId" = slug.id) AS "childCount"
       FROM chosen m JOIN "slug" slug ON slug.id = m.id
       ORDER BY m.k0 DESC, m.k1, m.k2, m.id`,
      params,
    );
    // The count alone: on a level, an index-only count of the parent's children (the joins, unused, are dropped).
    const [{ total }]: { total: number }[] = await this.dataSource.query(`SELECT count(*)::int AS total ${from}`, filterParams);
    return {
      items: rows.map((row) => ({
        slugId: row.slugId,
        parentId: row.parentId,
        basic: row.basic,
        path: pathOf(row.full),
        title: row.title ?? '',
        kind: row.containerId !== null ? 'container' : 'content',
        containerId: row.containerId,
        contentId: row.contentId,
        state: row.state,
        childCount: row.childCount,
        updatedAt: new Date(row.updatedAt).toISOString(),
      })),
      total,
      start: query.range.start,
    };
  }

  /** One page of the tree (404 when there is none). */
  async node(slugId: number, locale: Lang): Promise<PageTreeNode> {
    const rows: TreeRow[] = await this.dataSource.query(
      `SELECT slug.id AS "slugId", slug."parentId", slug.basic, ${pageFullSql('slug', locale)} AS "full", COALESCE(c.title, k.title) AS title,
         slug."containerId", slug."contentId", slug."updatedAt",
         CASE WHEN c."publishAt" IS NOT NULL THEN 'scheduled' WHEN NOT slug.published THEN 'draft' WHEN ${GUARDED_SQL} THEN 'members-only' ELSE 'published' END AS state,
         (SELECT count(*)::int FROM "slug" ch WHERE ch."parentId" = slug.id) AS "childCount"
       FROM "slug" slug LEFT JOIN (${contentPageFactsSql}) c ON c.id = slug."contentId" LEFT JOIN "container" k ON k.id = slug."containerId"
       WHERE slug.id = $1`,
      [slugId],
    );
    const found = rows[0];
    if (!found) throw new NotFoundException(`No page ${slugId}`);
    return {
      slugId: found.slugId,
      parentId: found.parentId,
      basic: found.basic,
      path: pathOf(found.full),
      title: found.title ?? '',
      kind: found.containerId !== null ? 'container' : 'content',
      containerId: found.containerId,
      contentId: found.contentId,
      state: found.state,
      childCount: found.childCount,
      updatedAt: new Date(found.updatedAt).toISOString(),
    };
  }

  /**
   * Moves a page under another (null: the top level), at once, whatever drafts wait: a content's
   * page with UPDATE_CONTENT, a container's with UPDATE_CONTAINER. The owner is locked, the move
   * checked and applied by SlugsService (descendants' paths recomputed), a draft that named the old
   * parent follows, a version of the owner is kept, and the pages whose paths changed are purged.
   */
  async move(auth: AuthContext, slugId: number, parentId: number | null, locale: Lang): Promise<PageTreeNode | Pick<PageTreeNode, 'slugId'>> {
    const [found]: { containerId: number | null; contentId: number | null }[] = await this.dataSource.query(
      `SELECT "containerId", "contentId" FROM "slug" WHERE id = $1`,
      [slugId],
    );
    if (!found) throw new NotFoundException(`No page ${slugId}`);
    const right = found.containerId !== null ? RightType.UPDATE_CONTAINER : RightType.UPDATE_CONTENT;
    if (!hasRight(auth, right))
      throw new ForbiddenException(`Your role lacks the right ${right}: it moves a ${found.containerId !== null ? 'container' : 'content'}'s page`);
    const actor = auth.userId > 0 ? auth : (currentActor() ?? auth);

    const affected = await this.dataSource.transaction(async (manager) => {
      const content = found.contentId !== null ? await this.contents.lock(manager, found.contentId) : null;
      if (found.containerId !== null) {
        const [locked] = await manager.query(`SELECT id FROM "container" WHERE id = $1 FOR UPDATE`, [found.containerId]);
        if (!locked) throw new NotFoundException(`No page ${slugId}`);
      }
      const result = await this.slugs.move(manager, slugId, parentId);
      if (!result.moved) return null;
      const seeds: AffectedSeeds = { paths: result.paths };
      // Cached navigation links name pages by address: a changed address purges every page.
      if (result.moves.length > 0) seeds.everything = true;
      if (content) {
        seeds.contentIds = [content.id];
        seeds.listingContainerIds = [content.containerId];
        seeds.referencingContentIds = [content.id];
        const draft = await this.contents.draftOf(manager, content.id);
        if (draft) {
          // The move is live: a draft that named a parent names the new one, so that publishing it does not move the page back.
          if (draft.shared.parentSlugId !== undefined) draft.shared.parentSlugId = parentId;
          const target = await this.contents.containerOf(manager, content.containerId, 'containerId');
          await this.contents.keepDraft(manager, actor, content, target, draft, 'update', []);
        } else await this.contents.keepVersion(manager, content.id, 'update', [], { actor });
      } else if (found.containerId !== null) {
        seeds.containerIds = [found.containerId];
        seeds.listingContainerIds = [found.containerId];
        await this.containerDrafts.keepVersion(manager, actor, found.containerId, 'update', []);
      }
      return this.affected.collect(manager, seeds);
    });
    if (affected) this.affected.emit(affected, 'all');
    // Who may move a page but not read the tree learns nothing of it (its title, its state) from the answer.
    return hasRight(auth, RightType.VIEW_CONTENT) ? this.node(slugId, locale) : { slugId };
  }
}

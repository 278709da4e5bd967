import { DEFAULT_LANG, LANGS, RightType, type Lang, type SlugDto } from '@cms/contracts';
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
import { preparedQuery } from '../database/prepared-query';
import { addressOf, RedirectsService, type AddressMove } from '../redirects/redirects.service';

export type SlugOwner = { containerId: number } | { contentId: number };

/** What a write asks of an owner's slug: `undefined` keeps, `null` removes (basic) or puts at the root (parent). */
interface SlugChange {
  /** en (the default): `basic` is the page's segment; another locale: that locale's own segment (null or '' clears it). */
  lang?: Lang;
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
  /** True when the owner's own path (and so its descendants') moved or appeared, in any locale. */
  moved: boolean;
  /** The addresses (with their locale prefix) that changed, old to new: a redirect now leads from each. */
  moves: AddressMove[];
}

/** A new page that one item of a bulk create asks for: its en segment, its parent (undefined: `defaultParentId`). */
export interface NewPage {
  basic: string;
  parentId?: number | null;
  defaultParentId: number | null;
}

/** A new page checked by planNewPages: its parent and its path in every locale (LANGS order). */
export interface PlannedPage {
  basic: string;
  parentId: number | null;
  fulls: string[];
}

/** What planNewPages found wrong with one item's page: a rule it breaks (400) or a path another page or item has (409). */
export interface NewPageProblem {
  index: number;
  field: 'slug' | 'parentSlugId';
  message: string;
  conflict: boolean;
}

/** A slug's segment and path in one locale (slug_path). */
export interface LocalPath {
  lang: Lang;
  /** The locale's own segment, null when it uses en's. */
  basic: string | null;
  full: string;
}

/**
 * Every locale's path of a slug ($1; null for one not yet written) and of its descendants: the
 * slug's own paths are given ($2 the locales, $3 their paths), each descendant's is its parent's
 * in the locale and its own segment in the locale (or en's). At most $4 deep.
 * PostgreSQL cannot estimate a recursive query's rows (it guessed thousands for the five of a new
 * page): as plain joins, the children and their paths were read by hashing the whole `slug` and
 * `slug_path` tables, 15–30 ms a write at 15,000 pages. Each lookup is a lateral subquery kept
 * whole (OFFSET 0, LIMIT 1 on a unique key), so it stays an index scan per row of the tree.
 */
const TREE_SQL = `WITH RECURSIVE tree AS (
    SELECT $1::int AS id, r.lang, r."full"::varchar AS "full", 0 AS depth FROM unnest($2::lang[], $3::varchar[]) AS r(lang, "full")
    UNION ALL
    SELECT c.id, t.lang, (CASE WHEN t."full" = '' THEN coalesce(cp.basic, c.basic) ELSE t."full" || '/' || coalesce(cp.basic, c.basic) END)::varchar, t.depth + 1
    FROM tree t
    JOIN LATERAL (SELECT s.id, s.basic FROM "slug" s WHERE s."parentId" = t.id OFFSET 0) c ON true
    LEFT JOIN LATERAL (SELECT p.basic FROM "slug_path" p WHERE p."slugId" = c.id AND p.lang = t.lang LIMIT 1) cp ON true
    WHERE t.depth < $4
  )`;

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
  /** Each locale's path from the root. */
  fulls: Partial<Record<Lang, string>> | null;
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
    paths: Object.fromEntries(LANGS.map((lang) => [lang, pathOf(row.fulls?.[lang] ?? row.full)])) as Record<Lang, string>,
  };
}

/**
 * Page addresses. A slug is one segment (`basic`) under an optional parent slug; `full` is the
 * path from the root, kept in the row (unique) and recomputed for every descendant when a
 * parent moves. The slug with the empty `full` is the home page.
 */
@Injectable()
export class SlugsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redirects: RedirectsService,
  ) {}

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
        .addSelect(GUARDED_SQL, 'guarded')
        .addSelect(`(SELECT json_object_agg(p.lang, p."full") FROM "slug_path" p WHERE p."slugId" = slug.id)`, 'fulls'),
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
   * (400), the parent and the chain up from it (400 on a cycle), every locale's path (400 for a
   * reserved first segment, 409 naming the path another page has), then stores it and recomputes
   * every locale's path of the page and its descendants. In en, `basic` is the page's segment
   * (null removes the page); in another locale it is that locale's own segment (null or '' clears
   * it: the locale uses en's). Every address that changed leaves a redirect from the old one
   * (RedirectsService, same transaction). `published` follows the owner.
   */
  async apply(manager: EntityManager, owner: SlugOwner, change: SlugChange): Promise<SlugChangeResult> {
    const lang = change.lang ?? DEFAULT_LANG;
    const existing = await this.findFor(manager, owner, true);
    const before = existing ? await this.localPathsOf(manager, existing.id) : [];
    const paths = before.map((row) => pathOf(row.full));
    const unchanged = { slug: existing, paths: [], moved: false, moves: [] };
    if (lang === DEFAULT_LANG && change.basic === null) {
      if (!existing) return { ...unchanged, slug: null };
      await this.assertNoChildren(manager, [existing.id]);
      await manager.getRepository(Slug).delete({ id: existing.id });
      return { slug: null, paths: [...new Set(paths)], moved: true, moves: [] };
    }
    const own = new Map<Lang, string | null>(before.map((row) => [row.lang, row.basic]));
    if (lang !== DEFAULT_LANG && change.basic !== undefined) {
      const local = change.basic === '' ? null : change.basic;
      if (!existing) {
        if (local === null) return { ...unchanged, slug: null };
        InputErrors.fail('slug', `cannot be set in ${lang} before the page has its address in en: give it its slug without ?locale= first`);
      }
      own.set(lang, local);
    }
    const basic = lang === DEFAULT_LANG ? (change.basic ?? existing?.basic) : existing?.basic;
    if (basic === undefined) return { ...unchanged, slug: null };
    const parentId = change.parentId !== undefined ? change.parentId : existing ? existing.parentId : (change.defaultParentId ?? null);

    const errors = new InputErrors();
    const problem = segmentProblem(basic, parentId !== null);
    if (problem) errors.add('slug', problem);
    for (const [locale, segment] of own) {
      if (segment === null || locale === DEFAULT_LANG) continue;
      if (basic === '') errors.add('slug', `the home page has no segment in any locale (it is /${locale})`);
      else {
        const localProblem = segmentProblem(segment, true);
        if (localProblem) errors.add('slug', `${localProblem} (in ${locale})`);
      }
    }
    let parentFulls: Map<Lang, string> | null = null;
    if (parentId !== null) {
      const chain: { id: number; depth: number }[] = await manager.query(
        `WITH RECURSIVE chain AS (
           SELECT id, "parentId", 1 AS depth FROM "slug" WHERE id = $1
           UNION ALL SELECT s.id, s."parentId", c.depth + 1 FROM "slug" s JOIN chain c ON s.id = c."parentId" WHERE c.depth <= $2
         ) SELECT id, depth FROM chain`,
        [parentId, MAX_SLUG_DEPTH],
      );
      if (chain.length === 0) errors.add('parentSlugId', `slug ${parentId} does not exist`);
      else if (existing && chain.some((row) => row.id === existing.id))
        errors.add('parentSlugId', `slug ${parentId} is this page's own slug or one of its descendants: the parent chain would be a cycle`);
      else if (chain.length > MAX_SLUG_DEPTH) errors.add('parentSlugId', `pages nest at most ${MAX_SLUG_DEPTH} deep`);
      else parentFulls = new Map((await this.localPathsOf(manager, parentId)).map((row) => [row.lang, row.full]));
    }
    errors.throwIfAny();
    // The page's path in every locale: its parent's in the locale, then its segment in the locale (or en's).
    const fulls = LANGS.map((locale) => joinFull(parentFulls?.get(locale) ?? null, own.get(locale) ?? basic));
    LANGS.forEach((locale, at) => {
      const fullIssue = fullProblem(fulls[at]);
      if (fullIssue) errors.add('slug', locale === DEFAULT_LANG ? fullIssue : `${fullIssue} (in ${locale}: ${addressOf(locale, fulls[at])})`);
    });
    errors.throwIfAny();
    await this.assertPathsFree(manager, existing?.id ?? null, fulls);

    const repo = manager.getRepository(Slug);
    const full = fulls[LANGS.indexOf(DEFAULT_LANG)];
    let id: number;
    if (existing) {
      id = existing.id;
      await repo.update({ id }, { basic, full, parentId, published: change.published, updatedAt: new Date() });
      if (lang !== DEFAULT_LANG && change.basic !== undefined)
        await manager.query(`UPDATE "slug_path" SET basic = $3 WHERE "slugId" = $1 AND lang = $2`, [id, lang, own.get(lang)]);
    } else {
      const { identifiers } = await repo.insert({ ...owner, basic, full, parentId, published: change.published });
      id = identifiers[0].id as number;
    }
    const rewritten = await this.rewritePaths(manager, id, fulls);
    const moves = rewritten.filter((row) => row.before !== null).map((row) => ({ from: addressOf(row.lang, row.before!), to: addressOf(row.lang, row.full) }));
    await this.redirects.recordMoves(manager, moves);
    await this.redirects.addressesTaken(
      manager,
      rewritten.filter((row) => row.before === null).map((row) => addressOf(row.lang, row.full)),
    );
    for (const row of rewritten) paths.push(...(row.before === null ? [] : [pathOf(row.before)]), pathOf(row.full));
    return { slug: await repo.findOneByOrFail({ id }), paths: [...new Set(paths)], moved: rewritten.length > 0, moves };
  }

  /**
   * The pages of a bulk create, checked as `apply` checks a new one (segment, parent, depth,
   * reserved first segment, a path another page has) and against each other (two items may not
   * make the same path): one query per distinct parent and one for every path taken, whatever the
   * number of pages. `pages[i]` null: item i has no page.
   */
  async planNewPages(manager: EntityManager, pages: readonly (NewPage | null)[]): Promise<{ planned: (PlannedPage | null)[]; problems: NewPageProblem[] }> {
    const problems: NewPageProblem[] = [];
    const parentIdOf = (page: NewPage) => (page.parentId !== undefined ? page.parentId : page.defaultParentId);
    const parents = new Map<number, { fulls: Map<Lang, string> } | { problem: string }>();
    for (const parentId of new Set(pages.flatMap((page) => (page && parentIdOf(page) !== null ? [parentIdOf(page)!] : [])))) {
      const chain: { id: number }[] = await manager.query(
        `WITH RECURSIVE chain AS (
           SELECT id, "parentId", 1 AS depth FROM "slug" WHERE id = $1
           UNION ALL SELECT s.id, s."parentId", c.depth + 1 FROM "slug" s JOIN chain c ON s.id = c."parentId" WHERE c.depth <= $2
         ) SELECT id FROM chain`,
        [parentId, MAX_SLUG_DEPTH],
      );
      if (chain.length === 0) parents.set(parentId, { problem: `slug ${parentId} does not exist` });
      else if (chain.length > MAX_SLUG_DEPTH) parents.set(parentId, { problem: `pages nest at most ${MAX_SLUG_DEPTH} deep` });
      else parents.set(parentId, { fulls: new Map((await this.localPathsOf(manager, parentId)).map((row) => [row.lang, row.full])) });
    }
    const planned = pages.map((page, index): PlannedPage | null => {
      if (!page) return null;
      const parentId = parentIdOf(page);
      const parent = parentId === null ? null : parents.get(parentId)!;
      const before = problems.length;
      const problem = segmentProblem(page.basic, parentId !== null);
      if (problem) problems.push({ index, field: 'slug', message: problem, conflict: false });
      if (parent && 'problem' in parent) problems.push({ index, field: 'parentSlugId', message: parent.problem, conflict: false });
      if (problems.length > before) return null;
      const parentFulls = parent && 'fulls' in parent ? parent.fulls : null;
      const fulls = LANGS.map((locale) => joinFull(parentFulls?.get(locale) ?? null, page.basic));
      for (const [at, locale] of LANGS.entries()) {
        const fullIssue = fullProblem(fulls[at]);
        if (fullIssue) {
          problems.push({
            index,
            field: 'slug',
            message: locale === DEFAULT_LANG ? fullIssue : `${fullIssue} (in ${locale}: ${addressOf(locale, fulls[at])})`,
            conflict: false,
          });
          return null;
        }
      }
      return { basic: page.basic, parentId, fulls };
    });
    // Two items of the batch with one path: the later one is refused.
    const firstWith = new Map<string, number>();
    const keyOf = (lang: Lang, full: string) => `${lang}\u0000${full}`;
    for (const [index, page] of planned.entries()) {
      if (!page) continue;
      for (const [at, locale] of LANGS.entries()) {
        const key = keyOf(locale, page.fulls[at]);
        const first = firstWith.get(key);
        if (first === undefined) firstWith.set(key, index);
        else if (first !== index) {
          problems.push({
            index,
            field: 'slug',
            message: `makes the path ${addressOf(locale, page.fulls[at])} (${locale}), which item ${first} makes too`,
            conflict: true,
          });
          planned[index] = null;
          break;
        }
      }
    }
    const wanted = planned.flatMap((page) => (page ? LANGS.map((locale, at) => [locale, page.fulls[at]] as const) : []));
    if (wanted.length) {
      const taken = await preparedQuery<{ lang: Lang; full: string; containerId: number | null; contentId: number | null }>(
        manager,
        `SELECT p.lang, p."full", o."containerId", o."contentId" FROM unnest($1::lang[], $2::varchar[]) AS q(lang, "full")
         JOIN "slug_path" p ON p.lang = q.lang AND p."full" = q."full" JOIN "slug" o ON o.id = p."slugId"`,
        [wanted.map(([locale]) => locale), wanted.map(([, full]) => full)],
      );
      for (const row of taken) {
        const index = firstWith.get(keyOf(row.lang, row.full))!;
        if (!planned[index]) continue;
        const owner = row.containerId !== null ? `container ${row.containerId}` : `content ${row.contentId}`;
        problems.push({ index, field: 'slug', message: `makes the path ${addressOf(row.lang, row.full)} (${row.lang}), which ${owner} has`, conflict: true });
        planned[index] = null;
      }
    }
    return { planned, problems };
  }

  /**
   * Writes the pages planNewPages checked, each for its new content: one statement for the slugs,
   * one for their paths in every locale, one dropping the redirects from those addresses. Answers
   * the paths (with their leading slash) the pages now have, to purge.
   */
  async insertNewPages(manager: EntityManager, pages: readonly { contentId: number; page: PlannedPage; published: boolean }[]): Promise<string[]> {
    if (pages.length === 0) return [];
    const en = LANGS.indexOf(DEFAULT_LANG);
    try {
      const slugs = await preparedQuery<{ id: number; contentId: number }>(
        manager,
        `INSERT INTO "slug" ("contentId", basic, "full", "parentId", published)
         SELECT * FROM unnest($1::int[], $2::varchar[], $3::varchar[], $4::int[], $5::boolean[]) RETURNING id, "contentId"`,
        [
          pages.map((p) => p.contentId),
          pages.map((p) => p.page.basic),
          pages.map((p) => p.page.fulls[en]),
          pages.map((p) => p.page.parentId),
          pages.map((p) => p.published),
        ],
      );
      const slugOf = new Map(slugs.map((row) => [row.contentId, row.id]));
      const rows = pages.flatMap((p) => LANGS.map((locale, at) => [slugOf.get(p.contentId)!, locale, p.page.fulls[at]] as const));
      await preparedQuery(manager, `INSERT INTO "slug_path" ("slugId", lang, "full") SELECT * FROM unnest($1::int[], $2::lang[], $3::varchar[])`, [
        rows.map((row) => row[0]),
        rows.map((row) => row[1]),
        rows.map((row) => row[2]),
      ]);
    } catch (error) {
      // Another write took one of the paths since they were checked.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === '23505') {
        throw new ConflictException({ message: 'Another page took one of these paths meanwhile: try again', errors: { slug: ['a path is taken'] } });
      }
      throw error;
    }
    await this.redirects.addressesTaken(
      manager,
      pages.flatMap((p) => LANGS.map((locale, at) => addressOf(locale, p.page.fulls[at]))),
    );
    return [...new Set(pages.flatMap((p) => p.page.fulls.map(pathOf)))];
  }

  /** Each locale's own segment (null: en's) and path of a slug, en first. */
  async localPathsOf(manager: EntityManager, slugId: number): Promise<LocalPath[]> {
    return preparedQuery<LocalPath>(manager, `SELECT lang, basic, "full" FROM "slug_path" WHERE "slugId" = $1 ORDER BY lang`, [slugId]);
  }

  /**
   * 409 when one of the paths the page would have (`fulls`, one per locale in LANGS order) or one
   * its descendants would have (their own segments under it) is another page's in that locale.
   */
  private async assertPathsFree(manager: EntityManager, slugId: number | null, fulls: string[]): Promise<void> {
    const [taken] = await preparedQuery<{ lang: Lang; full: string; containerId: number | null; contentId: number | null }>(
      manager,
      `${TREE_SQL}
       SELECT t.lang, t."full", o."containerId", o."contentId" FROM tree t
       JOIN LATERAL (SELECT p."slugId" FROM "slug_path" p WHERE p.lang = t.lang AND p."full" = t."full" LIMIT 1) p ON true
       JOIN "slug" o ON o.id = p."slugId"
       WHERE NOT EXISTS (SELECT 1 FROM tree x WHERE x.id = p."slugId")
       ORDER BY t.depth, t.lang LIMIT 1`,
      [slugId, [...LANGS], fulls, MAX_SLUG_DEPTH + 1],
    );
    if (!taken) return;
    const owner = taken.containerId !== null ? `container ${taken.containerId}` : `content ${taken.contentId}`;
    throw new ConflictException({
      message: `The path ${addressOf(taken.lang, taken.full)} is already the address of ${owner}`,
      errors: { slug: [`makes the path ${addressOf(taken.lang, taken.full)} (${taken.lang}), which ${owner} has`] },
    });
  }

  /**
   * Writes every locale's path of the slug (`fulls`, LANGS order) and of all its descendants, and
   * en's into slug.full: one statement, whatever the size of the tree. Answers the rows that
   * changed, with their path before (null for a new row).
   */
  private async rewritePaths(
    manager: EntityManager,
    slugId: number,
    fulls: string[],
  ): Promise<{ id: number; lang: Lang; before: string | null; full: string }[]> {
    try {
      return await preparedQuery(
        manager,
        `${TREE_SQL},
         cur AS (SELECT t.id, t.lang, t."full", p."full" AS before FROM tree t
           LEFT JOIN LATERAL (SELECT p."full" FROM "slug_path" p WHERE p."slugId" = t.id AND p.lang = t.lang LIMIT 1) p ON true),
         changed AS (SELECT * FROM cur WHERE before IS DISTINCT FROM "full"),
         written AS (
           INSERT INTO "slug_path" ("slugId", lang, "full") SELECT id, lang, "full" FROM changed
           ON CONFLICT ("slugId", lang) DO UPDATE SET "full" = EXCLUDED."full"
         ),
         slugs AS (
           UPDATE "slug" s SET "full" = coalesce(c."full", s."full"), "updatedAt" = now()
           FROM (SELECT id, max("full") FILTER (WHERE lang = 'en') AS "full" FROM changed GROUP BY id) c
           WHERE s.id = c.id
         )
         SELECT id, lang, before, "full" FROM changed ORDER BY id, lang`,
        [slugId, [...LANGS], fulls, MAX_SLUG_DEPTH + 1],
      );
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
    if (parentId === slug.parentId) return { slug, paths: [], moved: false, moves: [], owner };
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

  /** Sets the owner's slug's published flag (a page is published with its slug). */
  async setPublished(manager: EntityManager, owner: SlugOwner, published: boolean): Promise<void> {
    await manager.getRepository(Slug).update({ ...owner, published: !published }, { published, updatedAt: new Date() });
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

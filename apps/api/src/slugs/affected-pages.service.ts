import { DEFAULT_LANG, LANGS, type Lang } from '@cms/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RevalidationService, type RevalidationEvent } from '../revalidation/revalidation.service';
import { pathOf } from './slug-rules';
import { preparedQuery } from '../database/prepared-query';
import { containerOfContentSql, contentsInSql, contentsReferringToSql } from '../contents/content-sql';

/** What a write touched; each list names the pages to purge. */
export interface AffectedSeeds {
  /** Paths known already (a page's path before it moved or was deleted). */
  paths?: string[];
  /** Every page: existing addresses changed (the layout's navigation links, resolved once per layout read, may name them). */
  everything?: boolean;
  /** Container pages. */
  containerIds?: number[];
  /** Content pages. */
  contentIds?: number[];
  /** Every content page of these containers (their definitions or page settings changed). */
  contentsOfContainerIds?: number[];
  /** Pages with a `contents` block listing these containers. */
  listingContainerIds?: number[];
  /** Pages placing these elements. */
  elementIds?: number[];
  /** Pages of contents whose CONTENT fields point at these contents, and pages listing such contents. */
  referencingContentIds?: number[];
}

/** Beyond this many paths a purge of everything is cheaper than a list. */
const MAX_PATHS = 500;

/**
 * Works out which public pages a write changed, so that their cached copies are purged: the
 * pages themselves, the pages that list or reference them, and everything when the layout shows
 * them. One query, whatever the number of pages.
 */
@Injectable()
export class AffectedPagesService {
  constructor(private readonly revalidation: RevalidationService) {}

  async collect(manager: EntityManager, seeds: AffectedSeeds): Promise<string[] | 'all'> {
    if (seeds.everything) return 'all';
    const ids = (list?: number[]) => [...new Set(list ?? [])];
    const [containerIds, contentIds, contentsOf, listing, elements, referencing] = [
      ids(seeds.containerIds),
      ids(seeds.contentIds),
      ids(seeds.contentsOfContainerIds),
      ids(seeds.listingContainerIds),
      ids(seeds.elementIds),
      ids(seeds.referencingContentIds),
    ];
    const paths = new Set(seeds.paths ?? []);
    if (containerIds.length + contentIds.length + contentsOf.length + listing.length + elements.length + referencing.length === 0) return [...paths];
    // One round trip: whether the layout shows what changed (then every page is affected), and the
    // paths of the pages that do. One indexed lookup per kind of seed, united: the same conditions
    // ORed on one scan of slug read every slug row at every content write (docs/perf.md).
    const [{ inLayout, affected }] = await preparedQuery<{ inLayout: boolean; affected: string[] }>(
      manager,
      `WITH users AS (
         SELECT "containerId", "contentId" FROM "section"
         WHERE (block = 'contents' AND "containerContentId" = ANY($4::int[])) OR "elementId" = ANY($5::int[])
         -- A listing shows its items' references too (their titles): it lists what references these.
         OR (block = 'contents' AND "containerContentId" IN (SELECT ${containerOfContentSql('r."contentId"')} FROM (${contentsReferringToSql('$6::int[]')}) r))
       )
       SELECT
         EXISTS (SELECT 1 FROM users WHERE "containerId" IS NULL AND "contentId" IS NULL) AS "inLayout",
         ARRAY(
           SELECT DISTINCT p."full" FROM (
             SELECT s.id FROM "slug" s WHERE s."containerId" = ANY($1::int[])
             UNION ALL SELECT s.id FROM "slug" s WHERE s."contentId" = ANY($2::int[])
             UNION ALL SELECT s.id FROM "slug" s WHERE s."contentId" IN (${contentsInSql('$3::int[]')})
             UNION ALL SELECT s.id FROM "slug" s WHERE s."containerId" IN (SELECT "containerId" FROM users)
             UNION ALL SELECT s.id FROM "slug" s WHERE s."contentId" IN (SELECT "contentId" FROM users)
             UNION ALL SELECT s.id FROM "slug" s WHERE s."contentId" IN (${contentsReferringToSql('$6::int[]')})
           ) affected JOIN "slug_path" p ON p."slugId" = affected.id
           LIMIT ${MAX_PATHS + 1}
         ) AS "affected"`,
      [containerIds, contentIds, contentsOf, listing, elements, referencing],
    );
    if (inLayout) return 'all';
    for (const full of affected) paths.add(pathOf(full));
    return paths.size > MAX_PATHS ? 'all' : [...paths];
  }

  /**
   * Emits the purge once the write is committed. `affected` holds every locale's paths of the pages
   * (a page's French path is purged in every locale too: a few keys more, never one missed). A write in en also changes the other locales
   * (they fall back to it), as does any change to what is not per locale.
   */
  emit(affected: string[] | 'all', lang: Lang | 'all'): void {
    const locales = lang === 'all' || lang === DEFAULT_LANG ? [...LANGS] : [lang];
    let event: RevalidationEvent;
    if (affected === 'all') event = { scope: 'all' };
    else if (affected.length === 0) return;
    else event = { scope: 'paths', paths: affected, locales };
    this.revalidation.emit(event);
  }
}

import { SEARCH_KINDS, type SearchHit, type SearchKind, type SearchResult } from '@cms/contracts';
import { canAccessResource } from '@cms/rights';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../common/auth/auth-context';
import { matchPatterns, matchRankSql } from '../common/http/list-query';
import { ContentsService } from '../contents/contents.service';
import { preparedQuery } from '../database/prepared-query';
import { ReadPool } from '../database/read-pool';

const rank = (column: string) => matchRankSql(column, 1);

/**
 * The statements of the kinds other than contents (ContentsService.search has its own): $1..$4 the
 * patterns of matchPatterns, $5 the most rows. Each answers id, title, detail, matched, match, updatedAt.
 */
const STATEMENTS: Record<Exclude<SearchKind, 'contents'>, string> = {
  containers: `
    SELECT k.id, k.title, s."full" AS detail, CASE WHEN ${rank('s.basic')} > ${rank('k.title')} THEN s.basic END AS matched,
      GREATEST(${rank('k.title')}, ${rank('s.basic')}) AS match, k."updatedAt"
    FROM "container" k LEFT JOIN LATERAL (SELECT sl.basic, sl."full" FROM "slug" sl WHERE sl."containerId" = k.id ORDER BY sl.id LIMIT 1) s ON true
    WHERE k.title ILIKE $4 OR s.basic ILIKE $4
    ORDER BY match DESC, k."updatedAt" DESC, k.id DESC LIMIT $5`,
  elements: `
    SELECT e.id, e.title, e.block AS detail, NULL AS matched, ${rank('e.title')} AS match, e."updatedAt"
    FROM "element" e WHERE e.title ILIKE $4 ORDER BY match DESC, e."updatedAt" DESC, e.id DESC LIMIT $5`,
  forms: `
    SELECT f.id, f.title, NULL AS detail, NULL AS matched, ${rank('f.title')} AS match, f."updatedAt"
    FROM "form" f WHERE f.title ILIKE $4 ORDER BY match DESC, f."updatedAt" DESC, f.id DESC LIMIT $5`,
  medias: `
    SELECT m.id, m.name AS title, m."mimeType" AS detail, NULL AS matched, ${rank('m.name')} AS match, m."uploadTime" AS "updatedAt"
    FROM "media" m WHERE m.name ILIKE $4 ORDER BY match DESC, m."uploadTime" DESC, m.id DESC LIMIT $5`,
  users: `
    SELECT u.id, u.name AS title, l.email AS detail, CASE WHEN ${rank('l.email')} > ${rank('u.name')} THEN l.email END AS matched,
      GREATEST(${rank('u.name')}, ${rank('l.email')}) AS match, u."updatedAt"
    FROM "user" u LEFT JOIN LATERAL (SELECT lg.email FROM "login" lg WHERE lg."userId" = u.id ORDER BY lg.id LIMIT 1) l ON true
    WHERE u.name ILIKE $4 OR l.email ILIKE $4
    ORDER BY match DESC, u."updatedAt" DESC, u.id DESC LIMIT $5`,
};

type Row = Omit<SearchHit, 'kind' | 'updatedAt'> & { updatedAt: Date | string };

/**
 * GET /api/search: records of every kind whose read right the caller holds (libs/rights, the same
 * cell as the kind's list: a role without VIEW_USER finds no user), whose title (or slug, e-mail,
 * per-locale title field) holds `q`, best match first, then the latest changed.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly reads: ReadPool,
    private readonly contents: ContentsService,
  ) {}

  async search(auth: AuthContext, q: string, limit: number): Promise<SearchResult> {
    const searched = SEARCH_KINDS.filter((kind) => canAccessResource(auth, kind, 'list'));
    const hits: SearchHit[] = [];
    // One after the other: the embedded database has one connection, and each statement takes a few ms.
    for (const kind of searched) {
      if (kind === 'contents') {
        // A content's detail is its container's title: only for those who may read containers' titles (their picker's cell).
        const named = canAccessResource(auth, 'containers', 'choices');
        hits.push(...(await this.contents.search(q, limit)).map((hit) => (named ? hit : { ...hit, detail: null })));
      } else {
        const rows = await preparedQuery<Row>(this.reads, STATEMENTS[kind], [...matchPatterns(q), limit]);
        hits.push(...rows.map((row) => ({ kind, ...row, match: Number(row.match) as SearchHit['match'], updatedAt: new Date(row.updatedAt).toISOString() })));
      }
    }
    hits.sort(
      (a, b) => b.match - a.match || b.updatedAt.localeCompare(a.updatedAt) || SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind) || b.id - a.id,
    );
    return { q, hits: hits.slice(0, limit), searched };
  }
}

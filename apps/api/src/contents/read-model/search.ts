import { matchRankSql } from '../../common/http/list-query';
import { FIELD_TSVECTOR, SEARCHABLE_TYPES_SQL, TITLE_TSVECTOR } from './full-text';

const rank = (column: string) => matchRankSql(column, 1);

/**
 * GET /api/search's statement over contents: $1..$4 the patterns of matchPatterns (list-query.ts),
 * $5 the most rows. A content matches by its title, or by the value of its `title` field in any
 * locale (containers that have one: a title per locale); the better of the two ranks it, then the
 * latest change.
 *
 * `indexed` (with $6 a toPrefixQuery of q): only the rows whose words start with q's words are
 * read, through the full-text GIN indexes of titles and text fields (ContentFullTextSearch), then
 * checked and ranked as the scan would. They hold every whole, prefix and word match (ranks 4 to
 * 2), so when they fill the page nothing that matches only inside a word (rank 1) could be on it;
 * otherwise the search reads everything (a scan of 10,000 titles: tools/bench/search.mjs).
 */
export function contentSearchSql(indexed: boolean): string {
  const titleWords = indexed ? `${TITLE_TSVECTOR.replace('{alias}', 'ct')} @@ to_tsquery('simple'::regconfig, $6) AND ` : '';
  const fieldWords = indexed
    ? `f.type IN ${SEARCHABLE_TYPES_SQL} AND ${FIELD_TSVECTOR.replace('{alias}', 'f')} @@ to_tsquery('simple'::regconfig, $6) AND `
    : '';
  return `
  WITH hits AS (
    SELECT ct.id, ct.title, ct."updatedAt", ct."containerId", NULL::text AS matched, ${rank('ct.title')} AS match
    FROM "content" ct WHERE ${titleWords}ct.title ILIKE $4
    UNION ALL
    SELECT ct.id, ct.title, ct."updatedAt", ct."containerId", f."textValue", ${rank('f."textValue"')}
    FROM "content_field" f JOIN "content" ct ON ct.id = f."contentId"
    WHERE ${fieldWords}f.name = 'title' AND f."textValue" ILIKE $4
  ), best AS (
    SELECT DISTINCT ON (id) * FROM hits ORDER BY id, match DESC, matched NULLS FIRST
  ), top AS (
    SELECT * FROM best ORDER BY match DESC, "updatedAt" DESC, id DESC LIMIT $5
  )
  SELECT t.id, t.title, k.title AS detail, CASE WHEN lower(t.matched) = lower(t.title) THEN NULL ELSE t.matched END AS matched, t.match, t."updatedAt"
  FROM top t JOIN "container" k ON k.id = t."containerId"
  ORDER BY t.match DESC, t."updatedAt" DESC, t.id DESC`;
}

export const CONTENT_SEARCH_INDEXED_SQL = contentSearchSql(true);
export const CONTENT_SEARCH_SCAN_SQL = contentSearchSql(false);

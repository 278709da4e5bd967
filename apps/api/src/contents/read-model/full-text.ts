import { SEARCHABLE_FIELD_TYPES } from '@cms/contracts';

/**
 * Full-text search of contents with PostgreSQL's `simple` configuration (no stemming, fit for
 * the five languages alike). Two expression GIN indexes serve it (migration
 * ContentFullTextSearch): one on the content title, one on the text of STRING, PARAGRAPH and
 * RICHTEXT field values. The expressions below must stay identical to the indexed ones.
 */
export const TITLE_TSVECTOR = `to_tsvector('simple'::regconfig, {alias}."title")`;
export const FIELD_TSVECTOR = `to_tsvector('simple'::regconfig, COALESCE({alias}."textValue", ''))`;
export const SEARCHABLE_TYPES_SQL = `(${SEARCHABLE_FIELD_TYPES.map((t) => `'${t}'`).join(', ')})`;

const MAX_TERMS = 8;

/**
 * A prefix query from what a person typed: each word must appear, as a word or the start of
 * one (`hel wor` finds "Hello world"). Only letters and digits reach to_tsquery, so its
 * operators cannot be injected. Null when nothing searchable was typed.
 */
export function toPrefixQuery(text: string): string | null {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS).map((w) => w.slice(0, 50));
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/**
 * SQL (for a WHERE) matching contents whose title, or a text field in the locale (or en's,
 * where the locale has no value of that field), holds every word: `contentId` is the content's id,
 * `tsq` (a toPrefixQuery) and `lang`, SQL expressions (the parameters' placeholders).
 */
export function contentMatchSql(contentId: string, tsq: string, lang: string): string {
  return `${contentId} IN (
    SELECT ct.id FROM "content" ct WHERE ${TITLE_TSVECTOR.replace('{alias}', 'ct')} @@ to_tsquery('simple'::regconfig, ${tsq})
    UNION
    SELECT cf."contentId" FROM "content_field" cf
    WHERE cf.type IN ${SEARCHABLE_TYPES_SQL} AND ${FIELD_TSVECTOR.replace('{alias}', 'cf')} @@ to_tsquery('simple'::regconfig, ${tsq})
      AND (cf.lang = ${lang} OR (cf.lang = 'en' AND NOT EXISTS (
        SELECT 1 FROM "content_field" o WHERE o."contentId" = cf."contentId" AND o.name = cf.name AND o.lang = ${lang})))
  )`;
}

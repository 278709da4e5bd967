import type { ContainerFieldType, ContentFieldValue } from '@cms/contracts';

/**
 * How every read takes a content's fields from the content_document read model (read-model.sql):
 * the locale's own document has them (its values over en's, and the names taken from en, written
 * with it), else en's document (the locale fallback rule, "the locale's value, else en's", as SQL).
 * The list, the single read and both halves of the page read use these expressions, so they answer
 * the same values the same way.
 */

/** The locale's own document of the content and locale given as SQL expressions, as `alias` (none for en: en's is read by fieldsOf). */
export const documentJoin = (alias: string, contentId: string, lang: string) =>
  `LEFT JOIN "content_document" ${alias} ON ${alias}."contentId" = ${contentId} AND ${alias}.lang = ${lang} AND ${lang} <> 'en'`;

const enDocument = (contentId: string, column: string) =>
  `(SELECT en.${column} FROM "content_document" en WHERE en."contentId" = ${contentId} AND en.lang = 'en')`;

/**
 * The fields of the content (JSON text, '{}' when it has none) and the names taken from en, as
 * "fieldsJson" and "fallbackFields", from its document joined as `alias` by documentJoin: en's
 * document is read only when the locale has none (COALESCE runs the subquery only then).
 */
export const fieldsOf = (alias: string, contentId: string, lang: string) => `coalesce(${alias}.json, ${enDocument(contentId, 'json')}, '{}') AS "fieldsJson",
        CASE WHEN ${lang} = 'en' THEN '{}'::text[] ELSE coalesce(${alias}.fallback, ${enDocument(contentId, 'fallback')}, '{}'::text[]) END AS "fallbackFields"`;

/**
 * The page's slug in the locale given as an SQL expression, of the slug joined as `slug`: the
 * locale's own segment (en's segment in en; null elsewhere when the locale uses en's) as `slug`, and
 * its path from the root in the locale as `full`, from the slug_path row joined by localSlugJoin.
 */
export const localSlugColumns = (lang: string) => `CASE WHEN ${lang} = 'en' THEN slug.basic ELSE lp.basic END AS slug, lp."full" AS "full"`;

/** The slug_path row of the slug joined as `slug` in the locale given as an SQL expression, as `lp`. */
export const localSlugJoin = (lang: string) => `LEFT JOIN "slug_path" lp ON lp."slugId" = slug.id AND lp.lang = ${lang}`;

/** A timestamptz as JSON text the way Node's toISOString writes it, or null. */
const isoTime = (column: string) => `coalesce(to_json(to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text, 'null')`;

/** A content's drafts and schedule columns (of the content aliased `c`), as every read of a content answers them. */
export const publishingColumns = (c: string) =>
  `${c}."publishedAt", ${c}."publishAt", ${c}."unpublishAt", EXISTS (SELECT 1 FROM "content_draft" cd WHERE cd."contentId" = ${c}.id) AS "hasDraft"`;

/**
 * A listed content (the columns of the list's row `r`: the content's, its slug's `slug` and `full`,
 * its "fieldsJson" and "fallbackFields", its publishingColumns) as the JSON text of a ContentSummaryDto: the keys, order and
 * formats of the single read's object, which Node writes (to_json escapes each value as
 * JSON.stringify does, dates as toISOString writes them), then the stored fields. The layout is
 * JSON.stringify's, no spaces: PostgreSQL's json_build_object would write `"id" : 1` and change the
 * answer's bytes.
 */
export const summaryJson = (
  r: string,
  lang: string,
) => `'{"id":' || ${r}.id || ',"title":' || to_json(${r}.title)::text || ',"containerId":' || ${r}."containerId"
      || ',"published":' || ${r}.published || ',"status":' || to_json(${r}.status)::text || ',"slug":' || coalesce(to_json(${r}.slug)::text, 'null')
      || ',"path":' || coalesce(to_json('/' || ${r}.full)::text, 'null')
      || ',"updatedAt":' || to_json(to_char(${r}."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
      || ',"locale":' || to_json(${lang})::text || ',"hasDraft":' || ${r}."hasDraft"
      || ',"publishedAt":' || ${isoTime(`${r}."publishedAt"`)} || ',"publishAt":' || ${isoTime(`${r}."publishAt"`)} || ',"unpublishAt":' || ${isoTime(`${r}."unpublishAt"`)}
      || ',"fallbackFields":' || array_to_json(${r}."fallbackFields")::text || ',"fields":' || ${r}."fieldsJson" || '}'`;

/** A content's fields in one locale as a page read takes them. */
export interface LocalizedFields {
  fields: Record<string, ContentFieldValue>;
  /** The names taken from en (the locale has no value of its own). */
  fallbackFields: string[];
  /** The type of each field read (not answered as such: it tells ids of media from ids of contents). */
  types: Record<string, ContainerFieldType>;
}

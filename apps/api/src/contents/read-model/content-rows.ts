import type { ContainerFieldType, ContentFieldValue } from '@cms/contracts';

/**
 * The read rows of contents (table content_read, migration ContentReadRows): one per content and
 * locale with what every read answers, the content's columns, its slug and path, and its fields in
 * the locale (the locale's values over en's) with the names taken from en. The triggers of
 * read-model.sql keep them; these are the expressions every read takes them with, so that the
 * list, the single read and the page read answer the same values the same way.
 */

/** The read row of the content and locale given as SQL expressions, as `alias`. */
export const readRowJoin = (alias: string, contentId: string, lang: string) =>
  `LEFT JOIN "content_read" ${alias} ON ${alias}."contentId" = ${contentId} AND ${alias}."lang" = ${lang}`;

/** A read row's fields as JSON text ('{}' without a row: a container's page) and the names taken from en, as "fieldsJson" and "fallbackFields". */
export const fieldsOf = (alias: string) => `coalesce(${alias}."json", '{}') AS "fieldsJson", coalesce(${alias}."fallback", '{}'::text[]) AS "fallbackFields"`;

/**
 * A read row as the JSON text of a ContentSummaryDto, for the list: the keys, order and formats of
 * the single read's object, which Node writes (to_json escapes text as JSON.stringify does, dates as
 * toISOString writes them), then the stored fields. The layout is JSON.stringify's (no spaces):
 * PostgreSQL's json_build_object would write `"id" : 1` and change the answer's bytes.
 */
export const summaryJson = (r: string) => `'{"id":' || ${r}."contentId" || ',"title":' || to_json(${r}.title)::text || ',"containerId":' || ${r}."containerId"
      || ',"published":' || ${r}.published || ',"status":' || to_json(${r}.status)::text || ',"slug":' || coalesce(to_json(${r}.slug)::text, 'null')
      || ',"path":' || coalesce(to_json('/' || ${r}.path)::text, 'null')
      || ',"updatedAt":' || to_json(to_char(${r}."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
      || ',"locale":' || to_json(${r}.lang)::text || ',"fallbackFields":' || array_to_json(${r}.fallback)::text || ',"fields":' || ${r}.json || '}'`;

/** A content's fields in one locale as a page read takes them from its read row. */
export interface LocalizedFields {
  fields: Record<string, ContentFieldValue>;
  /** The names taken from en (the locale has no value of its own). */
  fallbackFields: string[];
  /** The type of each field read (not answered as such: it tells ids of media from ids of contents). */
  types: Record<string, ContainerFieldType>;
}

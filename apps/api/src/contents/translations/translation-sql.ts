import { BadRequestException } from '@nestjs/common';
import { ContainerFieldType, type Lang, LANGS, TRANSLATION_STATUSES, type TranslationFilter, type TranslationStatus } from '@cms/contracts';

/*
 * Translation status as SQL (issue 27), from the read model: en's document `e`, the locale's own
 * document `d` (its `fields`, and its `source`: per field, the md5 of en's value when the locale's
 * value was last written, kept by content_document_refresh, migration ContentTranslationSources)
 * and the container's field definitions `f`. The single read, the list filter and the summary use
 * these expressions, so they agree.
 */

/** The field types whose text a visitor would otherwise read in English. */
const TEXT_TYPES = [ContainerFieldType.STRING, ContainerFieldType.PARAGRAPH, ContainerFieldType.RICHTEXT].map((type) => `'${type}'`).join(', ');

/** A document's value of the field `f` (JSON), present and not empty. */
const filled = (doc: string, f: string) => `coalesce(${doc}."fields" -> ${f}.name NOT IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb), false)`;

/** The field `f` is one the locale must have of its own: required, the `title` field, or a text en has. */
const translatable = (f: string, e: string) => `(${f}.required OR ${f}.name = 'title' OR (${f}.type IN (${TEXT_TYPES}) AND ${filled(e, f)}))`;

/** The field `f` of the content whose en document is `e` lacks a value in the locale's document `d`. */
export const missingSql = (f: string, e: string, d: string) => `(${translatable(f, e)} AND NOT ${filled(d, f)})`;

/** The locale's own value of `f` was written when en's value differed from what it is now (never for en, whose source is empty). */
export const outdatedSql = (f: string, e: string, d: string, lang: string) =>
  `(${lang} <> 'en' AND ${filled(d, f)} AND (${d}."source" ->> ${f}.name) IS DISTINCT FROM md5(coalesce(${e}."fields" -> ${f}.name, 'null'::jsonb)::text))`;

/**
 * The status of the content `c` in the locale `lang` (an SQL expression of type lang), as an SQL
 * expression: 'missing', 'outdated' or 'complete'. Looks up the two documents and the definitions.
 */
export const statusSql = (c: string, lang: string) => `(SELECT CASE WHEN bool_or(${missingSql('tf', 'te', 'td')}) THEN 'missing'
          WHEN bool_or(${outdatedSql('tf', 'te', 'td', lang)}) THEN 'outdated' ELSE 'complete' END
        FROM "container_field" tf
        LEFT JOIN "content_document" te ON te."contentId" = ${c}.id AND te.lang = 'en'
        LEFT JOIN "content_document" td ON td."contentId" = ${c}.id AND td.lang = ${lang}
        WHERE tf."containerId" = ${c}."containerId")`;

/**
 * A condition on the content `c`: its status in `lang` is `status`. Written as EXISTS so the list
 * stops at the first missing field. A content whose container has no fields is complete.
 */
export function statusConditionSql(c: string, lang: string, status: TranslationStatus): string {
  const any = (condition: string) => `EXISTS (SELECT 1 FROM "container_field" tf
          LEFT JOIN "content_document" te ON te."contentId" = ${c}.id AND te.lang = 'en'
          LEFT JOIN "content_document" td ON td."contentId" = ${c}.id AND td.lang = ${lang}
          WHERE tf."containerId" = ${c}."containerId" AND ${condition})`;
  const missing = any(missingSql('tf', 'te', 'td'));
  const outdated = any(outdatedSql('tf', 'te', 'td', lang));
  if (status === 'missing') return missing;
  if (status === 'outdated') return `(NOT ${missing} AND ${outdated})`;
  return `NOT ${any(`(${missingSql('tf', 'te', 'td')} OR ${outdatedSql('tf', 'te', 'td', lang)})`)}`;
}

/** The contents list's `translation` filter, checked: `{ "locale": "tr", "status": "missing" }`, else a 400 naming the rule. */
export function parseTranslationFilter(key: string, value: unknown): TranslationFilter {
  const fail = (what: string) => new BadRequestException(`Filter "${key}" ${what}`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail('must look like {"locale":"tr","status":"missing"}');
  const { locale, status, ...rest } = value as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length > 0) throw fail(`takes locale and status only, not ${extra.join(', ')}`);
  if (typeof locale !== 'string' || !(LANGS as readonly string[]).includes(locale)) throw fail(`"locale" must be one of ${LANGS.join(', ')}`);
  if (typeof status !== 'string' || !(TRANSLATION_STATUSES as readonly string[]).includes(status))
    throw fail(`"status" must be one of ${TRANSLATION_STATUSES.join(', ')}`);
  return { locale: locale as Lang, status: status as TranslationStatus };
}

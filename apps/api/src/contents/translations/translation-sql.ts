import { BadRequestException } from '@nestjs/common';
import { ContainerFieldType, type Lang, LANGS, TRANSLATION_STATUSES, type TranslationFilter, type TranslationStatus } from '@cms/contracts';

/*
 * Translation status as SQL (issue 27), from the read model: en's fields `ef`, the locale's own
 * fields `df` and its `ds` source (per field, the md5 of en's value when the locale's value was
 * last written, kept by content_document_refresh, migration ContentTranslationSources), each an
 * SQL expression (NULL when the document does not exist), and a field definition `f` of the
 * container. The single read, the list filter and the summary use these expressions, so they agree.
 */

/** The field types whose text a visitor would otherwise read in English. */
const TEXT_TYPES = [ContainerFieldType.STRING, ContainerFieldType.PARAGRAPH, ContainerFieldType.RICHTEXT].map((type) => `'${type}'`).join(', ');

/** The fields `fields` (jsonb) hold a value of the field `f`, present and not empty. */
const filled = (fields: string, f: string) => `coalesce(${fields} -> ${f}.name NOT IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb), false)`;

/** The field `f` is one the locale must have of its own: required, the `title` field, or a text en has. */
const translatable = (f: string, ef: string) => `(${f}.required OR ${f}.name = 'title' OR (${f}.type IN (${TEXT_TYPES}) AND ${filled(ef, f)}))`;

/** The field `f` lacks a value in the locale's fields `df`. */
export const missingSql = (f: string, ef: string, df: string) => `(${translatable(f, ef)} AND NOT ${filled(df, f)})`;

/** The locale's own value of `f` was written when en's value differed from what it is now (never for en, whose source is empty). */
export const outdatedSql = (f: string, ef: string, df: string, ds: string, lang: string) =>
  `(${lang} <> 'en' AND ${filled(df, f)} AND (${ds} ->> ${f}.name) IS DISTINCT FROM md5(coalesce(${ef} -> ${f}.name, 'null'::jsonb)::text))`;

/**
 * The two documents of the content `c` in `lang`, read once per content (OFFSET 0 keeps the
 * planner from looking them up again for every field definition): `docs.ef`, `docs.df`, `docs.ds`.
 */
const documentsOf = (
  c: string,
  lang: string,
) => `(SELECT (SELECT te."fields" FROM "content_document" te WHERE te."contentId" = ${c}.id AND te.lang = 'en') AS ef,
            td."fields" AS df, td."source" AS ds
          FROM (SELECT 1) one LEFT JOIN "content_document" td ON td."contentId" = ${c}.id AND td.lang = ${lang} OFFSET 0) docs`;

/**
 * A condition on the content `c`: its status in `lang` is `status`. Written as EXISTS so the list
 * stops at the first missing field. A content whose container has no fields is complete.
 */
export function statusConditionSql(c: string, lang: string, status: TranslationStatus): string {
  const any = (condition: string) => `EXISTS (SELECT 1 FROM ${documentsOf(c, lang)}
          JOIN "container_field" tf ON tf."containerId" = ${c}."containerId" WHERE ${condition})`;
  const missing = missingSql('tf', 'docs.ef', 'docs.df');
  const outdated = outdatedSql('tf', 'docs.ef', 'docs.df', 'docs.ds', lang);
  if (status === 'missing') return any(missing);
  if (status === 'outdated') return `(NOT ${any(missing)} AND ${any(outdated)})`;
  return `NOT ${any(`(${missing} OR ${outdated})`)}`;
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

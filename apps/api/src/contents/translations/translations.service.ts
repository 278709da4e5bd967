import { type ContentTranslations, type Lang, LANGS, type LocaleTranslation, type TranslationSummaryRow } from '@cms/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { preparedQuery } from '../../database/prepared-query';
import { ReadPool } from '../../database/read-pool';
import { missingSql, outdatedSql } from './translation-sql';

/**
 * Per content and locale, the translatable fields without a value of the locale's own (`missing`)
 * and those whose en value changed since (`outdated`), with the labels of the fields named. One
 * statement for any number of contents: a list page's statuses cost one round trip.
 */
const MISSING = missingSql('f', 'e."fields"', 'd."fields"');
const OUTDATED = outdatedSql('f', 'e."fields"', 'd."fields"', 'd."source"', 'l.lang');

const STATUSES_SQL = `SELECT c.id AS "contentId", l.lang,
        coalesce(array_agg(f.name ORDER BY f.position, f.id) FILTER (WHERE ${MISSING}), '{}') AS missing,
        coalesce(array_agg(f.name ORDER BY f.position, f.id) FILTER (WHERE ${OUTDATED}), '{}') AS outdated,
        coalesce(jsonb_object_agg(f.name, f.label) FILTER (WHERE ${MISSING} OR ${OUTDATED}), '{}') AS labels
      FROM "content" c
      CROSS JOIN unnest(enum_range(NULL::"lang")) AS l(lang)
      LEFT JOIN "content_document" e ON e."contentId" = c.id AND e.lang = 'en'
      LEFT JOIN "content_document" d ON d."contentId" = c.id AND d.lang = l.lang
      LEFT JOIN "container_field" f ON f."containerId" = c."containerId"
      WHERE c.id = ANY($1::int[])
      GROUP BY c.id, l.lang`;

/**
 * Per container and locale, how many contents are complete, missing or outdated. Each (content,
 * locale) is judged once, by one pass over its container's definitions, then counted: one scan
 * of the contents and documents (hash joins), not a lookup per content.
 */
const SUMMARY_SQL = `SELECT s."containerId", k.title AS "containerTitle", s.lang,
        count(*) FILTER (WHERE s.status = 'complete')::int AS complete,
        count(*) FILTER (WHERE s.status = 'missing')::int AS missing,
        count(*) FILTER (WHERE s.status = 'outdated')::int AS outdated
      FROM (
        SELECT c."containerId", l.lang, CASE WHEN bool_or(${MISSING}) THEN 'missing' WHEN bool_or(${OUTDATED}) THEN 'outdated' ELSE 'complete' END AS status
        FROM "content" c
        CROSS JOIN unnest(enum_range(NULL::"lang")) AS l(lang)
        LEFT JOIN "content_document" e ON e."contentId" = c.id AND e.lang = 'en'
        LEFT JOIN "content_document" d ON d."contentId" = c.id AND d.lang = l.lang
        LEFT JOIN "container_field" f ON f."containerId" = c."containerId"
        GROUP BY c.id, c."containerId", l.lang
      ) s
      JOIN "container" k ON k.id = s."containerId"
      GROUP BY s."containerId", k.title, s.lang`;

/**
 * What the summary depends on besides the documents (whose changes move the contents list's
 * version): the containers' titles and field definitions.
 */
const DEFINITIONS_SQL = `SELECT (SELECT "version" FROM "cache_version" WHERE name = 'contents')::text AS "contents",
        md5(coalesce((SELECT string_agg(concat_ws(':', f."containerId", f.name, f.label, f.type, f.required), ',' ORDER BY f.id) FROM "container_field" f), '')
          || coalesce((SELECT string_agg(concat_ws(':', k.id, k.title), ',' ORDER BY k.id) FROM "container" k), '')) AS "definitions"`;

interface StatusRow {
  contentId: number;
  lang: Lang;
  missing: string[];
  outdated: string[];
  labels: Record<string, string>;
}

const localeOrder = (lang: Lang) => LANGS.indexOf(lang);

@Injectable()
export class TranslationsService {
  constructor(private readonly reads: ReadPool) {}

  /** The translation status of each content of `ids` that exists, in the order of `ids`. */
  async ofContents(ids: readonly number[]): Promise<ContentTranslations[]> {
    if (ids.length === 0) return [];
    const rows = await preparedQuery<StatusRow>(this.reads, STATUSES_SQL, [[...new Set(ids)]]);
    const byContent = new Map<number, ContentTranslations>();
    for (const row of rows) {
      let answer = byContent.get(row.contentId);
      if (!answer) byContent.set(row.contentId, (answer = { contentId: row.contentId, locales: [], labels: {} }));
      const locale: LocaleTranslation = {
        locale: row.lang,
        status: row.missing.length > 0 ? 'missing' : row.outdated.length > 0 ? 'outdated' : 'complete',
        missing: row.missing,
        outdated: row.outdated,
      };
      answer.locales.push(locale);
      Object.assign(answer.labels, row.labels);
    }
    for (const answer of byContent.values()) answer.locales.sort((a, b) => localeOrder(a.locale) - localeOrder(b.locale));
    return [...new Set(ids)].flatMap((id) => byContent.get(id) ?? []);
  }

  /** One content's, or a 404. */
  async ofContent(id: number): Promise<ContentTranslations> {
    const [answer] = await this.ofContents([id]);
    if (!answer) throw new NotFoundException(`No content ${id}`);
    return answer;
  }

  /** The last summary and what it was computed from: the next request reuses it while nothing changed. */
  private kept: { key: string; rows: TranslationSummaryRow[] } | null = null;

  /**
   * Per container (with contents) and locale, the counts of each status; containers by title,
   * locales in LANGS' order. It reads every document: kept until a content, a document or a
   * definition changes (one cheap query tells), so the Translations screen opened again is instant.
   */
  async summary(): Promise<TranslationSummaryRow[]> {
    const [state] = await preparedQuery<{ contents: string | null; definitions: string }>(this.reads, DEFINITIONS_SQL, []);
    const key = `${state.contents}:${state.definitions}`;
    if (this.kept?.key === key) return this.kept.rows;
    const rows = await preparedQuery<TranslationSummaryRow & { lang: Lang }>(this.reads, SUMMARY_SQL, []);
    const summary = rows
      .map(({ lang, ...row }) => ({ ...row, locale: lang }))
      .sort((a, b) => a.containerTitle.localeCompare(b.containerTitle) || a.containerId - b.containerId || localeOrder(a.locale) - localeOrder(b.locale));
    this.kept = { key, rows: summary };
    return summary;
  }
}

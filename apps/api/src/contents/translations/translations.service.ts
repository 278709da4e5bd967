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
const STATUSES_SQL = `SELECT c.id AS "contentId", l.lang,
        coalesce(array_agg(f.name ORDER BY f.position, f.id) FILTER (WHERE ${missingSql('f', 'e', 'd')}), '{}') AS missing,
        coalesce(array_agg(f.name ORDER BY f.position, f.id) FILTER (WHERE ${outdatedSql('f', 'e', 'd', 'l.lang')}), '{}') AS outdated,
        coalesce(jsonb_object_agg(f.name, f.label) FILTER (WHERE ${missingSql('f', 'e', 'd')} OR ${outdatedSql('f', 'e', 'd', 'l.lang')}), '{}') AS labels
      FROM "content" c
      CROSS JOIN unnest(enum_range(NULL::"lang")) AS l(lang)
      LEFT JOIN "content_document" e ON e."contentId" = c.id AND e.lang = 'en'
      LEFT JOIN "content_document" d ON d."contentId" = c.id AND d.lang = l.lang
      LEFT JOIN "container_field" f ON f."containerId" = c."containerId"
      WHERE c.id = ANY($1::int[])
      GROUP BY c.id, l.lang`;

/**
 * Per container and locale, how many contents are complete, missing or outdated. Each (content,
 * locale) is judged once, by one pass over its container's definitions, then counted.
 */
const SUMMARY_SQL = `SELECT k.id AS "containerId", k.title AS "containerTitle", s.lang,
        count(*) FILTER (WHERE s.status = 'complete')::int AS complete,
        count(*) FILTER (WHERE s.status = 'missing')::int AS missing,
        count(*) FILTER (WHERE s.status = 'outdated')::int AS outdated
      FROM "container" k
      CROSS JOIN LATERAL (
        SELECT l.lang, CASE WHEN bool_or(${missingSql('f', 'e', 'd')}) THEN 'missing'
            WHEN bool_or(${outdatedSql('f', 'e', 'd', 'l.lang')}) THEN 'outdated' ELSE 'complete' END AS status
        FROM "content" c
        CROSS JOIN unnest(enum_range(NULL::"lang")) AS l(lang)
        LEFT JOIN "content_document" e ON e."contentId" = c.id AND e.lang = 'en'
        LEFT JOIN "content_document" d ON d."contentId" = c.id AND d.lang = l.lang
        LEFT JOIN "container_field" f ON f."containerId" = c."containerId"
        WHERE c."containerId" = k.id
        GROUP BY c.id, l.lang
      ) s
      GROUP BY k.id, k.title, s.lang`;

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

  /** Per container (with contents) and locale, the counts of each status; containers by title, locales in LANGS' order. */
  async summary(): Promise<TranslationSummaryRow[]> {
    const rows = await preparedQuery<TranslationSummaryRow & { lang: Lang }>(this.reads, SUMMARY_SQL, []);
    return rows
      .map(({ lang, ...row }) => ({ ...row, locale: lang }))
      .sort((a, b) => a.containerTitle.localeCompare(b.containerTitle) || a.containerId - b.containerId || localeOrder(a.locale) - localeOrder(b.locale));
  }
}

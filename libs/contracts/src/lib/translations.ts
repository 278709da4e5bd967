import type { Lang } from './enums';

/*
 * Translation status (issue 27). The fields a locale must have of its own ("translatable"): every
 * required field of the container, its field named `title` if it has one, and every STRING,
 * PARAGRAPH or RICHTEXT field en has a value for. A locale is `missing` while one of them has no
 * value of its own, else `outdated` while en changed one of its own values' fields after that
 * value was last written, else `complete`. en is the source: `complete` or `missing`.
 */
export const TRANSLATION_STATUSES = ['complete', 'missing', 'outdated'] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];

/** One locale of a content. */
export interface LocaleTranslation {
  locale: Lang;
  status: TranslationStatus;
  /** Names of the translatable fields without a value of the locale's own, in the container's order. */
  missing: string[];
  /** Names of the fields whose en value changed after the locale's value was written. */
  outdated: string[];
}

/** GET /api/contents/{id}/translations, and each item of GET /api/translations?contentIds= */
export interface ContentTranslations {
  contentId: number;
  /** Every locale, en first. */
  locales: LocaleTranslation[];
  /** The label of each field named in `missing` or `outdated`. */
  labels: Record<string, string>;
}

/** One row of GET /api/translations/summary: how many of a container's contents stand where in a locale. */
export interface TranslationSummaryRow {
  containerId: number;
  containerTitle: string;
  locale: Lang;
  complete: number;
  missing: number;
  outdated: number;
}

/** The `translation` filter of the contents list: `{ "locale": "tr", "status": "missing" }`. */
export interface TranslationFilter {
  locale: Lang;
  status: TranslationStatus;
}

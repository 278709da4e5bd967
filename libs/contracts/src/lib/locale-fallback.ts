import { DEFAULT_LANG, type Lang } from './enums';

/** Rows read in a locale: the ones chosen, the locale they are in, and whether they are en's in its stead. */
export interface InLocale<T> {
  rows: T[];
  locale: Lang;
  fellBack: boolean;
}

/**
 * The one locale-fallback rule of per-locale data (content fields by name, sections by type,
 * metadata, form fields): the locale's own rows, or en's when the locale has none. The read
 * model's SQL says the same for content documents (contents/document-sql.ts).
 */
export function inLocale<T extends { lang: Lang }>(rows: readonly T[], lang: Lang): InLocale<T> {
  const own = rows.filter((row) => row.lang === lang);
  if (own.length > 0 || lang === DEFAULT_LANG) return { rows: own, locale: lang, fellBack: false };
  const en = rows.filter((row) => row.lang === DEFAULT_LANG);
  return { rows: en, locale: DEFAULT_LANG, fellBack: en.length > 0 };
}

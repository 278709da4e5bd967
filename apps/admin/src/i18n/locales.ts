/** The languages of the back office, each named in its own language (the language menu shows these). */
export const UI_LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'fr', name: 'Français' },
  { locale: 'tr', name: 'Türkçe' },
  { locale: 'es', name: 'Español' },
  { locale: 'it', name: 'Italiano' },
] as const;

export type UiLocale = (typeof UI_LOCALES)[number]['locale'];

export const DEFAULT_UI_LOCALE: UiLocale = 'en';

export function isUiLocale(value: unknown): value is UiLocale {
  return typeof value === 'string' && UI_LOCALES.some((entry) => entry.locale === value);
}

/**
 * The first of the browser's preferred languages that the back office speaks, matched on the
 * primary subtag (fr-CA reads French), else English.
 */
export function preferredUiLocale(languages: readonly string[]): UiLocale {
  for (const language of languages) {
    const primary = language.toLowerCase().split(/[-_]/)[0];
    if (isUiLocale(primary)) return primary;
  }
  return DEFAULT_UI_LOCALE;
}

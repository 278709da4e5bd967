import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { loadCatalog } from './i18n/catalogs';
import { DEFAULT_UI_LOCALE, isUiLocale, preferredUiLocale, UI_LOCALES, type UiLocale } from './i18n/locales';
import { LOCALE_STORE_KEY, store } from './i18n/store';

const polyglot = polyglotI18nProvider((locale) => loadCatalog(isUiLocale(locale) ? locale : DEFAULT_UI_LOCALE), DEFAULT_UI_LOCALE, [...UI_LOCALES]);

/** Screen readers, spell checkers and the browser's tab read the page in its language. */
function markDocument(locale: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.title = polyglot.translate('cms.app.title');
}

/**
 * The one i18n provider of the app: the shell and react-admin share it, and code outside React
 * (the HTTP client's error messages) translates through it too.
 */
export const i18nProvider: I18nProvider = {
  translate: (key, options) => polyglot.translate(key, options),
  changeLocale: async (locale) => {
    await polyglot.changeLocale(isUiLocale(locale) ? locale : DEFAULT_UI_LOCALE);
    markDocument(polyglot.getLocale());
  },
  getLocale: () => polyglot.getLocale(),
  getLocales: () => [...UI_LOCALES],
};

/** The language chosen in the user menu earlier, else the browser's preferred one among ours. */
function initialUiLocale(languages: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])): UiLocale {
  const chosen = store.getItem<string>(LOCALE_STORE_KEY);
  return isUiLocale(chosen) ? chosen : preferredUiLocale(languages);
}

/** Loads the first catalog before the first render, so that no screen flashes in English. */
export async function prepareI18n(locale: UiLocale = initialUiLocale()): Promise<void> {
  if (locale !== i18nProvider.getLocale()) await i18nProvider.changeLocale(locale);
  else markDocument(locale);
}

/** Translation from outside React (HTTP errors): the current language, whatever screen asks. */
export const translate = (key: string, options?: Record<string, unknown>): string => i18nProvider.translate(key, options);

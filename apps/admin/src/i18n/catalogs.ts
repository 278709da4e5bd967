import en, { type Catalog } from './en';
import type { UiLocale } from './locales';

/**
 * English ships with the main bundle (react-admin needs the first catalog synchronously); the
 * others are separate chunks, fetched only by those who read them.
 */
const LOADERS: Record<Exclude<UiLocale, 'en'>, () => Promise<{ default: Catalog }>> = {
  fr: () => import('./fr'),
  tr: () => import('./tr'),
  es: () => import('./es'),
  it: () => import('./it'),
};

export function loadCatalog(locale: UiLocale): Catalog | Promise<Catalog> {
  if (locale === 'en') return en;
  return LOADERS[locale]().then((module) => module.default);
}

import { DEFAULT_LANG, isLang, LANGS, type Lang, type LocalizedText } from '@cms/contracts';
import type { MediaModel } from '../render/media';
import { readMedia } from '../render/media';

/** What the Settings screen changes on public pages, checked. */
export interface SiteSettings {
  siteName: LocalizedText;
  cookieConsentText: LocalizedText;
  /**
   * The locale the site sends visitors to when their language is not one of the page's: the
   * `x-default` hreflang alternate of every page and of the sitemap. URLs do not change with it.
   */
  defaultLocale: Lang;
  /** The logo: `alt` per locale. */
  logo: (Omit<MediaModel, 'alt'> & { alt: LocalizedText }) | null;
}

export const DEFAULT_SETTINGS: SiteSettings = { siteName: {}, cookieConsentText: {}, defaultLocale: DEFAULT_LANG, logo: null };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function localized(value: unknown, maxLength: number): LocalizedText {
  const text: LocalizedText = {};
  if (!isRecord(value)) return text;
  for (const locale of LANGS) {
    const entry = value[locale];
    if (typeof entry === 'string' && entry.trim() !== '') text[locale] = entry.trim().slice(0, maxLength);
  }
  return text;
}

/** GET /api/settings/public, read defensively: whatever is unusable takes its default. */
export function sanitizeSettings(value: unknown): SiteSettings {
  if (!isRecord(value)) return DEFAULT_SETTINGS;
  const logoRaw = isRecord(value.logo) ? value.logo : null;
  const logoMedia = logoRaw ? readMedia({ ...logoRaw, alt: '' }) : undefined;
  return {
    siteName: localized(value.siteName, 200),
    cookieConsentText: localized(value.cookieConsentText, 5000),
    defaultLocale: isLang(value.defaultLocale) ? value.defaultLocale : DEFAULT_LANG,
    logo: logoMedia && logoMedia.mimeType.startsWith('image/') ? { ...logoMedia, alt: localized(logoRaw?.alt, 500) } : null,
  };
}

/** A text of the locale, else en's (said to be en, for `lang`), else none. */
export function textIn(text: LocalizedText, locale: Lang): { text: string; lang?: Lang } | undefined {
  const own = text[locale];
  if (own) return { text: own };
  const fallback = text[DEFAULT_LANG];
  return fallback ? { text: fallback, lang: locale === DEFAULT_LANG ? undefined : DEFAULT_LANG } : undefined;
}

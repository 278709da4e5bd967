/** Longest link target a field or block may hold. */
export const HREF_MAX_LENGTH = 2000;

const SAFE_SCHEME = /^(https?:\/\/|mailto:|tel:)/i;

/**
 * A backslash, written or percent-encoded: browsers read `\` as `/` in http(s) URLs, so the site
 * path `/\evil.example` is followed to `//evil.example`, off-site. No link target of this CMS needs
 * one, and `%5C` would become one for any step that decodes the target before a browser reads it.
 */
export function holdsBackslash(value: string): boolean {
  return /\\|%5c/i.test(value);
}

/**
 * Link safety, for the API on write (link fields, `href` block properties) and the site on render
 * (navigation, cards, rich-text links): a site path (`/blog`), an anchor (`#top`) or an http(s),
 * mailto or tel URL. Answers the trimmed target, or undefined for anything else: other schemes
 * (`javascript:`, `data:`), protocol-relative URLs (`//x`, and `/\x`, which browsers read as one),
 * white space or control characters inside (browsers drop tabs: `/<tab>/x` is `//x`), backslashes
 * (and `%5C` in a site path or anchor; an http(s) URL names its host already and may encode one).
 */
export function safeHref(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const href = value.trim();
  if (href.length === 0 || href.length > HREF_MAX_LENGTH || /[\u0000-\u001f\u007f\s]/.test(href)) return undefined;
  if (href.startsWith('//') || href.includes('\\')) return undefined;
  if (href.startsWith('/') || href.startsWith('#')) return holdsBackslash(href) ? undefined : href;
  if (!SAFE_SCHEME.test(href)) return undefined;
  if (/^https?:/i.test(href)) {
    try {
      new URL(href);
    } catch {
      return undefined;
    }
  }
  return href;
}

/**
 * A URL as logs may hold it: a preview link's token (`preview=`, a page's draft for an hour to
 * whoever holds it) left out. The API's request log and the site's error log both write URLs so.
 */
export function withoutPreviewToken(url: string): string {
  return url.includes('preview=') ? url.replace(/([?&]preview=)[^&#]*/g, '$1…') : url;
}

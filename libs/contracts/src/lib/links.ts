/** Longest link target a field or block may hold. */
export const HREF_MAX_LENGTH = 2000;

const SAFE_SCHEME = /^(https?:\/\/|mailto:|tel:)/i;

/**
 * Link safety, for the API on write (link fields, `href` block properties) and the site on render
 * (navigation, cards, rich-text links): a site path (`/blog`), an anchor (`#top`) or an http(s),
 * mailto or tel URL. Answers the trimmed target, or undefined for anything else: other schemes
 * (`javascript:`, `data:`), protocol-relative URLs, white space or control characters inside.
 */
export function safeHref(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const href = value.trim();
  if (href.length === 0 || href.length > HREF_MAX_LENGTH || /[\u0000-\u001f\u007f\s]/.test(href)) return undefined;
  if (href.startsWith('//')) return undefined;
  if (href.startsWith('/') || href.startsWith('#')) return href;
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

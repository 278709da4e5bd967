import { RICH_TEXT_ALLOWED_ATTRIBUTES, RICH_TEXT_ALLOWED_TAGS, RICH_TEXT_IMAGE_SCHEMES, RICH_TEXT_LINK_SCHEMES } from '@cms/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * The HTML that rich text may hold: structure and emphasis, links and images. Everything else
 * is dropped on write: scripts and styles with their text, event handlers and style attributes,
 * and URLs other than http(s), mailto and tel (so no javascript: or data:).
 */
const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesByTag: { img: [...RICH_TEXT_IMAGE_SCHEMES] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new tab must not hand the opener to the target page.
    a: (tagName, attribs) => (attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS);
}

/** The text a reader sees, for length rules and search. */
export function plainTextOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}

const SAFE_SCHEME = /^(https?:\/\/|mailto:|tel:)/i;

/**
 * Link targets stored in fields and blocks: a site path (`/blog`), an anchor (`#top`) or an
 * http(s), mailto or tel URL. Protocol-relative URLs and any other scheme are refused.
 */
export function isSafeHref(value: string): boolean {
  if (value.length === 0 || value.length > 2000 || /[\u0000-\u001f\u007f\s]/.test(value)) return false;
  if (value.startsWith('//')) return false;
  if (value.startsWith('/') || value.startsWith('#')) return true;
  if (!SAFE_SCHEME.test(value)) return false;
  if (/^https?:/i.test(value)) {
    try {
      new URL(value);
    } catch {
      return false;
    }
  }
  return true;
}

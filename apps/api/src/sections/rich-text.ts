import { holdsBackslash, RICH_TEXT_ALLOWED_ATTRIBUTES, RICH_TEXT_ALLOWED_TAGS, RICH_TEXT_IMAGE_SCHEMES, RICH_TEXT_LINK_SCHEMES } from '@cms/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * The HTML that rich text may hold: structure and emphasis, links and images. Everything else
 * is dropped on write: scripts and styles with their text, event handlers and style attributes,
 * and URLs other than http(s), mailto and tel (so no javascript: or data:).
 */
/**
 * Drops a URL holding a backslash: browsers read `/\evil.example` as `//evil.example`, off-site,
 * and sanitize-html takes it for a relative path (the attribute values arrive entity-decoded).
 */
function withoutBackslashUrl(attribs: sanitizeHtml.Attributes, name: string): sanitizeHtml.Attributes {
  if (attribs[name] === undefined || !holdsBackslash(attribs[name])) return attribs;
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesByTag: { img: [...RICH_TEXT_IMAGE_SCHEMES] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new tab must not hand the opener to the target page.
    a: (tagName, attribs) => {
      const kept = withoutBackslashUrl(attribs, 'href');
      return kept.target === '_blank' ? { tagName, attribs: { ...kept, rel: 'noopener noreferrer' } } : { tagName, attribs: kept };
    },
    img: (tagName, attribs) => ({ tagName, attribs: withoutBackslashUrl(attribs, 'src') }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS);
}

/** The text a reader sees, for length rules and search. */
export function plainTextOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}

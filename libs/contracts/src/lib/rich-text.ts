/**
 * What rich text may hold once the API has sanitised it (RICHTEXT fields and `html` block
 * properties). Shared so the back office's editor offers only what survives the save.
 */
export const RICH_TEXT_ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'span',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

export const RICH_TEXT_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
};

/** URL schemes a link may use (relative paths and anchors are always kept). */
export const RICH_TEXT_LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
/** Images come from the web only: no data: URLs. */
export const RICH_TEXT_IMAGE_SCHEMES = ['http', 'https'] as const;

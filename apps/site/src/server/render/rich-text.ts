import { holdsBackslash, RICH_TEXT_ALLOWED_ATTRIBUTES, RICH_TEXT_ALLOWED_TAGS, safeHref } from '@cms/contracts';
import { escapeHtml } from './escape-html';

/**
 * The site's own pass over rich text before it reaches `dangerouslySetInnerHTML`. The API already
 * sanitises on write; this second pass does not trust that. It tokenises the HTML and writes a new
 * document from the shared allow-list: every tag is one of ALLOWED, every attribute one of its list with a
 * checked value, every text and value escaped, every element closed. Whatever the input, the output
 * holds no script, style, event handler or dangerous URL, and cannot close the block it sits in.
 * No DOM and no Node API: the same code runs on the server and in the guarded-page client chunk.
 */

type AttributeCheck = (value: string) => string | null;

const anyText: AttributeCheck = (value) => value;
const smallInt = (digits: number): AttributeCheck => {
  const pattern = new RegExp(`^\\d{1,${digits}}$`);
  return (value) => (pattern.test(value.trim()) ? value.trim() : null);
};
const oneOf =
  (...values: string[]): AttributeCheck =>
  (value) =>
    values.includes(value.trim().toLowerCase()) ? value.trim().toLowerCase() : null;
const linkTarget: AttributeCheck = (value) => safeHref(value) ?? null;
/** Images: site paths (the uploads) and http(s) only; `/\x` is `//x` to a browser. */
const imageSource: AttributeCheck = (value) => {
  const src = value.trim();
  if (/[\u0000-\u001f\u007f\s]/.test(src) || src.startsWith('//') || holdsBackslash(src)) return null;
  return src.startsWith('/') || /^https?:\/\//i.test(src) ? src : null;
};

const URL_ATTRIBUTES = new Set(['href', 'src']);

/** How the site checks each attribute value the shared allow-list lets through. */
const CHECKS: Readonly<Record<string, AttributeCheck>> = {
  href: linkTarget,
  src: imageSource,
  title: anyText,
  alt: anyText,
  target: oneOf('_blank'),
  width: smallInt(5),
  height: smallInt(5),
  colspan: smallInt(3),
  rowspan: smallInt(3),
  scope: oneOf('row', 'col', 'rowgroup', 'colgroup'),
  start: smallInt(6),
};
/** Attributes the site writes itself (`rel` goes with `target="_blank"`), whatever the input says. */
const WRITTEN_BY_SITE = new Set(['rel']);

/** The shared allow-list (libs/contracts), each attribute with its check; one without a check fails at load, closed. */
const ALLOWED: Readonly<Record<string, Readonly<Record<string, AttributeCheck>>>> = Object.fromEntries(
  RICH_TEXT_ALLOWED_TAGS.map((tag) => [
    tag,
    Object.fromEntries(
      (RICH_TEXT_ALLOWED_ATTRIBUTES[tag] ?? [])
        .filter((attribute) => !WRITTEN_BY_SITE.has(attribute))
        .map((attribute) => {
          const check = CHECKS[attribute];
          if (!check) throw new Error(`Rich text: the site has no check for ${tag}[${attribute}]`);
          return [attribute, check];
        }),
    ),
  ]),
);

const VOID = new Set(['br', 'hr', 'img']);
/** Elements whose content the browser reads as raw text up to their end tag: skipped whole. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);
/** Elements dropped with everything inside them (foreign content parses by other rules). */
const DROPPED_WITH_CONTENT = new Set(['template', 'svg', 'math', 'object', 'select', 'head']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  period: '.',
  lpar: '(',
  rpar: ')',
};

function fromCodePoint(code: number): string {
  if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(code);
}

/**
 * Decodes the character references of an attribute value. Returns null when a named reference is
 * left that this table does not know: the browser might decode it into something unchecked.
 */
function decodeAttribute(value: string): { text: string; unknown: boolean } {
  let unknown = false;
  const text = value.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z][a-zA-Z0-9]*);?/g, (match, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X')) return fromCodePoint(parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return fromCodePoint(parseInt(body.slice(1), 10));
    const named = NAMED_ENTITIES[body.toLowerCase()];
    if (named !== undefined) return named;
    unknown = true;
    return match;
  });
  return { text, unknown };
}

/** Text keeps well-formed character references (they never make markup); any other `&` or `<` is escaped. */
function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

interface Tag {
  name: string;
  end: boolean;
  attributes: [string, string][];
  /** Written `<x/>`: only foreign content (svg, math) honours it. */
  selfClosing: boolean;
  /** Index just past the tag's `>`. */
  next: number;
  /** The input ended inside the tag: the browser drops such a tag. */
  cut?: boolean;
}

const TAG_NAME = /[a-zA-Z][^\s/>\u0000]*/y;
const ATTRIBUTE_NAME = /[^\s"'>/=\u0000][^\s"'>/=\u0000]*/y;

/** Reads a start or end tag at `start` (which holds `<`), as the HTML tokenizer would. */
function readTag(html: string, start: number): Tag | null {
  let index = start + 1;
  const end = html[index] === '/';
  if (end) index += 1;
  TAG_NAME.lastIndex = index;
  const nameMatch = TAG_NAME.exec(html);
  if (!nameMatch) return null;
  const name = nameMatch[0].toLowerCase();
  index = TAG_NAME.lastIndex;
  const attributes: [string, string][] = [];
  while (index < html.length) {
    const char = html[index];
    if (char === '>') return { name, end, attributes, selfClosing: html[index - 1] === '/', next: index + 1 };
    if (/[\s/]/.test(char)) {
      index += 1;
      continue;
    }
    ATTRIBUTE_NAME.lastIndex = index;
    const attributeMatch = ATTRIBUTE_NAME.exec(html);
    if (!attributeMatch) {
      index += 1;
      continue;
    }
    const attributeName = attributeMatch[0].toLowerCase();
    index = ATTRIBUTE_NAME.lastIndex;
    while (/\s/.test(html[index] ?? '')) index += 1;
    let value = '';
    if (html[index] === '=') {
      index += 1;
      while (/\s/.test(html[index] ?? '')) index += 1;
      const quote = html[index];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, index + 1);
        if (close < 0) return { name, end, attributes, selfClosing: false, next: html.length, cut: true };
        value = html.slice(index + 1, close);
        index = close + 1;
      } else {
        const match = /[^\s>]*/y;
        match.lastIndex = index;
        value = match.exec(html)?.[0] ?? '';
        index = match.lastIndex;
      }
    }
    attributes.push([attributeName, value]);
  }
  return { name, end, attributes, selfClosing: false, next: html.length, cut: true };
}

function writeAttributes(name: string, attributes: [string, string][]): string {
  const allowed = ALLOWED[name];
  const seen = new Set<string>();
  let out = '';
  for (const [attribute, raw] of attributes) {
    if (seen.has(attribute)) continue;
    seen.add(attribute);
    if (!Object.hasOwn(allowed, attribute)) continue;
    const decoded = decodeAttribute(raw);
    if (decoded.unknown && URL_ATTRIBUTES.has(attribute)) continue;
    const value = allowed[attribute](decoded.text);
    if (value === null) continue;
    out += ` ${attribute}="${escapeHtml(value)}"`;
  }
  if (name === 'a' && seen.has('target') && out.includes(' target="_blank"')) out += ' rel="noopener noreferrer"';
  if (name === 'img') out += ' loading="lazy" decoding="async"';
  return out;
}

/** Rich text as markup that is safe to insert as is. */
export function sanitizeRichText(html: string): string {
  let out = '';
  const open: string[] = [];
  let dropping: { name: string; depth: number } | null = null;
  let index = 0;
  let lower: string | null = null;

  while (index < html.length) {
    const lt = html.indexOf('<', index);
    if (lt < 0) {
      if (!dropping) out += escapeText(html.slice(index));
      break;
    }
    if (lt > index && !dropping) out += escapeText(html.slice(index, lt));
    index = lt;

    if (html.startsWith('<!--', index)) {
      const close = html.indexOf('-->', index + 4);
      index = close < 0 ? html.length : close + 3;
      continue;
    }
    if (html[index + 1] === '!' || html[index + 1] === '?') {
      const close = html.indexOf('>', index + 2);
      index = close < 0 ? html.length : close + 1;
      continue;
    }
    const tag = readTag(html, index);
    if (!tag) {
      if (!dropping) out += '&lt;';
      index += 1;
      continue;
    }
    index = tag.next;
    if (tag.cut) break;

    if (dropping) {
      if (tag.name === dropping.name && !tag.selfClosing) dropping.depth += tag.end ? -1 : 1;
      if (dropping.depth === 0) dropping = null;
      continue;
    }
    if (tag.end) {
      const at = open.lastIndexOf(tag.name);
      if (at >= 0) {
        while (open.length > at) out += `</${open.pop()}>`;
      }
      continue;
    }
    if (tag.name === 'plaintext') break;
    if (RAW_TEXT.has(tag.name)) {
      lower ??= html.toLowerCase();
      const close = lower.indexOf(`</${tag.name}`, index);
      if (close < 0) break;
      const after = html.indexOf('>', close);
      index = after < 0 ? html.length : after + 1;
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(tag.name)) {
      if (!tag.selfClosing) dropping = { name: tag.name, depth: 1 };
      continue;
    }
    if (!Object.hasOwn(ALLOWED, tag.name)) continue;
    // A link inside a link is not valid HTML, and the browser would restructure it.
    if (tag.name === 'a' && open.includes('a')) continue;
    out += `<${tag.name}${writeAttributes(tag.name, tag.attributes)}>`;
    if (!VOID.has(tag.name)) open.push(tag.name);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

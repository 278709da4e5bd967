/**
 * Two states of a record side by side, field by field, whatever the resource: each state is
 * flattened into labelled paths (`locales.fr.fields.body`, `sections.0.content.text`), the union of
 * paths is lined up, and each row says whether it changed. Rich text is compared as the words a
 * reader sees, not its tags; lists of plain values (role ids, media ids) are one row.
 */

type Plain = Record<string, unknown>;

export interface DiffRow {
  path: string;
  left: unknown;
  right: unknown;
  changed: boolean;
}

/** Properties that say where a value is stored, not what it is: they would make every row look changed. */
const NOISE = new Set(['id', 'lang', 'createdAt', 'updatedAt']);

const isPlainObject = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);
const isLeafList = (value: unknown[]) => value.every((item) => item === null || typeof item !== 'object');

/** Leaves of a state by path, in the state's own order. An empty list or object is a leaf of its own. */
export function flattenState(state: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      if (value.length === 0 || isLeafList(value)) out.set(path, value);
      else value.forEach((item, index) => walk(item, path ? `${path}.${index}` : String(index)));
      return;
    }
    if (isPlainObject(value)) {
      const entries = Object.entries(value).filter(([key]) => !NOISE.has(key));
      if (entries.length === 0 && path) out.set(path, value);
      for (const [key, inner] of entries) walk(inner, path ? `${path}.${key}` : key);
      return;
    }
    if (path) out.set(path, value);
  };
  walk(state, prefix);
  return out;
}

const TAG = /<\/?[a-z][^>]*>/i;

/** Whether a string is markup (what the rich-text editor stores) rather than plain text. */
export function isHtml(value: unknown): value is string {
  return typeof value === 'string' && TAG.test(value);
}

/** The words of some HTML, as a reader sees them: tags gone, entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  let text: string;
  if (typeof DOMParser !== 'undefined') {
    text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  } else {
    text = html
      .replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, ' ')
      .replace(/<[^>]+>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** What a value is compared as: rich text by its words, blanks as one, the rest by its JSON. */
export function comparable(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (isHtml(value)) return htmlToText(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.length === 0) return '';
  return JSON.stringify(value);
}

/** Every path of either state, the left one's order first, each marked changed or not. */
export function diffStates(left: unknown, right: unknown): DiffRow[] {
  const a = flattenState(left);
  const b = flattenState(right);
  const paths = [...a.keys(), ...[...b.keys()].filter((path) => !a.has(path))];
  return paths.map((path) => {
    const l = a.get(path);
    const r = b.get(path);
    return { path, left: l, right: r, changed: comparable(l) !== comparable(r) };
  });
}

/**
 * A version's state as the edit screen shows one locale of it: the record's own properties with
 * the locale's parts beside them (`fields`, `sections`, `metadata`), en's where the locale has
 * none (null), like the screen. A state without locales is the record itself.
 */
export function stateInLocale(state: unknown, locale: string): Plain {
  if (!isPlainObject(state)) return {};
  const { locales, ...own } = state;
  if (!isPlainObject(locales)) return own;
  const en = isPlainObject(locales.en) ? locales.en : {};
  const mine = isPlainObject(locales[locale]) ? (locales[locale] as Plain) : {};
  const parts: Plain = {};
  for (const key of new Set([...Object.keys(en), ...Object.keys(mine)])) {
    const value = mine[key];
    if (key === 'fields' && isPlainObject(value)) parts[key] = { ...(isPlainObject(en[key]) ? (en[key] as Plain) : {}), ...value };
    else parts[key] = value === null || value === undefined ? en[key] : value;
  }
  return { ...own, ...parts };
}

/** Access entries as the form holds them (`{ roleId }`) read as the role ids a version holds. */
function asStateValue(value: unknown): unknown {
  if (Array.isArray(value) && value.length > 0 && value.every((item) => isPlainObject(item) && Object.keys(item).length === 1 && 'roleId' in item)) {
    return value.map((item) => (item as { roleId: unknown }).roleId);
  }
  return value;
}

/**
 * The edit form's values beside a state: only the properties the state has (the form also holds
 * what the API answers for reading: ids, flags, fallbacks), shaped as the state holds them.
 */
export function formValuesLike(values: unknown, state: Plain): Plain {
  if (!isPlainObject(values)) return {};
  const picked: Plain = {};
  for (const key of Object.keys(state)) if (key in values) picked[key] = asStateValue(values[key]);
  return picked;
}

/**
 * The content field a path shows (`fields.cover`, `locales.fr.fields.gallery`), for the screens
 * that draw media fields as thumbnails; null for any other path.
 */
export function contentFieldOf(path: string): string | null {
  const match = /^(?:locales\.[\w-]+\.)?fields\.([^.]+)$/.exec(path);
  return match ? match[1] : null;
}

/** The media ids a value holds (one id or a list of them); empty when it holds something else. */
export function mediaIdsOf(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map((item) => (typeof item === 'number' ? item : typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : NaN));
  return ids.every((id) => Number.isInteger(id)) ? ids : [];
}

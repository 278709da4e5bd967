import { BLOCKS, type BlockFieldSchema, isBlockName } from '@cms/contracts';

type Fields = Readonly<Record<string, BlockFieldSchema>>;
type Values = Record<string, unknown>;

function isRecord(value: unknown): value is Values {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first value of a new item: the groups and lists it must have, so their inputs show. */
export function initialValue(schema: BlockFieldSchema): unknown {
  if (schema.kind === 'object') return initialObject(schema.fields);
  if (schema.kind === 'list') return [];
  return undefined;
}

export function initialObject(fields: Fields): Values {
  const out: Values = {};
  for (const [key, schema] of Object.entries(fields)) {
    if ((schema.kind === 'object' && schema.required) || schema.kind === 'list') out[key] = initialValue(schema);
  }
  return out;
}

/** A new section of the block, theme unset (the site's default). */
export function initialContent(block: string): Values {
  return isBlockName(block) ? initialObject(BLOCKS[block].content) : {};
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The content as the API takes it: inputs left blank are absent rather than "" or null (the API
 * refuses both for a typed property), and an optional group left wholly blank is left out
 * (else its required parts would be reported). Properties the schema does not know are kept,
 * so the API names them rather than the admin dropping them.
 */
export function cleanObject(fields: Fields, value: unknown): Values {
  if (!isRecord(value)) return {};
  const out: Values = {};
  for (const [key, item] of Object.entries(value)) {
    const schema = fields[key];
    if (!schema) {
      if (!blank(item)) out[key] = item;
      continue;
    }
    const cleaned = cleanValue(schema, item);
    if (cleaned !== undefined) out[key] = cleaned;
  }
  return out;
}

function cleanValue(schema: BlockFieldSchema, value: unknown): unknown {
  if (blank(value)) return undefined;
  if (schema.kind === 'object') {
    const cleaned = cleanObject(schema.fields, value);
    return Object.keys(cleaned).length === 0 && !schema.required ? undefined : cleaned;
  }
  if (schema.kind === 'list') {
    if (!Array.isArray(value)) return value;
    return value.map((item) => (schema.of.kind === 'object' ? cleanObject(schema.of.fields, item) : (cleanValue(schema.of, item) ?? null)));
  }
  if (schema.kind === 'int' && typeof value === 'string') {
    const number = Number(value);
    return Number.isFinite(number) ? number : value;
  }
  return value;
}

/** A section's content ready to send: cleaned by its block's schema (the theme included). */
export function cleanContent(block: string, content: unknown): Values {
  if (!isBlockName(block)) return isRecord(content) ? content : {};
  return cleanObject({ ...BLOCKS[block].content, theme: { kind: 'enum', values: [] } }, content);
}

function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first words a section holds (a title, a text, a link label...), for its collapsed line. */
export function summaryText(fields: Fields, value: unknown): string {
  if (!isRecord(value)) return '';
  for (const [key, schema] of Object.entries(fields)) {
    const item = value[key];
    if (blank(item)) continue;
    if ((schema.kind === 'text' || schema.kind === 'html') && typeof item === 'string') {
      const text = schema.kind === 'html' ? plain(item) : item.trim();
      if (text) return text;
    }
    if (schema.kind === 'object') {
      const inner = summaryText(schema.fields, item);
      if (inner) return inner;
    }
    if (schema.kind === 'list' && Array.isArray(item) && schema.of.kind === 'object') {
      const of = schema.of;
      const texts = item.map((entry) => summaryText(of.fields, entry)).filter(Boolean);
      if (texts.length) return texts.join(' · ');
    }
  }
  return '';
}

/** "excerptField" reads "Excerpt field" when a new block's property has no key in the catalogs yet. */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

import {
  booleanOfCell,
  DEFAULT_LANG,
  fieldValueOfCell,
  isLang,
  LANGS,
  unguardedCell,
  type BulkContentItem,
  type BulkItemError,
  type ContainerFieldDto,
  type Lang,
} from '@cms/contracts';

/** Where a column of the file goes: one of the content's own values, a field in a locale, or nowhere. */
export type ImportTarget = { kind: 'ignore' } | { kind: 'title' | 'slug' | 'published' | 'status' } | { kind: 'field'; name: string; locale: Lang };

/** A column → target choice, as the mapping screen's selects hold it (`ignore`, `title`, `field:price:fr`). */
export type TargetKey = string;

/** The file, read: its column names in order and its rows by column (CSV cells are text, JSON values keep their type). */
export interface ImportFile {
  name: string;
  size: number;
  /** CSV: every value is a cell's text, read by its field's type. */
  format: 'csv' | 'json';
  columns: string[];
  rows: Record<string, unknown>[];
}

export const IGNORE: TargetKey = 'ignore';
const OWN = ['title', 'slug', 'published', 'status'] as const;

export function targetKey(target: ImportTarget): TargetKey {
  return target.kind === 'field' ? `field:${target.name}:${target.locale}` : target.kind;
}

export function targetOf(key: TargetKey): ImportTarget {
  if (key.startsWith('field:')) {
    const [, name, locale] = key.split(':');
    return { kind: 'field', name, locale: isLang(locale) ? locale : DEFAULT_LANG };
  }
  return (OWN as readonly string[]).includes(key) ? { kind: key as (typeof OWN)[number] } : { kind: 'ignore' };
}

/** Every target a column of this container's file may have: its own values, then each field in each locale. */
export function targetsOf(fields: readonly ContainerFieldDto[]): ImportTarget[] {
  return [
    { kind: 'ignore' },
    ...OWN.map((kind) => ({ kind })),
    ...LANGS.flatMap((locale) => fields.map((field): ImportTarget => ({ kind: 'field', name: field.name, locale }))),
  ];
}

const simple = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The target a column's name suggests: an export's own names (`title`, `fields.price`,
 * `locales.fr.fields.price`), a field's name or label in any case (`Price`), with a locale after
 * it (`price:fr`, `price (fr)`, `price_fr`); else ignored.
 */
export function guessTarget(column: string, fields: readonly ContainerFieldDto[]): TargetKey {
  const name = column.trim();
  const own = OWN.find((key) => simple(key) === simple(name));
  if (own) return own;
  const exported = /^(?:locales\.(\w+)\.)?fields\.(.+)$/.exec(name);
  let base = exported ? exported[2] : name;
  let locale: string = exported?.[1] ?? DEFAULT_LANG;
  const suffixed = !exported && /^(.*?)\s*(?:[:@_-]\s*|\()\s*(en|fr|tr|es|it)\)?$/i.exec(name);
  if (suffixed) {
    base = suffixed[1];
    locale = suffixed[2].toLowerCase();
  }
  const field = fields.find((f) => f.name === base) ?? fields.find((f) => simple(f.name) === simple(base) || simple(f.label) === simple(base));
  if (!field || !isLang(locale)) return IGNORE;
  return targetKey({ kind: 'field', name: field.name, locale });
}

/** The mapping of every column: the one remembered for the container where it still names something, else a guess. */
export function initialMapping(
  columns: readonly string[],
  fields: readonly ContainerFieldDto[],
  remembered: Record<string, TargetKey>,
): Record<string, TargetKey> {
  const valid = new Set(targetsOf(fields).map(targetKey));
  return Object.fromEntries(columns.map((column) => [column, valid.has(remembered[column]) ? remembered[column] : guessTarget(column, fields)]));
}

const storageKey = (containerId: number) => `cms-import-mapping.${containerId}`;

/** The mapping last used for a container's imports (column name → target), from this browser's storage. */
export function rememberedMapping(containerId: number): Record<string, TargetKey> {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(containerId)) ?? '{}') as unknown;
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, TargetKey>) : {};
  } catch {
    return {};
  }
}

export function rememberMapping(containerId: number, mapping: Record<string, TargetKey>): void {
  try {
    localStorage.setItem(storageKey(containerId), JSON.stringify({ ...rememberedMapping(containerId), ...mapping }));
  } catch {
    // A full or refused storage only means the mapping is guessed again next time.
  }
}

/** A value of the file for a field: a CSV cell is read by the field's type (the contracts' cells), a JSON value is taken as it is. */
function fieldValue(field: ContainerFieldDto, value: unknown, cells: boolean): unknown {
  if (cells && typeof value === 'string') return fieldValueOfCell(field.type, field.multiple, value);
  return value === '' ? null : (value ?? null);
}

/** One row of the file as a bulk item of the container, by the mapping (en's values in `fields`, the other locales' in `locales`). */
export function itemOf(
  row: Record<string, unknown>,
  mapping: Record<string, TargetKey>,
  containerId: number,
  fields: readonly ContainerFieldDto[],
  cells: boolean,
): BulkContentItem {
  const item: BulkContentItem = { title: '', containerId };
  const byName = new Map(fields.map((field) => [field.name, field]));
  for (const [column, key] of Object.entries(mapping)) {
    const target = targetOf(key);
    const value = row[column];
    if (target.kind === 'ignore' || value === undefined) continue;
    const text = cells && typeof value === 'string' ? value : null;
    if (target.kind === 'title') item.title = text === null ? String(value ?? '') : unguardedCell(text);
    else if (target.kind === 'slug') {
      if (value !== null && value !== '') item.slug = String(value).trim();
    } else if (target.kind === 'published') {
      if (value !== null && value !== '') item.published = (text === null ? value : booleanOfCell(text)) as boolean;
    } else if (target.kind === 'status') {
      if (value !== null && value !== '') item.status = (text === null ? value : text.trim()) as BulkContentItem['status'];
    } else if (target.kind === 'field') {
      const field = byName.get(target.name);
      if (!field) continue;
      const converted = fieldValue(field, value, cells);
      if (converted === null) continue;
      if (target.locale === DEFAULT_LANG) (item.fields ??= {})[field.name] = converted as never;
      else ((item.locales ??= {})[target.locale] ??= { fields: {} }).fields[field.name] = converted as never;
    }
  }
  return item;
}

/** The file's rows from `start`, `count` of them, as bulk items. */
export function itemsOf(
  file: ImportFile,
  start: number,
  count: number,
  mapping: Record<string, TargetKey>,
  containerId: number,
  fields: readonly ContainerFieldDto[],
): BulkContentItem[] {
  return file.rows.slice(start, start + count).map((row) => itemOf(row, mapping, containerId, fields, file.format === 'csv'));
}

/** The refusal of a batch as problems by row of the file (1 is its first row of values). */
export function problemsByRow(errors: readonly BulkItemError[], start: number): Map<number, BulkItemError[]> {
  const rows = new Map<number, BulkItemError[]>();
  for (const error of errors) {
    const row = start + error.index + 1;
    rows.set(row, [...(rows.get(row) ?? []), error]);
  }
  return rows;
}

/** The file's JSON, flattened to columns: a list of objects (or `{ items: [...] }`), nested `fields` and `locales` as an export names them. */
export function rowsOfJson(text: string): { columns: string[]; rows: Record<string, unknown>[] } {
  const parsed = JSON.parse(text) as unknown;
  const list = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === 'object' && Array.isArray((parsed as { items?: unknown }).items)
      ? (parsed as { items: unknown[] }).items
      : null;
  if (!list) throw new Error('not-a-list');
  const columns = new Set<string>();
  const rows = list.map((entry) => {
    const row: Record<string, unknown> = {};
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return row;
    for (const [key, value] of Object.entries(entry as Record<string, unknown>)) {
      if (key === 'fields' && value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [name, fieldValue] of Object.entries(value)) row[`fields.${name}`] = fieldValue;
      } else if (key === 'locales' && value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [locale, values] of Object.entries(value as Record<string, { fields?: Record<string, unknown> }>))
          for (const [name, fieldValue] of Object.entries(values?.fields ?? {})) row[`locales.${locale}.fields.${name}`] = fieldValue;
      } else row[key] = value;
    }
    for (const column of Object.keys(row)) columns.add(column);
    return row;
  });
  return { columns: [...columns], rows };
}

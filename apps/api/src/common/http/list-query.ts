import { MAX_ID } from '@cms/contracts';
import { BadRequestException } from '@nestjs/common';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

export type SortOrder = 'ASC' | 'DESC';

type FilterKind =
  | { type: 'int' }
  | { type: 'string' }
  | { type: 'boolean' }
  | { type: 'enum'; values: readonly string[] }
  | { type: 'datetime' }
  /** One value checked by `parse`, which answers it as the filter keeps it or throws a 400 naming the rule. */
  | { type: 'custom'; parse: (key: string, value: unknown) => unknown };

export interface FilterDefinition<Q extends ObjectLiteral> {
  /** How the value is checked; arrays of it are accepted (getMany and "one of"). */
  kind: FilterKind;
  /** The SQL column for the plain equality filter. */
  column?: string;
  /** A custom condition, e.g. for `q`; `param` is a unique parameter name to use. */
  apply?: (qb: SelectQueryBuilder<Q>, value: unknown, param: string) => void;
}

/** `value` as a LIKE pattern that matches it literally: its `\`, `%` and `_` escaped. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The four LIKE patterns a search ranks matches by (GET /api/search), as the parameters of
 * `matchRankSql`, in order: the whole text (lower case), its start, the start of one of its words,
 * anywhere. Each matches `text` literally (escapeLike).
 */
export function matchPatterns(text: string): [string, string, string, string] {
  const escaped = escapeLike(text.toLowerCase());
  return [text.toLowerCase(), `${escaped}%`, `% ${escaped}%`, `%${escaped}%`];
}

/**
 * SQL of how well `column` matches the patterns of `matchPatterns` given as the parameters
 * `$first`..`$first+3`: 4 the whole text, 3 its start, 2 the start of a word, 1 anywhere, 0 none.
 */
export function matchRankSql(column: string, first: number): string {
  const [exact, prefix, word, anywhere] = [0, 1, 2, 3].map((n) => `$${first + n}`);
  return `(CASE WHEN lower(${column}) = ${exact} THEN 4 WHEN ${column} ILIKE ${prefix} THEN 3 WHEN ${column} ILIKE ${word} THEN 2 WHEN ${column} ILIKE ${anywhere} THEN 1 ELSE 0 END)`;
}

/** Equality on a whole-number column (ids). */
export function intFilter<Q extends ObjectLiteral>(column: string): FilterDefinition<Q> {
  return { kind: { type: 'int' }, column };
}

/** Equality on a text column. */
export function textFilter<Q extends ObjectLiteral>(column: string): FilterDefinition<Q> {
  return { kind: { type: 'string' }, column };
}

/** Equality on a boolean column. */
export function booleanFilter<Q extends ObjectLiteral>(column: string): FilterDefinition<Q> {
  return { kind: { type: 'boolean' }, column };
}

/** Equality on a column of one of these values (an enum). */
export function oneOfFilter<Q extends ObjectLiteral>(column: string, values: readonly string[]): FilterDefinition<Q> {
  return { kind: { type: 'enum', values }, column };
}

/**
 * A bound on a timestamp column: `>=` (from) or `<=` (to) an ISO 8601 date or date-time. A date
 * alone is midnight UTC; a date-time without an offset is read as UTC too, whatever the server's zone.
 */
export function timeBoundFilter<Q extends ObjectLiteral>(column: string, bound: '>=' | '<='): FilterDefinition<Q> {
  return {
    kind: { type: 'datetime' },
    apply: (qb, value, param) => qb.andWhere(`${column} ${bound} :${param}`, { [param]: value }),
  };
}

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** An ISO 8601 date or date-time as a Date, or null when it is not one (or names a day that does not exist). */
export function parseIsoDateTime(value: string): Date | null {
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return null;
  const [, year, month, day, offset] = match;
  // 2026-02-30 would roll over to March 2.
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  const text = value.replace(' ', 'T');
  const time = new Date(value.length > 10 && !offset ? `${text}Z` : text);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** `q`: the text anywhere in one of these columns, whatever its case, taken literally (no wildcards). */
export function containsFilter<Q extends ObjectLiteral>(...columns: string[]): FilterDefinition<Q> {
  return {
    kind: { type: 'string' },
    apply: (qb, value, param) =>
      qb.andWhere(`(${columns.map((column) => `${column} ILIKE :${param}`).join(' OR ')})`, { [param]: `%${escapeLike(String(value))}%` }),
  };
}

/** What a list endpoint lets callers sort and filter by: an allow-list, never raw SQL. */
export interface ListSpec<Q extends ObjectLiteral> {
  resource: string;
  sortable: Record<string, string>;
  defaultSort: [string, SortOrder];
  filters: Record<string, FilterDefinition<Q>>;
  maxPageSize?: number;
}

export interface ListQuery {
  sort: { field: string; column: string; order: SortOrder };
  range: { start: number; end: number };
  filter: Record<string, unknown>;
}

export interface RawListQuery {
  sort?: unknown;
  range?: unknown;
  filter?: unknown;
}

function parseJson(name: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new BadRequestException(`"${name}" must be given once, as JSON`);
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestException(`"${name}" is not valid JSON`);
  }
}

function checkValue(key: string, kind: FilterKind, value: unknown): unknown {
  const fail = (what: string) => new BadRequestException(`Filter "${key}" must be ${what}`);
  switch (kind.type) {
    case 'int':
      if (typeof value === 'string' && /^\d{1,10}$/.test(value)) value = Number(value);
      if (typeof value !== 'number' || !Number.isInteger(value) || value < -MAX_ID - 1 || value > MAX_ID) throw fail('an integer');
      return value;
    case 'string':
      if (typeof value !== 'string' || value.length > 500) throw fail('a string of at most 500 characters');
      return value;
    case 'boolean':
      if (value === 'true' || value === 'false') return value === 'true';
      if (typeof value !== 'boolean') throw fail('true or false');
      return value;
    case 'enum':
      if (typeof value !== 'string' || !kind.values.includes(value)) throw fail(`one of ${kind.values.join(', ')}`);
      return value;
    case 'datetime': {
      const time = typeof value === 'string' ? parseIsoDateTime(value) : null;
      if (!time) throw fail('an ISO 8601 date-time, like 2026-01-31T09:30:00Z');
      return time.toISOString();
    }
    case 'custom':
      return kind.parse(key, value);
  }
}

/**
 * Parses the ra-data-simple-rest dialect: `sort=["title","ASC"]`, `range=[0,24]`,
 * `filter={"q":"x","id":[1,2]}`. Unknown sort or filter fields, bad JSON and oversized pages are 400s.
 */
export function parseListQuery<Q extends ObjectLiteral>(raw: RawListQuery, spec: ListSpec<Q>): ListQuery {
  const maxPageSize = spec.maxPageSize ?? 500;
  const sortRaw = parseJson('sort', raw.sort);
  let [field, order] = spec.defaultSort;
  if (sortRaw !== undefined) {
    if (!Array.isArray(sortRaw) || sortRaw.length !== 2 || typeof sortRaw[0] !== 'string' || typeof sortRaw[1] !== 'string') {
      throw new BadRequestException('"sort" must look like ["field","ASC"]');
    }
    field = sortRaw[0];
    const upper = sortRaw[1].toUpperCase();
    if (upper !== 'ASC' && upper !== 'DESC') throw new BadRequestException('The sort order must be ASC or DESC');
    order = upper;
  }
  const column = spec.sortable[field];
  if (!Object.prototype.hasOwnProperty.call(spec.sortable, field) || !column) {
    throw new BadRequestException(`Cannot sort ${spec.resource} by "${field}": use one of ${Object.keys(spec.sortable).join(', ')}`);
  }

  const rangeRaw = parseJson('range', raw.range);
  let start = 0;
  let end = Math.min(24, maxPageSize - 1);
  if (rangeRaw !== undefined) {
    if (!Array.isArray(rangeRaw) || rangeRaw.length !== 2 || !rangeRaw.every((n) => Number.isInteger(n) && n >= 0 && n <= 2_000_000_000)) {
      throw new BadRequestException('"range" must look like [0,24] with whole numbers from 0');
    }
    [start, end] = rangeRaw as [number, number];
    if (end < start) throw new BadRequestException('"range" must not end before it starts');
    if (end - start + 1 > maxPageSize) throw new BadRequestException(`At most ${maxPageSize} ${spec.resource} per page`);
  }

  const filterRaw = parseJson('filter', raw.filter);
  const filter: Record<string, unknown> = {};
  if (filterRaw !== undefined) {
    if (typeof filterRaw !== 'object' || filterRaw === null || Array.isArray(filterRaw)) {
      throw new BadRequestException('"filter" must be a JSON object');
    }
    for (const [key, value] of Object.entries(filterRaw)) {
      const definition = Object.prototype.hasOwnProperty.call(spec.filters, key) ? spec.filters[key] : undefined;
      if (!definition) {
        throw new BadRequestException(`Cannot filter ${spec.resource} by "${key}": use one of ${Object.keys(spec.filters).join(', ')}`);
      }
      if (Array.isArray(value)) {
        if (definition.kind.type === 'datetime') throw new BadRequestException(`Filter "${key}" takes one date-time, not a list`);
        if (definition.kind.type === 'custom') throw new BadRequestException(`Filter "${key}" takes one value, not a list`);
        if (value.length > 1000) throw new BadRequestException(`Filter "${key}" takes at most 1000 values`);
        filter[key] = value.map((v) => checkValue(key, definition.kind, v));
      } else {
        filter[key] = checkValue(key, definition.kind, value);
      }
    }
  }
  return { sort: { field, column, order }, range: { start, end }, filter };
}

/** Adds the filter conditions of a parsed query to a query builder (without paging or sorting). */
export function applyFilters<Q extends ObjectLiteral>(qb: SelectQueryBuilder<Q>, query: ListQuery, spec: ListSpec<Q>): SelectQueryBuilder<Q> {
  let index = 0;
  for (const [key, value] of Object.entries(query.filter)) {
    const definition = spec.filters[key];
    const param = `f${index++}`;
    if (definition.apply) {
      definition.apply(qb, value, param);
    } else if (definition.column) {
      if (Array.isArray(value)) {
        if (value.length === 0) qb.andWhere('1 = 0');
        else qb.andWhere(`${definition.column} IN (:...${param})`, { [param]: value });
      } else {
        qb.andWhere(`${definition.column} = :${param}`, { [param]: value });
      }
    }
  }
  return qb;
}

/** Sorting (with the id as a tie-breaker, so pages are stable) and paging. */
export function applySortAndRange<Q extends ObjectLiteral>(qb: SelectQueryBuilder<Q>, query: ListQuery, idColumn: string): SelectQueryBuilder<Q> {
  qb.orderBy(query.sort.column, query.sort.order);
  if (query.sort.column !== idColumn) qb.addOrderBy(idColumn, query.sort.order);
  return qb.offset(query.range.start).limit(query.range.end - query.range.start + 1);
}

/** One page of a list: its items, how many match in all, and the index of its first item. */
export interface ListPage<T> {
  items: T[];
  total: number;
  start: number;
}

/**
 * The page of the entities `qb` selects that `raw` asks for (filters, sort and range checked
 * against `spec`), with the total that match; `toItems` turns the rows into the answer's items.
 */
export async function listPage<Q extends ObjectLiteral, T>(
  qb: SelectQueryBuilder<Q>,
  raw: RawListQuery,
  spec: ListSpec<Q>,
  idColumn: string,
  toItems: (rows: Q[]) => T[] | Promise<T[]>,
): Promise<ListPage<T>> {
  const query = parseListQuery(raw, spec);
  const [rows, total] = await applySortAndRange(applyFilters(qb, query, spec), query, idColumn).getManyAndCount();
  return { items: await toItems(rows), total, start: query.range.start };
}

/** `Content-Range: users 0-24/319`, the total that react-admin pages with. */
export function setContentRange(reply: { header(name: string, value: string): unknown }, resource: string, start: number, count: number, total: number): void {
  const range = count > 0 ? `${start}-${start + count - 1}` : '*';
  reply.header('Content-Range', `${resource} ${range}/${total}`);
}

import { BadRequestException } from '@nestjs/common';
import {
  ContainerFieldType,
  FIELD_QUERY_OPERATORS,
  FIELD_QUERY_OPERATORS_ALL,
  FIELD_TYPES,
  isRecordId,
  isSortableField,
  parseFieldDate,
  type FieldColumn,
  type FieldQueryOperator,
} from '@cms/contracts';
import { escapeLike, type RawListQuery, type SortOrder } from '../../common/http/list-query';
import type { Statement } from './statement';

/*
 * Filters, sorts and projections on a content's field values (`fields.price`), for the contents
 * list: parsed beside the list's own allow-list (splitFieldQuery), checked against the container's
 * field definitions (checkFieldQuery), then written as SQL on content_field, the typed rows the
 * read model's documents are built from (fieldConditionSql, fieldSortSql). What is compared is the
 * value the list answers in `fields` for the locale asked: the locale's own rows of the field when
 * it has any, else en's (the read model's fallback, as the full-text search `q` applies it).
 */

const FIELD_OPERATORS = FIELD_QUERY_OPERATORS_ALL;
type FieldOperator = FieldQueryOperator;

/** What of a container's field definition a query reads. */
export interface FieldDefinitionRow {
  name: string;
  type: ContainerFieldType;
  multiple: boolean;
  options: string[] | null;
}

/** How a family of field types is compared: its values and their SQL type (its operators: FIELD_QUERY_OPERATORS). */
interface Comparison {
  /** What a value must be, in the 400's words ("takes gte with a number"). */
  what: string;
  whatPlural: string;
  sql: string;
  /** The value as the SQL takes it, or undefined when it is not one. */
  parse(value: unknown, definition: FieldDefinitionRow): unknown;
}

const TEXT_MAX = 2_000;
const MAX_LIST = 1_000;
/** The indexed prefix of text values (migration ContentFieldValueIndexes): equality reads the index by it, then compares whole values. */
const TEXT_KEY = 100;

const text: Comparison = {
  what: 'a string',
  whatPlural: 'strings',
  sql: 'text',
  parse: (value) => (typeof value === 'string' && value.length <= TEXT_MAX ? value : undefined),
};
const choice: Comparison = text;
const number: Comparison = {
  what: 'a number',
  whatPlural: 'numbers',
  sql: 'float8',
  parse: (value) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined),
};
const date: Comparison = {
  ...number,
  what: 'a date (YYYY-MM-DD or an ISO 8601 date-time with its offset)',
  whatPlural: 'dates',
  sql: 'timestamptz',
  parse: (value) => (typeof value === 'string' ? parseFieldDate(value)?.toISOString() : undefined),
};
const boolean: Comparison = {
  what: 'true or false',
  whatPlural: 'booleans',
  sql: 'boolean',
  parse: (value) => (typeof value === 'boolean' ? value : undefined),
};
const reference: Comparison = {
  what: 'an id',
  whatPlural: 'ids',
  sql: 'int',
  parse: (value) => (isRecordId(value) ? value : undefined),
};
const presence: Comparison = { what: 'nothing', whatPlural: 'nothing', sql: 'text', parse: () => undefined };

const T = ContainerFieldType;
const COMPARISONS: Record<ContainerFieldType, Comparison> = {
  [T.STRING]: text,
  [T.PARAGRAPH]: text,
  [T.RICHTEXT]: text,
  [T.LINK]: text,
  [T.OPTION]: {
    ...choice,
    parse: (value, definition) => (typeof value === 'string' && (definition.options ?? []).includes(value) ? value : undefined),
  },
  [T.ZOHOOPTIONS]: choice,
  [T.COLOR]: { ...choice, parse: (value) => (typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value.toUpperCase() : undefined) },
  [T.NUMBER]: number,
  [T.POSITION]: number,
  [T.DATE]: date,
  [T.BOOLEAN]: boolean,
  [T.IMAGE]: reference,
  [T.FILE]: reference,
  [T.VIDEO]: reference,
  [T.CONTENT]: reference,
  [T.LOCATION]: presence,
  [T.TIMERANGE]: presence,
};

/** The content_field column that holds each kind of value. */
const COLUMNS: Record<FieldColumn, string> = {
  text: 'textValue',
  json: 'textValue',
  number: 'numberValue',
  boolean: 'boolValue',
  date: 'dateValue',
  timeRange: 'timeRange',
  media: 'mediaId',
  content: 'contentValueId',
};

/** What a value must be for an operator of a comparison, in the 400's words. */
function valueWords(comparison: Comparison, op: FieldOperator, definition: FieldDefinitionRow): string {
  const options = definition.type === T.OPTION ? ` (one of: ${(definition.options ?? []).join(', ')})` : '';
  if (op === 'null') return 'true or false';
  if (op === 'in') return `a list of ${comparison.whatPlural}${options}`;
  return `${comparison.what}${options}`;
}

/** One operator of a condition and its value, as the SQL takes it. */
export interface FieldTest {
  op: FieldOperator;
  value: unknown;
}

/**
 * One checked condition on a field: its tests hold for one same value of it (`{"gte":10,"lt":20}`:
 * a value between them, also on a multiple field), or, `negated`, for none of its values (`ne`,
 * `null: true`).
 */
export interface FieldCondition {
  name: string;
  column: string;
  sqlType: string;
  tests: FieldTest[];
  negated: boolean;
}

export interface FieldSort {
  name: string;
  column: string;
  text: boolean;
  order: SortOrder;
}

/** The keys a content answers (ContentSummaryDto's); GET one adds ContentDto's. */
export const SUMMARY_KEYS = [
  'id',
  'title',
  'containerId',
  'published',
  'status',
  'slug',
  'path',
  'updatedAt',
  'locale',
  'hasDraft',
  'publishedAt',
  'publishAt',
  'unpublishAt',
  'fallbackFields',
  'fields',
] as const;
export const ONE_CONTENT_KEYS = [
  ...SUMMARY_KEYS,
  'drafts',
  'slugId',
  'defaultSlug',
  'parentSlugId',
  'sections',
  'sectionsFallback',
  'metadata',
  'metadataFallback',
  'accesses',
] as const;

/** A `fields=` projection: the keys answered, and the field names of `fields` (null: all of them). */
export interface Projection {
  keys: string[];
  fieldNames: string[] | null;
}

/** The field part of a list query, not yet checked against a container. */
export interface SplitFieldQuery {
  filters: [string, unknown][];
  sort: { name: string; order: SortOrder } | null;
  projection: string[] | null;
}

const FIELD_PREFIX = 'fields.';

function parseJsonParam(name: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new BadRequestException(`"${name}" must be given once, as JSON`);
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestException(`"${name}" is not valid JSON`);
  }
}

/** The names of a `fields=` parameter (comma-separated), or null when it is absent. */
export function parseProjection(raw: unknown): string[] | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string') throw new BadRequestException('"fields" must be given once, as names separated by commas');
  const names = raw.split(',').map((name) => name.trim());
  if (names.some((name) => name === '')) throw new BadRequestException('"fields" must be names separated by commas, e.g. title,fields.price');
  if (names.length > 200) throw new BadRequestException('"fields" takes at most 200 names');
  return [...new Set(names)];
}

/**
 * Takes the `fields.*` filters and sort out of a list query (the rest goes to parseListQuery and its
 * allow-list unchanged) and reads `fields=`.
 */
export function splitFieldQuery(raw: RawListQuery & { fields?: unknown }): { rest: RawListQuery; split: SplitFieldQuery } {
  const rest: RawListQuery = { range: raw.range };
  const filters: [string, unknown][] = [];
  const filter = parseJsonParam('filter', raw.filter);
  if (filter !== undefined && typeof filter === 'object' && filter !== null && !Array.isArray(filter)) {
    const others: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(filter)) {
      if (key.startsWith(FIELD_PREFIX)) filters.push([key, value]);
      else others[key] = value;
    }
    rest.filter = JSON.stringify(others);
  } else {
    rest.filter = raw.filter;
  }
  let sort: SplitFieldQuery['sort'] = null;
  const sortRaw = parseJsonParam('sort', raw.sort);
  if (
    Array.isArray(sortRaw) &&
    sortRaw.length === 2 &&
    typeof sortRaw[0] === 'string' &&
    sortRaw[0].startsWith(FIELD_PREFIX) &&
    typeof sortRaw[1] === 'string'
  ) {
    const order = sortRaw[1].toUpperCase();
    if (order !== 'ASC' && order !== 'DESC') throw new BadRequestException('The sort order must be ASC or DESC');
    sort = { name: sortRaw[0], order };
  } else {
    rest.sort = raw.sort;
  }
  return { rest, split: { filters, sort, projection: parseProjection(raw.fields) } };
}

/** A checked field query: its conditions, its sort and its projection. */
export interface FieldQuery {
  conditions: FieldCondition[];
  sort: FieldSort | null;
  projection: Projection | null;
}

function definitionOf(key: string, definitions: FieldDefinitionRow[], containerId: number): FieldDefinitionRow {
  const name = key.slice(FIELD_PREFIX.length);
  const definition = definitions.find((d) => d.name === name);
  if (!definition) {
    const known = definitions.map((d) => d.name).join(', ');
    throw new BadRequestException(`${key}: container ${containerId} has no field "${name}"${known ? ` (its fields: ${known})` : ' (it has no fields)'}`);
  }
  return definition;
}

/** A field's conditions from a filter's value: a plain value is `eq`; an object names operators, which AND together. */
function conditionsOf(key: string, raw: unknown, definition: FieldDefinitionRow): FieldCondition[] {
  const comparison = COMPARISONS[definition.type];
  const allowed = FIELD_QUERY_OPERATORS[definition.type];
  const operators: [string, unknown][] = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? Object.entries(raw) : [['eq', raw]];
  if (operators.length === 0) throw new BadRequestException(`${key} takes an operator: one of ${allowed.join(', ')}`);
  const tests = operators.map(([op, value]): FieldTest => {
    if (!(FIELD_OPERATORS as readonly string[]).includes(op)) {
      throw new BadRequestException(`${key}: unknown operator "${op}"; a ${definition.type} field takes ${allowed.join(', ')}`);
    }
    const operator = op as FieldOperator;
    if (!allowed.includes(operator)) {
      throw new BadRequestException(`${key} does not take ${op}: a ${definition.type} field takes ${allowed.join(', ')}`);
    }
    const refused = () => new BadRequestException(`${key} takes ${op} with ${valueWords(comparison, operator, definition)}`);
    if (operator === 'null') {
      if (typeof value !== 'boolean') throw refused();
      return { op: operator, value };
    }
    if (operator === 'in') {
      if (!Array.isArray(value) || value.length > MAX_LIST) throw refused();
      const values = value.map((item) => comparison.parse(item, definition));
      if (values.some((item) => item === undefined)) throw refused();
      return { op: operator, value: values };
    }
    const parsed = comparison.parse(value, definition);
    if (parsed === undefined) throw refused();
    return { op: operator, value: operator === 'contains' ? `%${escapeLike(parsed as string)}%` : parsed };
  });
  const base = { name: definition.name, column: COLUMNS[FIELD_TYPES[definition.type].column], sqlType: comparison.sql };
  // `ne` is "no value equals it", `null: true` "no value": each the negation of a test on the field's values.
  const isNegated = (test: FieldTest) => test.op === 'ne' || (test.op === 'null' && test.value === true);
  const positive = tests.filter((test) => !isNegated(test));
  const conditions: FieldCondition[] = positive.length ? [{ ...base, tests: positive, negated: false }] : [];
  for (const test of tests.filter(isNegated)) {
    conditions.push({ ...base, tests: [test.op === 'ne' ? { op: 'eq', value: test.value } : { op: 'null', value: false }], negated: true });
  }
  return conditions;
}

/** `fields=` checked against the keys a content answers and the container's fields (needs one containerId for `fields.*`). */
function projectionOf(names: string[], keys: readonly string[], definitions: FieldDefinitionRow[] | null, containerId: number | null): Projection {
  const projection: Projection = { keys: ['id'], fieldNames: null };
  const fieldNames: string[] = [];
  let wholeFields = false;
  for (const name of names) {
    if (name.startsWith(FIELD_PREFIX)) {
      if (!definitions || containerId === null)
        throw new BadRequestException(`fields=${name} needs one containerId in the filter (field names are a container's)`);
      fieldNames.push(definitionOf(name, definitions, containerId).name);
    } else if (keys.includes(name)) {
      if (name === 'fields') wholeFields = true;
      else if (!projection.keys.includes(name)) projection.keys.push(name);
    } else {
      throw new BadRequestException(`fields: cannot answer "${name}"; use ${keys.join(', ')} or fields.<name> of the container`);
    }
  }
  if (wholeFields || fieldNames.length) projection.keys.push('fields');
  projection.fieldNames = wholeFields ? null : fieldNames;
  return projection;
}

/** The containerId a field query is about: one, or null when the filter names none or several. */
export function singleContainerId(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (Array.isArray(value) && value.length === 1 && typeof value[0] === 'number') return value[0];
  return null;
}

/** Whether a split query names a field (and so needs its container's definitions). */
export function namesFields(split: SplitFieldQuery): boolean {
  return split.filters.length > 0 || split.sort !== null || (split.projection ?? []).some((name) => name.startsWith(FIELD_PREFIX));
}

/** Checks a split field query against the container's definitions (null: no containerId, which `fields.*` needs). */
export function checkFieldQuery(split: SplitFieldQuery, containerId: number | null, definitions: FieldDefinitionRow[] | null): FieldQuery {
  const needsContainer = (key: string) =>
    new BadRequestException(`${key} needs one containerId in the filter, e.g. {"containerId":3,"${key}":…} (field names are a container's)`);
  const conditions: FieldCondition[] = [];
  for (const [key, raw] of split.filters) {
    if (containerId === null || !definitions) throw needsContainer(key);
    conditions.push(...conditionsOf(key, raw, definitionOf(key, definitions, containerId)));
  }
  let sort: FieldSort | null = null;
  if (split.sort) {
    if (containerId === null || !definitions) throw needsContainer(split.sort.name);
    const definition = definitionOf(split.sort.name, definitions, containerId);
    const comparison = COMPARISONS[definition.type];
    if (definition.multiple) throw new BadRequestException(`Cannot sort by ${split.sort.name}: it holds several values (the field is multiple)`);
    if (!isSortableField(definition)) throw new BadRequestException(`Cannot sort by ${split.sort.name}: a ${definition.type} field has no order`);
    sort = { name: definition.name, column: COLUMNS[FIELD_TYPES[definition.type].column], text: comparison.sql === 'text', order: split.sort.order };
  }
  const projection = split.projection ? projectionOf(split.projection, SUMMARY_KEYS, definitions, containerId) : null;
  return { conditions, sort, projection };
}

/** A `fields=` of GET one, checked against its container's definitions. */
export function checkOneProjection(names: string[], containerId: number, definitions: FieldDefinitionRow[]): Projection {
  return projectionOf(names, ONE_CONTENT_KEYS, definitions, containerId);
}

/** A content (as answered) cut to a projection; a named field without a value answers null. */
export function project<T extends object>(content: T, projection: Projection): Partial<T> {
  const source = content as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of projection.keys) {
    if (key === 'fields' && projection.fieldNames) {
      const fields = (source.fields ?? {}) as Record<string, unknown>;
      out.fields = Object.fromEntries(projection.fieldNames.map((name) => [name, fields[name] ?? null]));
    } else out[key] = source[key];
  }
  return out as Partial<T>;
}

/**
 * The field's rows that make its value in the locale (alias `f`): the locale's own rows of the field
 * when it has any, else en's. `lang` is the locale's placeholder.
 */
const effectiveRows = (name: string, lang: string) =>
  `f.name = ${name} AND (f.lang = ${lang} OR (${lang} <> 'en' AND f.lang = 'en' AND NOT EXISTS (
      SELECT 1 FROM "content_field" o WHERE o."contentId" = f."contentId" AND o.name = f.name AND o.lang = ${lang})))`;

/** The condition a row `f` meets for one (positive) test. */
function rowPredicate(statement: Statement, condition: FieldCondition, { op, value }: FieldTest): string {
  const column = `f."${condition.column}"`;
  const isText = condition.column === 'textValue';
  switch (op) {
    case 'eq': {
      const v = statement.param(value, condition.sqlType);
      // The text index holds the first TEXT_KEY characters: equal values have equal prefixes.
      return isText ? `left(${column}, ${TEXT_KEY}) = left(${v}, ${TEXT_KEY}) AND ${column} = ${v}` : `${column} = ${v}`;
    }
    case 'in': {
      const v = statement.param(value, `${condition.sqlType}[]`);
      return isText
        ? `left(${column}, ${TEXT_KEY}) = ANY(ARRAY(SELECT left(x, ${TEXT_KEY}) FROM unnest(${v}) x)) AND ${column} = ANY(${v})`
        : `${column} = ANY(${v})`;
    }
    case 'lt':
      return `${column} < ${statement.param(value, condition.sqlType)}`;
    case 'lte':
      return `${column} <= ${statement.param(value, condition.sqlType)}`;
    case 'gt':
      return `${column} > ${statement.param(value, condition.sqlType)}`;
    case 'gte':
      return `${column} >= ${statement.param(value, condition.sqlType)}`;
    case 'contains':
      return `${column} ILIKE ${statement.param(value, 'text')}`;
    default:
      return `${column} IS NOT NULL`;
  }
}

/**
 * A field condition on the content `a` as SQL, its values added to `statement`: some value of the
 * field in the locale passes every test (on a multiple field, "any of" its values), or, negated,
 * none does (so contents without a value match `ne` and `null: true`).
 */
export function fieldConditionSql(statement: Statement, a: string, condition: FieldCondition, lang: string): string {
  const name = statement.param(condition.name, 'varchar');
  const tests = condition.tests.map((test) => rowPredicate(statement, condition, test)).join(' AND ');
  const rows = `SELECT f."contentId" FROM "content_field" f WHERE ${effectiveRows(name, lang)} AND ${tests}`;
  return condition.negated ? `NOT EXISTS (${rows} AND f."contentId" = ${a}.id)` : `${a}.id IN (${rows})`;
}

/**
 * The field's value of the content `a` in the locale as a sort key (text by its lower case), from two
 * joins on its rows: the locale's own, else en's. A sortable field has one row a locale (position 0)
 * and stored values of its types are never null (an empty value deletes the row), so the joins add no
 * rows, and the planner may join by hash (a sort of the whole container) or look each content up by
 * the index on (contentId, lang, name) (a sort of a filter's few matches).
 */
export function fieldSortSql(statement: Statement, a: string, sort: FieldSort, lang: string): { joins: string; key: string } {
  const name = statement.param(sort.name, 'varchar');
  const join = (alias: string, locale: string) =>
    `LEFT JOIN "content_field" ${alias} ON ${alias}."contentId" = ${a}.id AND ${alias}.name = ${name} AND ${alias}.lang = ${locale}
        AND ${alias}.position = 0 AND ${alias}."${sort.column}" IS NOT NULL`;
  const value = (alias: string) => (sort.text ? `lower(${alias}."${sort.column}")` : `${alias}."${sort.column}"`);
  return { joins: `${join('so', lang)} ${join('se', "'en'")} AND ${lang} <> 'en'`, key: `coalesce(${value('so')}, ${value('se')})` };
}

/** The SQL types of the value columns a field sort may read in index order. */
const INDEX_ORDERED: Record<string, string> = { numberValue: 'float8', dateValue: 'timestamptz' };

/** Whether a sort by this field can be read in the order of its value index (a number or a date). */
export const indexOrderedSort = (sort: FieldSort): boolean => sort.column in INDEX_ORDERED;

/**
 * The ids and sort keys of a window of contents (`where` on alias `w`, already with its parameters)
 * sorted by an en number or date field, read in the order of its value index: the first
 * `size + offset` contents with a value (walking the index, a lookup of each content), and only when
 * they are fewer, the contents without one (by id). A container's first pages cost a few dozen
 * lookups instead of joining every content to its field row.
 */
export function indexOrderedWindowSql(statement: Statement, sort: FieldSort, where: string, size: number, offset: string): string {
  const name = statement.param(sort.name, 'varchar');
  const column = `f."${sort.column}"`;
  const rows = `f.name = ${name} AND f.lang = 'en' AND ${column} IS NOT NULL AND f.position = 0`;
  const n = `(${size} + ${offset})`;
  return `(WITH a AS MATERIALIZED (
        SELECT w.id, ${column} AS k FROM "content_field" f JOIN "content" w ON w.id = f."contentId"
        WHERE ${rows} AND ${where} ORDER BY ${column} ${sort.order}, w.id ${sort.order} LIMIT ${n})
      SELECT u.id, u.k FROM (
        SELECT a.id, a.k FROM a
        UNION ALL
        (SELECT w.id, NULL::${INDEX_ORDERED[sort.column]} FROM "content" w
          WHERE (SELECT count(*) FROM a) < ${n} AND ${where} AND NOT EXISTS (SELECT 1 FROM "content_field" f WHERE f."contentId" = w.id AND ${rows})
          ORDER BY w.id ${sort.order} LIMIT ${n})
      ) u ORDER BY u.k ${sort.order} NULLS LAST, u.id ${sort.order} LIMIT ${size} OFFSET ${offset})`;
}

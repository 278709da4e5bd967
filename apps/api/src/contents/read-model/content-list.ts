import type { Lang } from '@cms/contracts';
import type { ListQuery, ListSpec } from '../../common/http/list-query';
import { contentMatchSql, toPrefixQuery } from './full-text';
import { Statement } from './statement';
import { documentJoin, fieldsOf, localSlugColumns, localSlugJoin, publishingColumns, summaryJson } from './content-rows';
import { CONTENT_STATES, type ContentState, type TranslationFilter } from '@cms/contracts';
import { parseTranslationFilter, statusConditionSql } from '../translations/translation-sql';
import { fieldConditionSql, fieldSortSql, indexOrderedSort, indexOrderedWindowSql, type FieldQuery } from './field-queries';

/** How each sort key orders contents (of alias `a`): titles as people read them, whatever their case. */
const SORT_EXPRESSIONS: Record<string, (a: string) => string> = {
  id: (a) => `${a}.id`,
  title: (a) => `LOWER(${a}.title)`,
  updatedAt: (a) => `${a}."updatedAt"`,
  published: (a) => `${a}.published`,
  status: (a) => `${a}.status`,
  containerId: (a) => `${a}."containerId"`,
};

/** The list's allow-list; `q` is a full-text search in the locale asked. The conditions of each filter are `filterSql`'s. */
export const CONTENT_LIST_SPEC: ListSpec<object> = {
  resource: 'contents',
  sortable: Object.fromEntries(Object.keys(SORT_EXPRESSIONS).map((key) => [key, key])),
  defaultSort: ['updatedAt', 'DESC'],
  filters: {
    id: { kind: { type: 'int' } },
    containerId: { kind: { type: 'int' } },
    published: { kind: { type: 'boolean' } },
    status: { kind: { type: 'enum', values: ['AVAILABLE', 'DISCONTINUED'] } },
    q: { kind: { type: 'string' } },
    state: { kind: { type: 'enum', values: [...CONTENT_STATES] } },
    translation: { kind: { type: 'custom', parse: parseTranslationFilter } },
  },
  maxPageSize: 100,
};

/** The column and SQL type of each equality filter. */
const EQUALITY_FILTERS: Record<string, { column: string; type: string }> = {
  id: { column: 'id', type: 'int' },
  containerId: { column: '"containerId"', type: 'int' },
  published: { column: 'published', type: 'boolean' },
  status: { column: 'status', type: 'status' },
};

/** Each state of contentStateOf (@cms/contracts) as a condition on the content `a`. */
const STATE_CONDITIONS: Record<ContentState, (a: string) => string> = {
  scheduled: (a) => `${a}."publishAt" IS NOT NULL`,
  draft: (a) => `(${a}."publishAt" IS NULL AND NOT ${a}.published)`,
  changed: (a) => `(${a}."publishAt" IS NULL AND ${a}.published AND EXISTS (SELECT 1 FROM "content_draft" d WHERE d."contentId" = ${a}.id))`,
  published: (a) => `(${a}."publishAt" IS NULL AND ${a}.published AND NOT EXISTS (SELECT 1 FROM "content_draft" d WHERE d."contentId" = ${a}.id))`,
};

/** The conditions of a list's contents (alias `a`), with their parameters added to `statement`; `lang` is the locale's placeholder (`q` searches in it). */
function filterSql(statement: Statement, a: string, filter: ListQuery['filter'], lang: () => string, fieldQuery: FieldQuery | null): string {
  const conditions = ['true'];
  for (const condition of fieldQuery?.conditions ?? []) conditions.push(fieldConditionSql(statement, a, condition, lang()));
  for (const [key, value] of Object.entries(filter)) {
    if (key === 'state') {
      const states = ([] as string[]).concat(value as string | string[]) as ContentState[];
      conditions.push(`(${states.map((state) => STATE_CONDITIONS[state](a)).join(' OR ') || 'false'})`);
      continue;
    }
    if (key === 'translation') {
      const { locale, status } = value as TranslationFilter;
      conditions.push(statusConditionSql(a, statement.param(locale, 'lang'), status));
      continue;
    }
    if (key === 'q') {
      if (String(value).trim() === '') continue;
      const tsq = toPrefixQuery(String(value));
      conditions.push(tsq === null ? 'false' : contentMatchSql(`${a}.id`, statement.param(tsq), lang()));
      continue;
    }
    const { column, type } = EQUALITY_FILTERS[key];
    conditions.push(Array.isArray(value) ? `${a}.${column} = ANY(${statement.param(value, `${type}[]`)})` : `${a}.${column} = ${statement.param(value, type)}`);
  }
  return conditions.join(' AND ');
}

/** The list filters whose totals the content_count table holds. */
const COUNTED_FILTERS = new Set(['containerId', 'published', 'status']);

/**
 * The values of the filters content_count keeps exact totals for (by triggers, migrations
 * ContentCounts and ContentListCounts) when the list is filtered by those only, or not at all: then
 * paging through a large container does not count its rows at every request. Null for other filters.
 */
function countedFilterValues(filter: ListQuery['filter']): { containerId: unknown[] | null; published: unknown[] | null; status: unknown[] | null } | null {
  const keys = Object.keys(filter).filter((key) => !(key === 'q' && String(filter.q).trim() === ''));
  if (!keys.every((key) => COUNTED_FILTERS.has(key))) return null;
  const values = (key: string) => (filter[key] === undefined ? null : [...new Set(([] as unknown[]).concat(filter[key]))]);
  return { containerId: values('containerId'), published: values('published'), status: values('status') };
}

/** The total of a list from content_count, for the filters countedFilterValues answered. */
function countedTotalSql(statement: Statement, counted: NonNullable<ReturnType<typeof countedFilterValues>>): string {
  const containers = statement.param(counted.containerId, 'int[]');
  const published = statement.param(counted.published, 'boolean[]');
  const statuses = statement.param(counted.status, 'status[]');
  return `SELECT coalesce(sum(k."count"), 0)::int FROM "content_count" k
        WHERE (${containers} IS NULL OR k."containerId" = ANY(${containers})) AND (${published} IS NULL OR k.published = ANY(${published}))
          AND (${statuses} IS NULL OR k.status = ANY(${statuses}))`;
}

/**
 * The statement of a list page: its JSON array (written by PostgreSQL, the bytes Node would write),
 * its number of rows and, when content_count keeps it, the list's total. The window's ids are cut
 * first, from the index on (containerId, updatedAt, id) alone; then each content is read with its
 * slug and document by a lateral lookup (kept whole by OFFSET 0), not the rows the offset skips.
 * One text per filter shape, sort and page size (values are parameters), so a server plans it once
 * per connection. `counted` tells whether the total came with it; else countStatement counts it.
 */
export function listStatement(query: ListQuery, lang: Lang, fieldQuery: FieldQuery | null = null): { text: string; values: unknown[]; counted: boolean } {
  const size = query.range.end - query.range.start + 1;
  if (!Number.isInteger(size) || size < 1) throw new Error(`Bad page size ${size}`);
  const statement = new Statement();
  const langParam = statement.param(lang, 'lang');
  const fieldSort = fieldQuery?.sort ?? null;
  const order = fieldSort ? fieldSort.order : query.sort.order;
  const sort = SORT_EXPRESSIONS[query.sort.field];
  // A field's sort key is worked out once, in the page's window, and the page keeps it (`page.k`); contents without a value come last.
  const orderBy = (a: string) =>
    fieldSort
      ? `${a === 'w' ? 'k' : 'page.k'} ${order} NULLS LAST, ${a === 'w' ? 'w' : 'page'}.id ${order}`
      : query.sort.field === 'id'
        ? `${sort(a)} ${order}`
        : `${sort(a)} ${order}, ${a}.id ${order}`;
  const counted = fieldQuery?.conditions.length ? null : countedFilterValues(query.filter);
  // A sort by an en number or date, with only the list's plain filters, reads the field's index in order (indexOrderedWindowSql).
  const indexOrdered = fieldSort !== null && lang === 'en' && counted !== null && indexOrderedSort(fieldSort);
  const sortSql = fieldSort && !indexOrdered ? fieldSortSql(statement, 'w', fieldSort, langParam) : null;
  const where = filterSql(statement, 'w', query.filter, () => langParam, fieldQuery);
  const offset = statement.param(query.range.start, 'int');
  const window = indexOrdered
    ? indexOrderedWindowSql(statement, fieldSort, where, size, offset)
    : `(SELECT w.id${sortSql ? `, ${sortSql.key} AS k` : ''} FROM "content" w ${sortSql?.joins ?? ''} WHERE ${where} ORDER BY ${orderBy('w')} LIMIT ${size} OFFSET ${offset})`;
  const total = counted ? `, (${countedTotalSql(statement, counted)}) AS "listTotal"` : '';
  const text = `SELECT '[' || coalesce(string_agg(${summaryJson('r', langParam)}, ',' ORDER BY ${orderBy('r')}), '') || ']' AS body, count(r.id)::int AS count${total}
      FROM ${window} page
      CROSS JOIN LATERAL (SELECT content.id, content.title, content."containerId", content.published, content.status, content."updatedAt",
          ${localSlugColumns(langParam)}, ${publishingColumns('content')}, ${fieldsOf('own', 'content.id', langParam)}
        FROM "content"
        LEFT JOIN "slug" ON slug."contentId" = content.id
        ${localSlugJoin(langParam)}
        ${documentJoin('own', 'content.id', langParam)}
        WHERE content.id = page.id OFFSET 0) r`;
  return { text, values: statement.values, counted: counted !== null };
}

/** The statement that counts a list's contents, for filters content_count does not keep totals for. */
export function countStatement(query: ListQuery, lang: Lang, fieldQuery: FieldQuery | null = null): { text: string; values: unknown[] } {
  const statement = new Statement();
  let langParam: string | undefined;
  const where = filterSql(statement, 'w', query.filter, () => (langParam ??= statement.param(lang, 'lang')), fieldQuery);
  return { text: `SELECT count(*)::int AS total FROM "content" w WHERE ${where}`, values: statement.values };
}

import { type ContainerFieldType, type ContentFieldItem, type FieldCheckTools, type FieldColumn, FIELD_TYPES, type TimeRangeValue } from '@cms/contracts';
import type { ContainerField } from '../containers/container-field.entity';
import type { InputErrors } from '../common/http/input-errors';
import { plainTextOf, sanitizeRichText } from '../sections/rich-text';

/** The value columns of one ContentField row; only the one that matches the type is set. */
export interface FieldItem {
  textValue: string | null;
  numberValue: number | null;
  boolValue: boolean | null;
  dateValue: Date | null;
  timeRange: TimeRangeValue | null;
  mediaId: number | null;
  contentValueId: number | null;
}

/** References a value makes, checked afterwards in one query per kind. */
export interface FieldReferences {
  media: { id: number; path: string; type: ContainerFieldType }[];
  contents: { id: number; path: string; linkedContainerId: number | null }[];
  optionLists: { key: string; value: string; path: string }[];
}

const EMPTY: FieldItem = { textValue: null, numberValue: null, boolValue: null, dateValue: null, timeRange: null, mediaId: null, contentValueId: null };
const MAX_ITEMS = 500;
const RICH_TEXT_TOOLS: FieldCheckTools = { sanitizeRichText, plainTextLength: (html) => plainTextOf(html).length };

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** The row columns of a checked item, in the column its type keeps it in. */
function rowOf(column: FieldColumn, item: ContentFieldItem): FieldItem {
  switch (column) {
    case 'text':
      return { ...EMPTY, textValue: item as string };
    case 'json':
      return { ...EMPTY, textValue: JSON.stringify(item) };
    case 'number':
      return { ...EMPTY, numberValue: item as number };
    case 'boolean':
      return { ...EMPTY, boolValue: item as boolean };
    case 'date':
      return { ...EMPTY, dateValue: new Date(item as string) };
    case 'timeRange':
      return { ...EMPTY, timeRange: item as TimeRangeValue };
    case 'media':
      return { ...EMPTY, mediaId: item as number };
    case 'content':
      return { ...EMPTY, contentValueId: item as number };
  }
}

/** Checks one item of a field (its type's rule in FIELD_TYPES); answers its row columns, or pushes what is wrong. */
function checkItem(definition: ContainerField, value: unknown, path: string, problems: string[], refs: FieldReferences): FieldItem | undefined {
  const rule = FIELD_TYPES[definition.type];
  const checked = rule.check(value, definition, RICH_TEXT_TOOLS);
  if (checked.item === undefined) {
    problems.push(...checked.problems);
    return undefined;
  }
  const item = checked.item;
  if (rule.references === 'media') refs.media.push({ id: item as number, path, type: definition.type });
  else if (rule.references === 'content') refs.contents.push({ id: item as number, path, linkedContainerId: definition.linkedContainerId });
  else if (rule.references === 'optionList') refs.optionLists.push({ key: definition.zohoOptionsKey ?? '', value: item as string, path });
  return rowOf(rule.column, item);
}

/**
 * Checks the value of one field against its definition. Answers the items to store, `null` to
 * clear the locale's value, or undefined when it is wrong (the problems are in `errors`).
 * `required` is checked by the caller, which knows the other locales.
 */
export function checkFieldValue(
  definition: ContainerField,
  value: unknown,
  path: string,
  errors: InputErrors,
  refs: FieldReferences,
): FieldItem[] | null | undefined {
  if (isEmpty(value)) return null;
  const problems: string[] = [];
  let items: (FieldItem | undefined)[];
  if (definition.multiple) {
    if (!Array.isArray(value)) {
      errors.add(path, 'must be a list (the field is multiple)');
      return undefined;
    }
    if (value.length > MAX_ITEMS) problems.push(`must have at most ${MAX_ITEMS} items`);
    if (definition.min !== null && value.length < definition.min) problems.push(`must have at least ${definition.min} items`);
    if (definition.max !== null && value.length > definition.max) problems.push(`must have at most ${definition.max} items`);
    items = value.slice(0, MAX_ITEMS).map((item, index) => {
      const itemProblems: string[] = [];
      const checked = checkItem(definition, item, path, itemProblems, refs);
      for (const problem of itemProblems) problems.push(`item ${index + 1}: ${problem}`);
      return checked;
    });
  } else {
    if (Array.isArray(value)) {
      errors.add(path, 'must be a single value (the field is not multiple)');
      return undefined;
    }
    items = [checkItem(definition, value, path, problems, refs)];
  }
  for (const problem of problems) errors.add(path, problem);
  return problems.length ? undefined : (items as FieldItem[]);
}

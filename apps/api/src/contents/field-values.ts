import {
  COLOR_PATTERN,
  ContainerFieldType,
  type ContentFieldItem,
  type ContentFieldValue,
  isRecordId,
  type LocationValue,
  safeHref,
  type TimeRangeValue,
} from '@cms/contracts';
import type { ContainerField } from '../containers/container-field.entity';
import type { InputErrors } from '../common/http/input-errors';
import { plainTextOf, sanitizeRichText } from '../sections/rich-text';
import type { ContentField } from './content-field.entity';

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
export const MAX_ITEMS = 500;
/** Longest text of each kind when the definition sets no `max` (RICHTEXT: its HTML). */
const TEXT_CAPS: Partial<Record<ContainerFieldType, number>> = {
  [ContainerFieldType.STRING]: 2_000,
  [ContainerFieldType.LINK]: 2_000,
  [ContainerFieldType.PARAGRAPH]: 20_000,
  [ContainerFieldType.RICHTEXT]: 200_000,
  [ContainerFieldType.OPTION]: 500,
  [ContainerFieldType.ZOHOOPTIONS]: 500,
};

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** A calendar date that exists (no 30 February), given as YYYY-MM-DD or an ISO date-time with its offset. */
function parseDate(value: string): Date | null {
  const match = DATE_ONLY.exec(value) ?? DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function normaliseTime(value: string): string {
  return value.length === 5 ? `${value}:00` : value;
}

function lengthRules(definition: ContainerField, length: number, errors: string[]): void {
  if (definition.multiple) return;
  if (definition.min !== null && length < definition.min) errors.push(`must be at least ${definition.min} characters long`);
  if (definition.max !== null && length > definition.max) errors.push(`must be at most ${definition.max} characters long`);
}

function valueRules(definition: ContainerField, value: number, errors: string[]): void {
  if (definition.multiple) return;
  if (definition.min !== null && value < definition.min) errors.push(`must be at least ${definition.min}`);
  if (definition.max !== null && value > definition.max) errors.push(`must be at most ${definition.max}`);
}

/** Checks one item of a field; answers its row columns, or pushes what is wrong. */
function checkItem(definition: ContainerField, value: unknown, path: string, problems: string[], refs: FieldReferences): FieldItem | undefined {
  const before = problems.length;
  const done = (item: Partial<FieldItem>) => (problems.length > before ? undefined : { ...EMPTY, ...item });
  const type = definition.type;
  switch (type) {
    case ContainerFieldType.STRING:
    case ContainerFieldType.PARAGRAPH:
    case ContainerFieldType.LINK:
    case ContainerFieldType.RICHTEXT: {
      if (typeof value !== 'string') return void problems.push('must be a string');
      const cap = TEXT_CAPS[type]!;
      if (value.length > cap) return void problems.push(`must be at most ${cap} characters long`);
      if (type === ContainerFieldType.LINK) {
        const href = value.trim();
        if (!safeHref(href)) problems.push('must be a path starting with / or #, or an http(s), mailto or tel URL');
        lengthRules(definition, href.length, problems);
        return done({ textValue: href });
      }
      if (type === ContainerFieldType.RICHTEXT) {
        const html = sanitizeRichText(value);
        lengthRules(definition, plainTextOf(html).length, problems);
        return done({ textValue: html });
      }
      lengthRules(definition, value.length, problems);
      return done({ textValue: value });
    }
    case ContainerFieldType.NUMBER:
    case ContainerFieldType.POSITION: {
      if (typeof value !== 'number' || !Number.isFinite(value)) return void problems.push('must be a number');
      if (type === ContainerFieldType.POSITION && !Number.isInteger(value)) return void problems.push('must be a whole number');
      valueRules(definition, value, problems);
      return done({ numberValue: value });
    }
    case ContainerFieldType.BOOLEAN:
      if (typeof value !== 'boolean') return void problems.push('must be true or false');
      return done({ boolValue: value });
    case ContainerFieldType.DATE: {
      const date = typeof value === 'string' ? parseDate(value) : null;
      if (!date) return void problems.push('must be a date: YYYY-MM-DD or an ISO 8601 date-time with its offset');
      return done({ dateValue: date });
    }
    case ContainerFieldType.OPTION: {
      const options = definition.options ?? [];
      if (typeof value !== 'string' || !options.includes(value)) return void problems.push(`must be one of: ${options.join(', ')}`);
      return done({ textValue: value });
    }
    case ContainerFieldType.ZOHOOPTIONS:
      if (typeof value !== 'string' || value.length > TEXT_CAPS[type]!) return void problems.push('must be a string');
      refs.optionLists.push({ key: definition.zohoOptionsKey ?? '', value, path });
      return done({ textValue: value });
    case ContainerFieldType.COLOR:
      if (typeof value !== 'string' || !COLOR_PATTERN.test(value)) return void problems.push('must be a colour written #RRGGBB');
      return done({ textValue: value.toUpperCase() });
    case ContainerFieldType.LOCATION: {
      if (!isRecord(value) || Object.keys(value).some((k) => k !== 'lat' && k !== 'lng')) return void problems.push('must be { lat, lng }');
      const { lat, lng } = value;
      if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90) problems.push('lat must be a number between -90 and 90');
      if (typeof lng !== 'number' || !Number.isFinite(lng) || lng < -180 || lng > 180) problems.push('lng must be a number between -180 and 180');
      return done({ textValue: JSON.stringify({ lat, lng } as LocationValue) });
    }
    case ContainerFieldType.TIMERANGE: {
      if (!isRecord(value) || Object.keys(value).some((k) => k !== 'start' && k !== 'end')) return void problems.push('must be { start, end }');
      const { start, end } = value;
      if (typeof start !== 'string' || typeof end !== 'string') return void problems.push('start and end must be strings');
      if (TIME_OF_DAY.test(start) && TIME_OF_DAY.test(end)) {
        if (normaliseTime(start) >= normaliseTime(end)) problems.push('start must be before end');
      } else {
        const [from, to] = [DATE_TIME.test(start) ? parseDate(start) : null, DATE_TIME.test(end) ? parseDate(end) : null];
        if (!from || !to) return void problems.push('start and end must both be times of day (HH:MM) or both ISO 8601 date-times');
        if (from.getTime() >= to.getTime()) problems.push('start must be before end');
      }
      return done({ timeRange: { start, end } });
    }
    case ContainerFieldType.IMAGE:
    case ContainerFieldType.FILE:
    case ContainerFieldType.VIDEO:
      if (!isRecordId(value)) return void problems.push('must be a media id');
      refs.media.push({ id: value, path, type });
      return done({ mediaId: value });
    case ContainerFieldType.CONTENT:
      if (!isRecordId(value)) return void problems.push('must be a content id');
      refs.contents.push({ id: value, path, linkedContainerId: definition.linkedContainerId });
      return done({ contentValueId: value });
  }
}

/**
 * Checks the value of one field against its definition. Answers the items to store, `null` to
 * clear the locale's value, or undefined when it is wrong (the problems are in `errors`).
 * `required` is checked by the caller, which knows the other locales.
 */
export function checkFieldValue(definition: ContainerField, value: unknown, path: string, errors: InputErrors, refs: FieldReferences): FieldItem[] | null | undefined {
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

/** The API value of one stored row. */
export function itemOf(row: Pick<ContentField, 'type' | 'textValue' | 'numberValue' | 'boolValue' | 'dateValue' | 'timeRange' | 'mediaId' | 'contentValueId'>): ContentFieldItem | null {
  switch (row.type) {
    case ContainerFieldType.NUMBER:
    case ContainerFieldType.POSITION:
      return row.numberValue === null ? null : Number(row.numberValue);
    case ContainerFieldType.BOOLEAN:
      return row.boolValue;
    case ContainerFieldType.DATE:
      return row.dateValue === null ? null : new Date(row.dateValue).toISOString();
    case ContainerFieldType.LOCATION:
      return row.textValue === null ? null : (JSON.parse(row.textValue) as LocationValue);
    case ContainerFieldType.TIMERANGE:
      return row.timeRange;
    case ContainerFieldType.IMAGE:
    case ContainerFieldType.FILE:
    case ContainerFieldType.VIDEO:
      return row.mediaId;
    case ContainerFieldType.CONTENT:
      return row.contentValueId;
    default:
      return row.textValue;
  }
}

/** Rows of one field in one locale (ordered by position) as the API value. */
export function valueOf(rows: readonly Parameters<typeof itemOf>[0][], multiple: boolean): ContentFieldValue {
  const items = rows.map(itemOf).filter((item): item is ContentFieldItem => item !== null);
  return multiple ? items : (items[0] ?? null);
}

export { isEmpty as isEmptyFieldValue };

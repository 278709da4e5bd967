import { COLOR_PATTERN, isRecordId } from './constants';
import type { ContentFieldItem, LocationValue, TimeRangeValue } from './content';
import { ContainerFieldType } from './enums';
import { safeHref } from './links';

/*
 * The field-type registry: for each type of a container's field, the shape of its value, the
 * checks a written value passes (with the API's words), where a stored value lives, what it refers
 * to and what an empty item looks like. The API's checks, the back office's checks and inputs and
 * the site's reading of a page all read it, as BLOCKS is read for sections.
 */

/** A LOCATION's bounds: latitude from -90 to 90, longitude from -180 to 180. */
export const LATITUDE_MAX = 90;
export const LONGITUDE_MAX = 180;

/** The column of a content_field row that holds an item (LOCATION keeps its JSON in the text column). */
export type FieldColumn = 'text' | 'json' | 'number' | 'boolean' | 'date' | 'timeRange' | 'media' | 'content';

/** What of its definition a check reads. */
export interface FieldRuleDefinition {
  min: number | null;
  max: number | null;
  multiple: boolean;
  options: readonly string[] | null;
}

/** What the API adds to the checks: its rich-text sanitiser and how long the text of some HTML is. */
export interface FieldCheckTools {
  sanitizeRichText?: (html: string) => string;
  plainTextLength?: (html: string) => number;
}

/** The outcome of checking one item: what is wrong (the API's words), or the item to store. */
export type FieldItemCheck = { problems: string[]; item?: undefined } | { problems: []; item: ContentFieldItem };

export interface FieldTypeRule {
  column: FieldColumn;
  /** Longest text when the definition sets no `max` (RICHTEXT: its HTML). */
  textCap?: number;
  /** What the value refers to, checked by the API against the database. */
  references?: 'media' | 'content' | 'optionList';
  /** Checks one item as a client wrote it; `multiple` fields check each item. */
  check(value: unknown, definition: FieldRuleDefinition, tools?: FieldCheckTools): FieldItemCheck;
  /** Whether an item as the API answers it has this type's shape (the site draws only those). */
  isItem(item: unknown): boolean;
  /** What one more item of a `multiple` field starts as in the back office. */
  emptyItem: ContentFieldItem | { lat: null; lng: null } | null;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (item: unknown): item is string => typeof item === 'string' && item.trim() !== '';

/** A calendar date that exists (no 30 February), given as YYYY-MM-DD or an ISO date-time with its offset. */
export function parseFieldDate(value: string): Date | null {
  const match = DATE_ONLY.exec(value) ?? DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A latitude and a longitude within their bounds. */
export function isLocation(value: unknown): value is LocationValue {
  if (!isRecord(value)) return false;
  const { lat, lng } = value;
  return (
    typeof lat === 'number' &&
    Number.isFinite(lat) &&
    Math.abs(lat) <= LATITUDE_MAX &&
    typeof lng === 'number' &&
    Number.isFinite(lng) &&
    Math.abs(lng) <= LONGITUDE_MAX
  );
}

function bySize(definition: FieldRuleDefinition, size: number, unit: string, problems: string[]): void {
  if (definition.multiple) return;
  if (definition.min !== null && size < definition.min) problems.push(`must be at least ${definition.min}${unit}`);
  if (definition.max !== null && size > definition.max) problems.push(`must be at most ${definition.max}${unit}`);
}

const outcome = (problems: string[], item: ContentFieldItem): FieldItemCheck => (problems.length ? { problems } : { problems: [], item });
const refused = (problem: string): FieldItemCheck => ({ problems: [problem] });
const CHARACTERS = ' characters long';

function textRule(
  textCap: number,
  finish: (text: string, definition: FieldRuleDefinition, tools: FieldCheckTools) => FieldItemCheck,
  isItem: (item: unknown) => boolean = isText,
): FieldTypeRule {
  return {
    column: 'text',
    textCap,
    check(value, definition, tools = {}) {
      if (typeof value !== 'string') return refused('must be a string');
      if (value.length > textCap) return refused(`must be at most ${textCap}${CHARACTERS}`);
      return finish(value, definition, tools);
    },
    isItem,
    emptyItem: '',
  };
}

function sizedText(text: string, definition: FieldRuleDefinition): FieldItemCheck {
  const problems: string[] = [];
  bySize(definition, text.length, CHARACTERS, problems);
  return outcome(problems, text);
}

function numberRule(whole: boolean): FieldTypeRule {
  return {
    column: 'number',
    check(value, definition) {
      if (typeof value !== 'number' || !Number.isFinite(value)) return refused('must be a number');
      if (whole && !Number.isInteger(value)) return refused('must be a whole number');
      const problems: string[] = [];
      bySize(definition, value, '', problems);
      return outcome(problems, value);
    },
    isItem: (item) => typeof item === 'number' && Number.isFinite(item),
    emptyItem: null,
  };
}

function mediaRule(): FieldTypeRule {
  return {
    column: 'media',
    references: 'media',
    check: (value) => (isRecordId(value) ? { problems: [], item: value } : refused('must be a media id')),
    isItem: isRecordId,
    emptyItem: null,
  };
}

function normaliseTime(value: string): string {
  return value.length === 5 ? `${value}:00` : value;
}

export const FIELD_TYPES: Readonly<Record<ContainerFieldType, FieldTypeRule>> = {
  [ContainerFieldType.STRING]: textRule(2_000, sizedText),
  [ContainerFieldType.PARAGRAPH]: textRule(20_000, sizedText),
  [ContainerFieldType.LINK]: textRule(
    2_000,
    (text, definition) => {
      const href = text.trim();
      const problems: string[] = [];
      if (!safeHref(href)) problems.push('must be a path starting with / or #, or an http(s), mailto or tel URL');
      bySize(definition, href.length, CHARACTERS, problems);
      return outcome(problems, href);
    },
    (item) => safeHref(item) !== undefined,
  ),
  [ContainerFieldType.RICHTEXT]: textRule(200_000, (text, definition, tools) => {
    const html = tools.sanitizeRichText ? tools.sanitizeRichText(text) : text;
    const problems: string[] = [];
    // The reader's text is read again (a second parse) only when a length rule asks for it.
    if (definition.min !== null || definition.max !== null)
      bySize(definition, tools.plainTextLength ? tools.plainTextLength(html) : html.length, CHARACTERS, problems);
    return outcome(problems, html);
  }),
  [ContainerFieldType.NUMBER]: numberRule(false),
  [ContainerFieldType.POSITION]: numberRule(true),
  [ContainerFieldType.BOOLEAN]: {
    column: 'boolean',
    check: (value) => (typeof value === 'boolean' ? { problems: [], item: value } : refused('must be true or false')),
    isItem: (item) => typeof item === 'boolean',
    emptyItem: false,
  },
  [ContainerFieldType.DATE]: {
    column: 'date',
    check(value) {
      const date = typeof value === 'string' ? parseFieldDate(value) : null;
      return date ? { problems: [], item: date.toISOString() } : refused('must be a date: YYYY-MM-DD or an ISO 8601 date-time with its offset');
    },
    isItem: (item) => typeof item === 'string' && !Number.isNaN(Date.parse(item)),
    emptyItem: null,
  },
  [ContainerFieldType.OPTION]: {
    column: 'text',
    check(value, definition) {
      const options = definition.options ?? [];
      return typeof value === 'string' && options.includes(value) ? { problems: [], item: value } : refused(`must be one of: ${options.join(', ')}`);
    },
    isItem: isText,
    emptyItem: null,
  },
  [ContainerFieldType.ZOHOOPTIONS]: {
    column: 'text',
    textCap: 500,
    references: 'optionList',
    check: (value) => (typeof value === 'string' && value.length <= 500 ? { problems: [], item: value } : refused('must be a string')),
    isItem: isText,
    emptyItem: null,
  },
  [ContainerFieldType.COLOR]: {
    column: 'text',
    check: (value) =>
      typeof value === 'string' && COLOR_PATTERN.test(value) ? { problems: [], item: value.toUpperCase() } : refused('must be a colour written #RRGGBB'),
    isItem: (item) => typeof item === 'string' && COLOR_PATTERN.test(item),
    emptyItem: null,
  },
  [ContainerFieldType.LOCATION]: {
    column: 'json',
    check(value) {
      if (!isRecord(value) || Object.keys(value).some((key) => key !== 'lat' && key !== 'lng')) return refused('must be { lat, lng }');
      const { lat, lng } = value;
      const problems: string[] = [];
      if (typeof lat !== 'number' || !Number.isFinite(lat) || Math.abs(lat) > LATITUDE_MAX)
        problems.push(`lat must be a number between -${LATITUDE_MAX} and ${LATITUDE_MAX}`);
      if (typeof lng !== 'number' || !Number.isFinite(lng) || Math.abs(lng) > LONGITUDE_MAX)
        problems.push(`lng must be a number between -${LONGITUDE_MAX} and ${LONGITUDE_MAX}`);
      return outcome(problems, { lat, lng } as LocationValue);
    },
    isItem: isLocation,
    emptyItem: { lat: null, lng: null },
  },
  [ContainerFieldType.TIMERANGE]: {
    column: 'timeRange',
    check(value) {
      if (!isRecord(value) || Object.keys(value).some((key) => key !== 'start' && key !== 'end')) return refused('must be { start, end }');
      const { start, end } = value;
      if (typeof start !== 'string' || typeof end !== 'string') return refused('start and end must be strings');
      const problems: string[] = [];
      if (TIME_OF_DAY.test(start) && TIME_OF_DAY.test(end)) {
        if (normaliseTime(start) >= normaliseTime(end)) problems.push('start must be before end');
      } else {
        const [from, to] = [DATE_TIME.test(start) ? parseFieldDate(start) : null, DATE_TIME.test(end) ? parseFieldDate(end) : null];
        if (!from || !to) return refused('start and end must both be times of day (HH:MM) or both ISO 8601 date-times');
        if (from.getTime() >= to.getTime()) problems.push('start must be before end');
      }
      return outcome(problems, { start, end } as TimeRangeValue);
    },
    isItem: (item) => isRecord(item) && typeof item.start === 'string' && typeof item.end === 'string',
    emptyItem: { start: '', end: '' },
  },
  [ContainerFieldType.IMAGE]: mediaRule(),
  [ContainerFieldType.FILE]: mediaRule(),
  [ContainerFieldType.VIDEO]: mediaRule(),
  [ContainerFieldType.CONTENT]: {
    column: 'content',
    references: 'content',
    check: (value) => (isRecordId(value) ? { problems: [], item: value } : refused('must be a content id')),
    isItem: isRecordId,
    emptyItem: null,
  },
};

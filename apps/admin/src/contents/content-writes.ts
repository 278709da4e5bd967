import type { ContentFieldValue } from '@cms/contracts';
import { changedFields, filledFields, numberOrNull, same, type Payload, type ResourceWrites } from '../http/resource-writes';
import { PAGE_PARTS, pagePartShape, withAccessClearing } from '../page-parts/page-parts-payload';
import { COPIED_FROM_EN } from '../translations/copied-from-en';

const CONTENT_FIELDS = ['title', 'containerId', 'published', 'status', ...PAGE_PARTS] as const;

const shape = pagePartShape((field, value) => (field === 'containerId' ? numberOrNull(value) : value));

/** A `multiple` field's items without the blank rows left on screen (an added, never filled input). */
function withoutBlankItems(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const blank = (part: unknown) => part === undefined || part === null || part === '';
  return value.filter((item) => (item && typeof item === 'object' ? Object.values(item as Payload).some((part) => !blank(part)) : !blank(item)));
}

/** A new content's field values, without the empty ones it does not need. */
function createdValues(values: unknown): Record<string, ContentFieldValue> {
  const result: Record<string, ContentFieldValue> = {};
  if (!values || typeof values !== 'object') return result;
  for (const [name, raw] of Object.entries(values as Payload)) {
    const value = withoutBlankItems(raw);
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    result[name] = value as ContentFieldValue;
  }
  return result;
}

/**
 * The field values that were edited. A value shown from en (a `fallbackFields` entry) compares
 * equal to the record as read, so it is not written into the locale unless it was changed.
 */
function changedValues(values: Payload, previous: Payload, copied: ReadonlySet<string> = new Set()): Record<string, ContentFieldValue> {
  const changed: Record<string, ContentFieldValue> = {};
  for (const [name, raw] of Object.entries(values)) {
    const value = withoutBlankItems(raw);
    // "Copy from en" makes en's value the locale's own: sent even where the form showed it from en.
    if (same(value, previous[name]) && !copied.has(name)) continue;
    changed[name] = (value === '' || value === undefined ? null : value) as ContentFieldValue;
  }
  return changed;
}

export const contentWrites: ResourceWrites = {
  localized: true,
  create: (data) => {
    const payload = filledFields(CONTENT_FIELDS, data, shape);
    // "None (top level)" picked on purpose (0): sent as null, else the API puts it under its container's page.
    if (data.parentSlugId === 0) payload.parentSlugId = null;
    const fields = createdValues(data.fields);
    return Object.keys(fields).length > 0 ? { ...payload, fields } : payload;
  },
  update: (data, previous) => {
    // A content stays in its container: the container is not sent back.
    const payload = withAccessClearing(
      changedFields(
        CONTENT_FIELDS.filter((field) => field !== 'containerId'),
        data,
        previous,
        shape,
      ),
      data,
    );
    if (!data.fields || typeof data.fields !== 'object') return payload;
    const copied = new Set(Array.isArray(data[COPIED_FROM_EN]) ? (data[COPIED_FROM_EN] as unknown[]).map(String) : []);
    const fields = changedValues(data.fields as Payload, (previous.fields ?? {}) as Payload, copied);
    return Object.keys(fields).length > 0 ? { ...payload, fields } : payload;
  },
};

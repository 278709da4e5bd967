import { type ContainerFieldDto, ContainerFieldType, FIELD_TYPES, isLocation, LATITUDE_MAX, LONGITUDE_MAX } from '@cms/contracts';

/** Checks made before save that match the API's (contents/field-values.ts): the message key and its arguments, or undefined. */
type Problem = string | { message: string; args: Record<string, unknown> } | undefined;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** The message of a location out of bounds, with the bounds of the field-type registry. */
export const LOCATION_RANGE: Problem = { message: 'cms.validation.location_range', args: { lat: LATITUDE_MAX, lng: LONGITUDE_MAX } };

export function locationProblem(value: unknown): Problem {
  if (isEmpty(value)) return undefined;
  const { lat, lng } = (value ?? {}) as { lat?: unknown; lng?: unknown };
  if (isEmpty(lat) && isEmpty(lng)) return undefined;
  return isLocation(value) ? undefined : LOCATION_RANGE;
}

export function timeRangeProblem(value: unknown): Problem {
  if (isEmpty(value)) return undefined;
  const { start, end } = (value ?? {}) as { start?: unknown; end?: unknown };
  if (typeof start !== 'string' || typeof end !== 'string' || start === '' || end === '') return undefined;
  // Times of day of the same shape compare as text ('09:00' < '17:30').
  return start < end ? undefined : 'cms.validation.time_order';
}

/** A `multiple` field: required means one value at least; min/max bound how many there are. */
export function itemsProblem(field: Pick<ContainerFieldDto, 'required' | 'min' | 'max' | 'type'>, value: unknown): Problem {
  const items = Array.isArray(value) ? value.filter((item) => !isEmpty(item)) : [];
  if (field.required && items.length === 0) return 'ra.validation.required';
  if (field.min != null && items.length > 0 && items.length < field.min) return { message: 'cms.validation.min_items', args: { smart_count: field.min } };
  if (field.max != null && items.length > field.max) return { message: 'cms.validation.max_items', args: { smart_count: field.max } };
  for (const item of items) {
    const problem =
      field.type === ContainerFieldType.LOCATION ? locationProblem(item) : field.type === ContainerFieldType.TIMERANGE ? timeRangeProblem(item) : undefined;
    if (problem) return problem;
  }
  return undefined;
}

/** What one more item of a `multiple` field starts as. */
export function emptyItem(type: ContainerFieldType): unknown {
  const empty = FIELD_TYPES[type].emptyItem;
  return typeof empty === 'object' && empty !== null ? { ...empty } : empty;
}

/**
 * What a back-office resource sends on its writes. Each resource folder declares its own
 * (`containers/container-writes.ts`, `users/user-writes.ts`...) and the data provider only follows
 * the declarations. A resource without one sends the record as the screen holds it: the API takes
 * back the read-only properties it answered (see the API's `@TakesBack`).
 */
export type Payload = Record<string, unknown>;

export interface ResourceWrites {
  /** The API path when it differs from the screen's name (roles live at /admin/users/roles). */
  apiPath?: string;
  /** Read and written in a content locale (`?locale=` from the screen's meta). */
  localized?: boolean;
  /** The body of a POST, from the create form's values (FormData for a multipart upload). */
  create?(data: Payload): Payload | FormData;
  /** The body of a PUT, from the edit form's values and the record as it was read. */
  update?(data: Payload, previous: Payload): Payload;
  /** Properties never kept in react-admin's cache after a write (passwords just typed). */
  forget?: readonly string[];
  /** What a write to this resource makes stale beyond its own lists. */
  changes?: 'current-user' | 'containers-menu';
  /** The query a delete adds, from the screen's meta (a container's cascade once confirmed). */
  deleteQuery?(meta: unknown): string;
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export function numberOrNull(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The same value as far as the API is concerned (objects and lists by their JSON). */
export function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** How a property goes to the API (trimmed, numbers from inputs, lists cleaned...). */
export type Shape = (field: string, value: unknown) => unknown;

const asIs: Shape = (_field, value) => value;

/** The body of a POST: the given fields as `shape` sends them, blank ones left to the API's defaults. */
export function filledFields(fields: readonly string[], data: Payload, shape: Shape = asIs): Payload {
  const payload: Payload = {};
  for (const field of fields) {
    if (!(field in data)) continue;
    const value = shape(field, data[field]);
    if (!isBlank(value)) payload[field] = value;
  }
  return payload;
}

/**
 * The body of a PUT: the given fields whose shaped value differs from the record as read, so that
 * saving one property never resends another the caller may not change.
 */
export function changedFields(fields: readonly string[], data: Payload, previous: Payload, shape: Shape = asIs): Payload {
  const payload: Payload = {};
  for (const field of fields) {
    if (!(field in data)) continue;
    const value = shape(field, data[field]);
    if (!same(value, shape(field, previous[field]))) payload[field] = value;
  }
  return payload;
}

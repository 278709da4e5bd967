import { cleanContent } from '../blocks/block-values';

/**
 * How back-office resources map onto the API. Some screens live under another screen's path
 * (roles at /admin/users/roles) so their react-admin name differs from their API path; and the
 * API rejects unknown properties, so only the fields it accepts are sent on writes.
 */
const API_PATHS: Record<string, string> = {
  'users/roles': 'roles',
  'medias/packs': 'media-packs',
};

export function apiPathOf(resource: string): string {
  return API_PATHS[resource] ?? resource;
}

interface WritableFields {
  create: readonly string[];
  update: readonly string[];
}

const WRITABLE_FIELDS: Record<string, WritableFields> = {
  users: { create: ['name', 'email', 'password', 'roleId'], update: ['name', 'email', 'password', 'currentPassword', 'roleId'] },
  'users/roles': { create: ['id', 'name', 'rights'], update: ['name', 'rights'] },
  messages: { create: [], update: ['read'] },
  elements: { create: ['title', 'block', 'content', 'formId', 'status'], update: ['title', 'block', 'content', 'formId', 'status'] },
  'medias/packs': { create: ['name', 'mediaIds'], update: ['name', 'mediaIds'] },
};

type Payload = Record<string, unknown>;

/** An element's content goes as its block's schema takes it (blank inputs left out). */
function prepared(resource: string, data: Payload): Payload {
  return resource === 'elements' && 'content' in data ? { ...data, content: cleanContent(String(data.block ?? ''), data.content) } : data;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a)) return JSON.stringify(a) === JSON.stringify(b);
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && [...a].map(String).sort().join('\u0000') === [...b].map(String).sort().join('\u0000');
  }
  return a === b;
}

/** The body of a POST: the resource's accepted fields, without blank optional ones. */
export function toCreatePayload(resource: string, data: Payload): Payload {
  const fields = WRITABLE_FIELDS[resource];
  if (!fields) return data;
  data = prepared(resource, data);
  const payload: Payload = {};
  for (const field of fields.create) {
    if (!isBlank(data[field])) payload[field] = data[field];
  }
  return payload;
}

/**
 * The body of a PUT: only the accepted fields that changed, so that saving one's own name does
 * not resend one's role (which the API refuses) and a blank password keeps the current one.
 */
export function toUpdatePayload(resource: string, data: Payload, previousData?: Payload): Payload {
  const fields = WRITABLE_FIELDS[resource];
  if (!fields) return data;
  data = prepared(resource, data);
  if (previousData) previousData = prepared(resource, previousData);
  const payload: Payload = {};
  for (const field of fields.update) {
    if (!(field in data)) continue;
    const value = data[field];
    if (field === 'password' && isBlank(value)) continue;
    // The current password goes only with a new one (the API asks for it when the account is one's own).
    if (field === 'currentPassword' && (isBlank(value) || isBlank(data.password))) continue;
    if (previousData && sameValue(value, previousData[field])) continue;
    payload[field] = value;
  }
  return payload;
}

/** Writes to these resources can change the signed-in user's own name, role or rights. */
export function affectsCurrentUser(resource: string): boolean {
  return resource === 'users' || resource === 'users/roles';
}

/** What the audit log says of one write through the API. */
export interface WriteDescription {
  action: string;
  resource: string;
  resourceId: string | null;
  summary: string;
}

/** What a write request was, as the interceptor sees it once the handler has answered. */
export interface WriteRequest {
  method: string;
  /** The route's pattern, `/api/contents/:id/publish`. */
  route: string;
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
  body: unknown;
  answer: unknown;
}

/** POST /x/:id/<verb> routes whose last segment is the action itself. */
const VERB_ACTIONS = new Set(['publish', 'unpublish', 'discard', 'preview', 'restore', 'move']);

const NOUNS: Record<string, string> = {
  configurators: 'configurator',
  containers: 'container',
  contents: 'content',
  elements: 'element',
  forms: 'form',
  layout: 'layout',
  'media-packs': 'media pack',
  medias: 'media',
  messages: 'message',
  redirects: 'redirect',
  roles: 'role',
  settings: 'setting',
  slugs: 'page',
  tokens: 'API token',
  users: 'user',
  webhooks: 'webhook',
};

const PAST: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  publish: 'Published',
  unpublish: 'Unpublished',
  discard: 'Discarded the draft of',
  preview: 'Made a preview link of',
  restore: 'Restored',
  move: 'Moved',
  'password-change': 'Changed the password of',
};

/** Body keys that name what changed without ever saying what a secret became. */
const SECRET_KEYS = new Set(['password', 'currentPassword', 'token']);

export const SUMMARY_MAX = 500;

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function field(source: unknown, key: string): unknown {
  return source && typeof source === 'object' && !Array.isArray(source) ? (source as Record<string, unknown>)[key] : undefined;
}

/** The record's title or name, from the answer (what was stored) or else the body (what was sent). */
function labelOf(answer: unknown, body: unknown): string | null {
  for (const source of [answer, body]) {
    for (const key of ['title', 'name']) {
      const value = field(source, key);
      if (typeof value === 'string' && value.trim()) return `"${clip(value, 80)}"`;
    }
  }
  return null;
}

function changedKeys(body: unknown): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  return Object.keys(body).filter((key) => !SECRET_KEYS.has(key) && !key.startsWith('_'));
}

/**
 * The audit entry of a write that succeeded, derived from its route alone, so that a route added
 * later (a record version's restore) is recorded without anyone listing it: POST is create, PUT
 * update, DELETE delete, and a last path segment such as `publish` or `restore` is the action.
 */
export function describeWrite(request: WriteRequest): WriteDescription | null {
  const segments = request.route.split('/').filter(Boolean);
  if (segments[0] === 'api') segments.shift();
  const resource = segments[0] ?? '';
  const last = segments[segments.length - 1] ?? '';
  const params = request.params;
  let resourceId: string | null = params.id ?? params.name ?? null;
  const answerId = field(request.answer, 'id');
  if (resourceId === null && (typeof answerId === 'number' || typeof answerId === 'string')) resourceId = String(answerId);
  const locale = typeof request.query.locale === 'string' ? request.query.locale : null;

  // A visitor's message through a public form: the message, not the form, is what was written.
  if (resource === 'forms' && segments[2] === 'messages') {
    return { action: 'create', resource: 'messages', resourceId: null, summary: `Message received through form ${params.id ?? '?'}` };
  }
  if (resource === 'revalidate') {
    return { action: 'revalidate', resource: 'revalidation', resourceId: null, summary: 'Revalidated every page' };
  }

  // A bulk create: one entry for the batch (each content has its first version besides); a dry run wrote nothing.
  if (resource === 'contents' && last === 'bulk') {
    if (request.query.dryRun === 'true') return null;
    const ids = field(request.answer, 'ids');
    const list = Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
    const span = list.length === 0 ? '' : `: ${list.length > 1 ? `ids ${Math.min(...list)} to ${Math.max(...list)}` : `id ${list[0]}`}`;
    return {
      action: 'create',
      resource,
      resourceId: null,
      summary: clip(`Created ${list.length} content${list.length === 1 ? '' : 's'} in bulk${locale ? ` (${locale})` : ''}${span}`, SUMMARY_MAX),
    };
  }
  // A bulk action: one entry for all the contents it changed (each has its version besides).
  if (resource === 'contents' && last === 'bulk-actions') {
    const action = field(request.answer, 'action');
    const ids = field(request.answer, 'ids');
    const list = Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
    const verbs: Record<string, string> = {
      publish: 'Published',
      unpublish: 'Unpublished',
      status: 'Changed the status of',
      move: 'Moved',
      undo: 'Undid a bulk action on',
    };
    const verb = verbs[String(action)] ?? 'Changed';
    return {
      action: 'update',
      resource,
      resourceId: null,
      summary: clip(`${verb} ${list.length} content${list.length === 1 ? '' : 's'} in bulk${list.length ? `: ids ${list.join(', ')}` : ''}`, SUMMARY_MAX),
    };
  }
  if (resource === 'webhooks' && (last === 'test' || last === 'redeliver')) {
    const webhookId = field(request.answer, 'webhookId');
    const deliveryId = field(request.answer, 'id');
    return {
      action: last === 'test' ? 'test' : 'redeliver',
      resource,
      resourceId: webhookId === undefined ? null : String(webhookId),
      summary:
        last === 'test'
          ? `Sent a test delivery to webhook ${String(webhookId)}`
          : `Sent delivery ${params.id ?? '?'} of webhook ${String(webhookId)} again (delivery ${String(deliveryId)})`,
    };
  }

  if (resource === 'redirects' && last === 'import') {
    const created = field(request.answer, 'created');
    const updated = field(request.answer, 'updated');
    return {
      action: 'create',
      resource,
      resourceId: null,
      summary: `Imported redirects from a CSV file: ${String(created)} created, ${String(updated)} updated`,
    };
  }

  let action: string;
  if (segments.length > 1 && VERB_ACTIONS.has(last)) action = last;
  else if (request.method === 'DELETE') action = 'delete';
  else if (request.method === 'POST' && resource !== 'layout') action = 'create';
  else action = 'update';
  // A password set by an admin (or by its owner through the users screen) is an event of its own.
  if (resource === 'users' && action === 'update' && typeof field(request.body, 'password') === 'string') action = 'password-change';
  if (resource === 'layout') resourceId = locale ?? 'en';

  const noun = NOUNS[resource] ?? resource;
  const parts = [PAST[action] ?? `${action[0]?.toUpperCase() ?? ''}${action.slice(1)}`, noun];
  if (resource !== 'layout' && resourceId !== null) parts.push(resourceId);
  const from = field(request.answer, 'from');
  const to = field(request.answer, 'to');
  const label =
    resource === 'redirects' && typeof from === 'string' && typeof to === 'string' ? clip(`${from} → ${to}`, 200) : labelOf(request.answer, request.body);
  if (label && label !== `"${resourceId}"`) parts.push(label);
  if (locale) parts.push(`(${locale})`);
  let summary = parts.join(' ');
  if (action === 'restore' && params.versionId) summary += ` to version ${params.versionId}`;
  const movedTo = field(request.answer, 'path');
  if (action === 'move' && typeof movedTo === 'string') summary += ` to ${clip(movedTo, 300)}`;
  const rights = field(request.body, 'rights');
  if (resource === 'roles' && Array.isArray(rights)) {
    summary += `: rights ${rights.length ? rights.join(', ') : 'none'}`;
  } else if (action === 'update' || action === 'password-change') {
    const keys = changedKeys(request.body).filter((key) => !(action === 'password-change' && key === 'password'));
    if (keys.length) summary += `: ${keys.slice(0, 12).join(', ')}${keys.length > 12 ? ', …' : ''}`;
  }
  return { action, resource, resourceId: resourceId === null ? null : clip(resourceId, 200), summary: clip(summary, SUMMARY_MAX) };
}

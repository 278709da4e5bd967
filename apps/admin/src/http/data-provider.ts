import simpleRestProvider from 'ra-data-simple-rest';
import { withFieldConditions } from '../contents/field-conditions';
import { type DataProvider, HttpError } from 'react-admin';
import { translate } from '../i18n-provider';
import { API_URL } from './api-request';
import { conflictOf } from './conflict';
import { etagKey, etags, ifMatch } from './etags';
import { httpClient } from './http-client';
import type { Payload, ResourceWrites } from './resource-writes';

interface DataProviderHooks {
  /** The signed-in user's own profile may have changed. */
  onCurrentUserMaybeChanged(): void;
  /** A container was created, renamed or deleted: the top bar's Containers dropdown is stale. */
  onContainersChanged?(): void;
}

function localeQuery(meta: unknown): string {
  const locale = (meta as { locale?: unknown } | undefined)?.locale;
  return typeof locale === 'string' && locale ? `?locale=${encodeURIComponent(locale)}` : '';
}

function requestBody(payload: Payload | FormData, headers: Record<string, string> = {}): RequestInit {
  // A multipart upload: the browser sets the Content-Type with its boundary.
  if (payload instanceof FormData) return { body: payload, headers: new Headers(headers) };
  return { body: JSON.stringify(payload), headers: new Headers({ ...headers, 'Content-Type': 'application/json' }) };
}

/** A save refused because someone else saved first, worded for the toast; the screens read `conflictOf(error)`. */
function withConflictWords(error: unknown): unknown {
  const conflict = conflictOf(error);
  if (!conflict) return error;
  const { body } = error as HttpError;
  return new HttpError(translate('cms.conflict.error', { name: conflict.changedBy.userName || translate('cms.conflict.someone') }), 409, body);
}

function without(record: Payload, keys: readonly string[] = []): Payload {
  const kept = { ...record };
  for (const key of keys) delete kept[key];
  return kept;
}

/**
 * The API speaks ra-data-simple-rest. What differs per resource (its API path, its locale, the
 * bodies of its writes, what a write makes stale) is declared in the resource's own folder and
 * handed in as `writes`; this follows the declarations and knows no resource by name.
 */
export function createDataProvider(writes: Readonly<Record<string, ResourceWrites>>, hooks: DataProviderHooks): DataProvider {
  const rest = simpleRestProvider(API_URL, httpClient);
  const of = (resource: string): ResourceWrites => writes[resource] ?? {};
  const path = (resource: string) => of(resource).apiPath ?? resource;
  const url = (resource: string, id?: unknown, meta?: unknown) =>
    `${API_URL}/${path(resource)}${id === undefined ? '' : `/${encodeURIComponent(String(id))}`}${of(resource).localized ? localeQuery(meta) : ''}`;
  const afterWrite = <T>(resource: string, result: T): T => {
    const changes = of(resource).changes;
    if (changes === 'current-user') hooks.onCurrentUserMaybeChanged();
    if (changes === 'containers-menu') hooks.onContainersChanged?.();
    return result;
  };
  const send = async (method: 'POST' | 'PUT', target: string, payload: Payload | FormData, headers?: Record<string, string>) =>
    await httpClient(target, { method, ...requestBody(payload, headers) });

  return {
    ...rest,
    getList: (resource, params) => rest.getList(path(resource), { ...params, filter: withFieldConditions(params.filter) }),
    getOne: async (resource, params) => {
      const { json, headers } = await httpClient(url(resource, params.id, params.meta), { signal: params.signal });
      etags.remember(etagKey(path(resource), params.id), headers.get('ETag'));
      return { data: json };
    },
    getMany: (resource, params) => rest.getMany(path(resource), params),
    getManyReference: (resource, params) => rest.getManyReference(path(resource), params),
    create: async (resource, params) => {
      const body = of(resource).create?.(params.data) ?? params.data;
      return afterWrite(resource, { data: (await send('POST', url(resource, undefined, params.meta), body)).json as Payload });
    },
    update: async (resource, params) => {
      const { update, forget, localized } = of(resource);
      const previous = (params.previousData ?? {}) as Payload;
      const key = etagKey(path(resource), params.id);
      // Each save says which version it changes: a stale one is refused (409) rather than overwriting.
      const answer = await etags.serialize(key, async () => {
        try {
          const { json, headers } = await send(
            'PUT',
            url(resource, params.id, params.meta),
            update ? update(params.data, previous) : params.data,
            ifMatch(etags, key),
          );
          etags.remember(key, headers.get('ETag'));
          return json as Payload;
        } catch (error) {
          throw withConflictWords(error);
        }
      });
      // A localized record is answered whole in its locale. Otherwise: what the screen held, then
      // what the API answered; never the passwords just typed.
      const record = localized ? answer : { ...previous, ...without(params.data, forget), ...answer, id: params.id };
      return afterWrite(resource, { data: record });
    },
    updateMany: async (resource, params) => {
      const { update } = of(resource);
      return afterWrite(resource, await rest.updateMany(path(resource), { ...params, data: update ? update(params.data, {}) : params.data }));
    },
    delete: async (resource, params) => {
      await httpClient(`${url(resource, params.id)}${of(resource).deleteQuery?.(params.meta) ?? ''}`, { method: 'DELETE' });
      // The API answers 204 to a delete: give react-admin back the record it removed.
      return afterWrite(resource, { data: params.previousData ?? { id: params.id } });
    },
    deleteMany: async (resource, params) => {
      await rest.deleteMany(path(resource), params);
      return afterWrite(resource, { data: params.ids });
    },
  } as DataProvider;
}

import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { API_URL } from './api-request';
import { httpClient } from './http-client';
import { isLocalizedResource, toMediaUpdate, toMediaUpload, toPagePayload, toPageUpdatePayload } from './page-payloads';
import { affectsCurrentUser, apiPathOf, toCreatePayload, toUpdatePayload } from './resource-payloads';

export interface DataProviderHooks {
  /** The signed-in user's own profile may have changed. */
  onCurrentUserMaybeChanged(): void;
  /** A container was created, renamed or deleted: the top bar's Containers dropdown is stale. */
  onContainersChanged?(): void;
}

function localeQuery(meta: unknown): string {
  const locale = (meta as { locale?: unknown } | undefined)?.locale;
  return typeof locale === 'string' && locale ? `?locale=${encodeURIComponent(locale)}` : '';
}

const jsonBody = (payload: unknown) => ({ body: JSON.stringify(payload), headers: new Headers({ 'Content-Type': 'application/json' }) });

/**
 * The API speaks ra-data-simple-rest; this wraps it to map screen names to API paths, send only
 * accepted fields, and tell the auth layer when the signed-in user's own profile may have changed.
 */
export function createDataProvider(hooks: DataProviderHooks | (() => void)): DataProvider {
  const { onCurrentUserMaybeChanged, onContainersChanged } = typeof hooks === 'function' ? { onCurrentUserMaybeChanged: hooks, onContainersChanged: undefined } : hooks;
  const rest = simpleRestProvider(API_URL, httpClient);
  const afterWrite = <T>(resource: string, result: T): T => {
    if (affectsCurrentUser(resource)) onCurrentUserMaybeChanged();
    if (resource === 'containers') onContainersChanged?.();
    return result;
  };
  const url = (resource: string, id?: unknown, meta?: unknown) =>
    `${API_URL}/${apiPathOf(resource)}${id === undefined ? '' : `/${encodeURIComponent(String(id))}`}${localeQuery(meta)}`;

  return {
    ...rest,
    getList: (resource, params) => rest.getList(apiPathOf(resource), params),
    getOne: async (resource, params) => {
      if (!isLocalizedResource(resource)) return rest.getOne(apiPathOf(resource), params);
      const { json } = await httpClient(url(resource, params.id, params.meta));
      return { data: json };
    },
    getMany: (resource, params) => rest.getMany(apiPathOf(resource), params),
    getManyReference: (resource, params) => rest.getManyReference(apiPathOf(resource), params),
    create: async (resource, params) => {
      if (isLocalizedResource(resource)) {
        const { json } = await httpClient(url(resource, undefined, params.meta), { method: 'POST', ...jsonBody(toPagePayload(resource, params.data)) });
        return afterWrite(resource, { data: json });
      }
      if (resource === 'medias') {
        // The upload is multipart: the browser sets the Content-Type with its boundary.
        const { json } = await httpClient(url(resource), { method: 'POST', body: toMediaUpload(params.data) });
        return afterWrite(resource, { data: json });
      }
      return afterWrite(resource, await rest.create(apiPathOf(resource), { ...params, data: toCreatePayload(resource, params.data) }));
    },
    update: async (resource, params) => {
      if (isLocalizedResource(resource)) {
        const payload = toPageUpdatePayload(resource, params.data, params.previousData);
        const { json } = await httpClient(url(resource, params.id, params.meta), { method: 'PUT', ...jsonBody(payload) });
        return afterWrite(resource, { data: json });
      }
      if (resource === 'medias') {
        const { json } = await httpClient(url(resource, params.id), { method: 'PUT', ...jsonBody(toMediaUpdate(params.data, params.previousData)) });
        return afterWrite(resource, { data: json });
      }
      const data = toUpdatePayload(resource, params.data, params.previousData);
      const result = await rest.update(apiPathOf(resource), { ...params, data });
      // Keep the cache free of the passwords just typed, whatever the API answers.
      const { password: _password, currentPassword: _currentPassword, ...sent } = params.data as Record<string, unknown>;
      return afterWrite(resource, { data: { ...params.previousData, ...sent, ...result.data, id: params.id } });
    },
    updateMany: async (resource, params) =>
      afterWrite(resource, await rest.updateMany(apiPathOf(resource), { ...params, data: toUpdatePayload(resource, params.data) })),
    delete: async (resource, params) => {
      if (resource === 'containers' && (params.meta as { cascade?: unknown } | undefined)?.cascade === true) {
        // Contents go with their container only when the editor confirmed it knowing how many.
        await httpClient(`${url(resource, params.id)}?cascade=true`, { method: 'DELETE' });
        return afterWrite(resource, { data: params.previousData ?? { id: params.id } });
      }
      const result = await rest.delete(apiPathOf(resource), params);
      // The API answers 204 to a delete: give react-admin back the record it removed.
      return afterWrite(resource, { data: result.data ?? params.previousData ?? { id: params.id } });
    },
    deleteMany: async (resource, params) => {
      await rest.deleteMany(apiPathOf(resource), params);
      return afterWrite(resource, { data: params.ids });
    },
  } as DataProvider;
}

import type { SettingDto } from '@cms/contracts';
import { API_URL } from '../http/api-request';
import { etagKey, etags, ifMatch } from '../http/etags';
import { httpClient } from '../http/http-client';
import { EDITED_SETTINGS, optionListRows, type EditedSetting, type SettingsValues } from './settings-values';

export interface LoadedSettings {
  values: SettingsValues;
  /** The id of each setting that exists (its history and its version live under it). */
  ids: Partial<Record<EditedSetting, number>>;
}

/** The version (ETag) of one setting, for the If-Match of its next save. */
export async function readSettingVersion(id: number, signal?: AbortSignal): Promise<void> {
  const { headers } = await httpClient(`${API_URL}/settings/${id}`, { signal });
  etags.remember(etagKey('settings', id), headers.get('ETag'));
}

export async function fetchSettings(signal?: AbortSignal): Promise<LoadedSettings> {
  const { json } = await httpClient(`${API_URL}/settings?range=${encodeURIComponent('[0,499]')}`, { signal });
  const values: SettingsValues = {};
  const ids: LoadedSettings['ids'] = {};
  for (const setting of (Array.isArray(json) ? json : []) as SettingDto[]) {
    if (!(EDITED_SETTINGS as readonly string[]).includes(setting.name)) continue;
    ids[setting.name as EditedSetting] = setting.id;
    if (setting.name === 'optionLists') values.optionLists = optionListRows(setting.value);
    else values[setting.name as EditedSetting] = setting.value;
  }
  // The list answers no versions: each setting's is read, so that a save made after someone else's is refused.
  await Promise.all(Object.values(ids).map((id) => readSettingVersion(id, signal)));
  return { values, ids };
}

/** Saves one setting by name; when it exists (`id`), only over the version read (If-Match). */
export async function saveSetting(name: string, value: unknown, id?: number): Promise<void> {
  const key = id === undefined ? null : etagKey('settings', id);
  const write = () =>
    httpClient(`${API_URL}/settings/by-name/${encodeURIComponent(name)}`, {
      method: 'PUT',
      body: JSON.stringify({ value }),
      headers: new Headers({ 'Content-Type': 'application/json', ...(key ? ifMatch(etags, key) : {}) }),
    });
  await (key ? etags.serialize(key, write) : write());
}

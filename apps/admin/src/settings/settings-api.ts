import type { SettingDto } from '@cms/contracts';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';
import { EDITED_SETTINGS, optionListRows, type EditedSetting, type SettingsValues } from './settings-values';

export async function fetchSettings(signal?: AbortSignal): Promise<SettingsValues> {
  const { json } = await httpClient(`${API_URL}/settings?range=${encodeURIComponent('[0,499]')}`, { signal });
  const values: SettingsValues = {};
  for (const setting of (Array.isArray(json) ? json : []) as SettingDto[]) {
    if (setting.name === 'optionLists') values.optionLists = optionListRows(setting.value);
    else if ((EDITED_SETTINGS as readonly string[]).includes(setting.name)) values[setting.name as EditedSetting] = setting.value;
  }
  return values;
}

export async function saveSetting(name: string, value: unknown): Promise<void> {
  await httpClient(`${API_URL}/settings/by-name/${encodeURIComponent(name)}`, {
    method: 'PUT',
    body: JSON.stringify({ value }),
    headers: new Headers({ 'Content-Type': 'application/json' }),
  });
}

import { FAVICON_SETTING_NAME, type SettingDto } from '@cms/contracts';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';

/** The settings this screen edits, by name. */
export const EDITED_SETTINGS = [
  'siteName',
  'primaryColor',
  'backgroundColor',
  'defaultLocale',
  'cookieConsentText',
  'smtpSender',
  FAVICON_SETTING_NAME,
] as const;
export type EditedSetting = (typeof EDITED_SETTINGS)[number];
export type SettingsValues = Partial<Record<EditedSetting, unknown>>;

export async function fetchSettings(signal?: AbortSignal): Promise<SettingsValues> {
  const { json } = await httpClient(`${API_URL}/settings?range=${encodeURIComponent('[0,499]')}`, { signal });
  const values: SettingsValues = {};
  for (const setting of (Array.isArray(json) ? json : []) as SettingDto[]) {
    if ((EDITED_SETTINGS as readonly string[]).includes(setting.name)) values[setting.name as EditedSetting] = setting.value;
  }
  return values;
}

/** Blank texts of a per-locale value are left out (the site falls back to en). */
function cleanLocalized(value: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (value && typeof value === 'object') {
    for (const [locale, text] of Object.entries(value)) if (typeof text === 'string' && text.trim()) result[locale] = text;
  }
  return result;
}

export function settingValue(name: EditedSetting, value: unknown): unknown {
  if (name === 'siteName' || name === 'cookieConsentText') return cleanLocalized(value);
  if (name === FAVICON_SETTING_NAME) return value === '' || value === undefined || value === null ? null : Number(value);
  return typeof value === 'string' ? value.trim() : value;
}

/** The settings whose value changed, as PUT /api/settings/by-name/{name} bodies. */
export function changedSettings(values: SettingsValues, previous: SettingsValues): [EditedSetting, unknown][] {
  const changes: [EditedSetting, unknown][] = [];
  for (const name of EDITED_SETTINGS) {
    if (!(name in values)) continue;
    const next = settingValue(name, values[name]);
    const before = previous[name] === undefined ? undefined : settingValue(name, previous[name]);
    if (JSON.stringify(next) === JSON.stringify(before)) continue;
    if (before === undefined && (next === '' || next === null || (typeof next === 'object' && Object.keys(next as object).length === 0))) continue;
    changes.push([name, next]);
  }
  return changes;
}

export async function saveSetting(name: string, value: unknown): Promise<void> {
  await httpClient(`${API_URL}/settings/by-name/${encodeURIComponent(name)}`, {
    method: 'PUT',
    body: JSON.stringify({ value }),
    headers: new Headers({ 'Content-Type': 'application/json' }),
  });
}

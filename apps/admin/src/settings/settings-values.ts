import { FAVICON_SETTING_NAME, KNOWN_SETTING_NAMES, LOGO_SETTING_NAME, type KnownSettingName } from '@cms/contracts';

export type EditedSetting = KnownSettingName;
/** The settings this screen edits, by name: every known setting (the favicon and the logo among them). */
export const EDITED_SETTINGS: readonly EditedSetting[] = KNOWN_SETTING_NAMES;
export type SettingsValues = Partial<Record<EditedSetting, unknown>>;

/** Blank texts of a per-locale value are left out (the site falls back to en). */
function cleanLocalized(value: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (value && typeof value === 'object') {
    for (const [locale, text] of Object.entries(value)) if (typeof text === 'string' && text.trim()) result[locale] = text;
  }
  return result;
}

/** A setting's value as the API takes it, from the form's. */
export function settingValue(name: EditedSetting, value: unknown): unknown {
  if (name === 'siteName' || name === 'cookieConsentText') return cleanLocalized(value);
  if (name === FAVICON_SETTING_NAME || name === LOGO_SETTING_NAME) return value === '' || value === undefined || value === null ? null : Number(value);
  if (name === 'optionLists') return optionListsValue(value);
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

/** The form's rows of the option lists (for ZOHOOPTIONS fields): a name and one choice a line. */
interface OptionListRow {
  name: string;
  options: string;
}

export function optionListRows(value: unknown): OptionListRow[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>).map(([name, list]) => ({ name, options: Array.isArray(list) ? list.map(String).join('\n') : '' }));
}

/** The setting's value: `{ name: [choices] }`, without blank names or lines. */
export function optionListsValue(rows: unknown): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  for (const row of Array.isArray(rows) ? (rows as Partial<OptionListRow>[]) : []) {
    const name = String(row?.name ?? '').trim();
    if (!name) continue;
    lists[name] = String(row?.options ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  }
  return lists;
}

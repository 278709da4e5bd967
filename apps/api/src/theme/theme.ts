import { COLOR_PATTERN, DEFAULT_BACKGROUND_COLOR, DEFAULT_PRIMARY_COLOR, type ThemeResponse } from '@cms/contracts';

/** The settings that make the site's theme. */
export const THEME_SETTINGS = { primaryColor: 'primaryColor', backgroundColor: 'backgroundColor' } as const;

/** The theme from the setting rows read (others are ignored), with the spec's defaults. */
export function themeFromSettings(rows: readonly { name: string; value: unknown }[]): ThemeResponse {
  const value = (name: string, fallback: string) => {
    const found = rows.find((r) => r.name === name)?.value;
    return typeof found === 'string' && COLOR_PATTERN.test(found) ? found.toUpperCase() : fallback;
  };
  return {
    primaryColor: value(THEME_SETTINGS.primaryColor, DEFAULT_PRIMARY_COLOR),
    backgroundColor: value(THEME_SETTINGS.backgroundColor, DEFAULT_BACKGROUND_COLOR),
  };
}

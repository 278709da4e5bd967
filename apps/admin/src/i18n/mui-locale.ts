import { enUS, esES, frFR, itIT, trTR } from '@mui/material/locale';
import type { RaThemeOptions } from 'react-admin';
import type { UiLocale } from './locales';

const MUI_LOCALES: Record<UiLocale, { components?: Record<string, { defaultProps?: object }> }> = { en: enUS, fr: frFR, tr: trTR, es: esES, it: itIT };

/**
 * The theme with MUI's own words (the Autocomplete's "Open"/"No options", the Alert's "Close"...)
 * in the interface language; react-admin's words come from the catalogs.
 */
export function withMuiLocale(theme: RaThemeOptions, locale: string): RaThemeOptions {
  const muiLocale = MUI_LOCALES[locale as UiLocale] ?? enUS;
  const components: Record<string, unknown> = { ...theme.components };
  for (const [name, settings] of Object.entries(muiLocale.components ?? {})) {
    const current = (components[name] ?? {}) as { defaultProps?: object };
    components[name] = { ...current, defaultProps: { ...settings.defaultProps, ...current.defaultProps } };
  }
  return { ...theme, components: components as RaThemeOptions['components'] };
}

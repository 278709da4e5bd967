import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { themeOptions } from '../theme';

/** react-admin's own defaults (dense filled inputs, toolbars) in the app's colours. */
export const adminTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { ...defaultLightTheme.palette, ...themeOptions.palette },
  shape: themeOptions.shape,
  typography: { ...defaultLightTheme.typography, ...themeOptions.typography },
  components: { ...defaultLightTheme.components, ...themeOptions.components },
};

import { createTheme, type ThemeOptions } from '@mui/material/styles';

/** One look for the sign-in screen and the back office (react-admin takes the same options). */
export const themeOptions: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: { main: '#13795b', contrastText: '#ffffff' },
    secondary: { main: '#1f2a33', contrastText: '#ffffff' },
    background: { default: '#f4f6f5', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
  },
};

export const theme = createTheme(themeOptions);

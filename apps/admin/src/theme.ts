import { createTheme, type ThemeOptions } from '@mui/material/styles';

/** One look for the sign-in screen and the back office (react-admin takes the same options). */
export const themeOptions: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: { main: '#13795b', contrastText: '#ffffff' },
    secondary: { main: '#1f2a33', contrastText: '#ffffff' },
    // Darker than MUI's #d32f2f: a Delete button's words stay above 4.5:1 (4.98) on the toolbars' grey #e0e0e0.
    error: { main: '#b71c1c', contrastText: '#ffffff' },
    background: { default: '#f4f6f5', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    // An editor who asked the system for less motion (vestibular disorders; WCAG 2.3.3) gets none:
    // ripples, menus, dialogs and drawers appear at once. Near-zero rather than `none`, so that the
    // transitionend and animationend events that MUI's transitions wait for still come. Progress
    // indicators keep turning: stopped, a circular one would be a dot and say nothing is happening.
    MuiCssBaseline: {
      styleOverrides: {
        '@media (prefers-reduced-motion: reduce)': {
          '*:not([class*="MuiCircularProgress-"], [class*="MuiLinearProgress-"]), *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    // The selection's toolbar (bulk actions): react-admin tints it from the primary colour to
    // #d9e9e4, where the primary buttons' words are 4.27:1; this lighter tint gives them 4.79:1
    // (the Delete button's 5.86:1), above WCAG AA's 4.5:1 (axe: color-contrast).
    ...({ RaBulkActionsToolbar: { styleOverrides: { root: { '& .RaBulkActionsToolbar-toolbar': { backgroundColor: '#ebf4f1' } } } } } as object),
    // MUI greys disabled helper text to 2.6:1; WCAG AA asks 4.5:1 of any text (axe: color-contrast).
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    MuiCheckbox: {
      defaultProps: {
        // A checkbox given an `aria-label` (react-admin's row selection) would carry it on its
        // wrapping span, which has no role (axe: aria-prohibited-attr), and leave the input
        // nameless (axe: label): the name goes to the input, with the input's own props. A checkbox
        // that gives its own slotProps.input (an object) keeps it as given: MUI merges defaults slot by slot.
        slotProps: {
          root: (ownerState: Record<string, unknown>) => (ownerState['aria-label'] ? { 'aria-label': undefined } : {}),
          input: (ownerState: Record<string, unknown>) => {
            const inputProps = (ownerState.inputProps ?? {}) as Record<string, unknown>;
            const named = ownerState['aria-label'] ? { ...inputProps, 'aria-label': inputProps['aria-label'] ?? ownerState['aria-label'] } : inputProps;
            // A native checkbox says "mixed" by its `indeterminate` property, not by aria-checked (axe: aria-conditional-attr).
            const indeterminate = !!ownerState.indeterminate;
            return {
              ...named,
              ...(indeterminate ? { 'aria-checked': undefined } : {}),
              ref: (input: HTMLInputElement | null) => {
                if (input) input.indeterminate = indeterminate;
              },
            };
          },
        } as never,
      },
    },
  },
};

export const theme = createTheme(themeOptions);

import { BLOCK_THEMES, type BlockTheme } from '@cms/contracts';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useInput, useTranslate } from 'react-admin';

/** The colours the site's theme-on-scroll gives each theme. */
export const THEME_SWATCHES: Record<BlockTheme, string> = { black: '#111111', grey: '#9e9e9e', white: '#ffffff' };

/** The section's theme as swatches; choosing the selected one again leaves it unset (the site's default). */
export function ThemePicker({ source, disabled }: { source: string; disabled?: boolean }) {
  const translate = useTranslate();
  const { field, id } = useInput({ source });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, my: 1 }}>
      <Typography id={`${id}-label`} variant="body2" color="text.secondary">
        {translate('cms.blocks.theme')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={field.value ?? null}
        disabled={disabled}
        aria-labelledby={`${id}-label`}
        onChange={(_event, value: BlockTheme | null) => field.onChange(value ?? undefined)}
      >
        {BLOCK_THEMES.map((theme) => (
          <ToggleButton
            key={theme}
            value={theme}
            aria-label={translate(`cms.blocks.themes.${theme}`)}
            title={translate(`cms.blocks.themes.${theme}`)}
            sx={{ gap: 1, textTransform: 'none', px: 1.5 }}
          >
            <Box component="span" sx={{ width: 18, height: 18, borderRadius: '50%', bgcolor: THEME_SWATCHES[theme], border: 1, borderColor: 'grey.500' }} />
            <span>{translate(`cms.blocks.themes.${theme}`)}</span>
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

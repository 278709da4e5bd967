import { Lang } from '@cms/contracts';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';

export const LOCALES: readonly Lang[] = Object.values(Lang);

/**
 * The locale whose per-locale parts (metadata, field values) the form reads and writes. It is the
 * content's locale, independent of the interface language: an Italian editor may edit the Turkish version.
 */
export function LocaleSwitcher({ value, onChange, disabled }: { value: Lang; onChange: (locale: Lang) => void; disabled?: boolean }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
      <Typography variant="body2" color="text.secondary" id="locale-switcher-label">
        {translate('cms.locale.label')}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={value}
        aria-labelledby="locale-switcher-label"
        disabled={disabled}
        onChange={(_event, next: Lang | null) => next && onChange(next)}
      >
        {LOCALES.map((locale) => (
          <ToggleButton key={locale} value={locale} aria-label={translate('cms.locale.button', { locale })} sx={{ px: 1.5, textTransform: 'uppercase' }}>
            {locale}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}

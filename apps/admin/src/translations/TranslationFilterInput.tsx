import { Lang, LANGS, TRANSLATION_STATUSES, type TranslationFilter, type TranslationStatus } from '@cms/contracts';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useInput, useTranslate } from 'react-admin';

const asFilter = (value: unknown): Partial<TranslationFilter> => (value && typeof value === 'object' ? (value as Partial<TranslationFilter>) : {});

/**
 * The contents list's `translation` filter, "missing in tr": a locale and a status. The list is
 * filtered once both are chosen (the API wants both); "any" in either clears it.
 */
export function TranslationFilterInput({ source = 'translation' }: { source?: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const current = asFilter(field.value);
  const [locale, setLocale] = useState<Lang | ''>(current.locale ?? '');
  const [status, setStatus] = useState<TranslationStatus | ''>(current.status ?? '');
  // The filter set elsewhere (a link from the Translations screen, the list's reset) shows here.
  useEffect(() => {
    setLocale(current.locale ?? '');
    setStatus(current.status ?? '');
  }, [current.locale, current.status]);
  const change = (nextLocale: Lang | '', nextStatus: TranslationStatus | '') => {
    setLocale(nextLocale);
    setStatus(nextStatus);
    if (nextLocale && nextStatus) field.onChange({ locale: nextLocale, status: nextStatus });
    else if (current.locale || current.status) field.onChange(undefined);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ mb: '4px' }}>
      <TextField
        select
        size="small"
        label={translate('cms.translations.filter_status')}
        value={status}
        onChange={(event) => change(locale, event.target.value as TranslationStatus | '')}
        sx={{ minWidth: 160 }}
        slotProps={{ htmlInput: { 'data-testid': 'translation-filter-status' } }}
      >
        <MenuItem value="">{translate('cms.translations.filter_any')}</MenuItem>
        {TRANSLATION_STATUSES.map((value) => (
          <MenuItem key={value} value={value}>
            {translate(`cms.translations.status.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate('cms.translations.filter_locale')}
        value={locale}
        onChange={(event) => change(event.target.value as Lang | '', status)}
        sx={{ minWidth: 110 }}
        slotProps={{ htmlInput: { 'data-testid': 'translation-filter-locale' } }}
      >
        <MenuItem value="">{translate('cms.translations.filter_any')}</MenuItem>
        {LANGS.map((value) => (
          <MenuItem key={value} value={value}>
            {value.toUpperCase()}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

import { type ContentTranslations, Lang, type LocaleTranslation, type TranslationStatus } from '@cms/contracts';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import History from '@mui/icons-material/History';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { useBasename, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { editInLocaleHref, useTranslationStatuses } from './translations-api';

/** Each status with a colour, an icon and a word: never the colour alone. */
export const STATUS_LOOK: Record<TranslationStatus, { color: ChipProps['color']; icon: ReactElement }> = {
  complete: { color: 'success', icon: <CheckCircleOutline /> },
  missing: { color: 'error', icon: <ErrorOutline /> },
  outdated: { color: 'warning', icon: <History /> },
};

/** What a locale lacks, as the tooltip and the accessible name say it: field labels, not names. */
export function useDescribeLocale() {
  const translate = useTranslate();
  return (status: LocaleTranslation, labels: Record<string, string>) => {
    const names = (fields: string[]) => fields.map((field) => labels[field] ?? field).join(', ');
    const lines = [translate(`cms.translations.status.${status.status}_in`, { locale: status.locale.toUpperCase() })];
    if (status.missing.length) lines.push(translate('cms.translations.missing_fields', { fields: names(status.missing) }));
    if (status.outdated.length) lines.push(translate('cms.translations.outdated_fields', { fields: names(status.outdated) }));
    return lines.join(' · ');
  };
}

/** One small chip per locale but en: its code and an icon for the status, coloured; the tooltip names the fields; a click edits that locale. */
export function TranslationChipRow({ translations }: { translations: ContentTranslations }) {
  const describe = useDescribeLocale();
  const basename = useBasename();
  return (
    <Stack direction="row" spacing={0.5} data-testid="translation-chips">
      {translations.locales
        .filter((status) => status.locale !== Lang.en)
        .map((status) => {
          const look = STATUS_LOOK[status.status];
          const description = describe(status, translations.labels);
          return (
            <Tooltip key={status.locale} title={description}>
              <Chip
                size="small"
                color={look.color}
                variant={status.status === 'complete' ? 'outlined' : 'filled'}
                icon={look.icon}
                label={status.locale.toUpperCase()}
                aria-label={description}
                data-locale={status.locale}
                data-status={status.status}
                component={Link}
                to={editInLocaleHref(basename, translations.contentId, status.locale)}
                clickable
                // The row's own click opens the edit screen in en.
                onClick={(event: React.MouseEvent) => event.stopPropagation()}
                sx={{ '& .MuiChip-label': { px: 0.75 } }}
              />
            </Tooltip>
          );
        })}
    </Stack>
  );
}

/** The Translations cell of a contents list row: the page's statuses are asked once for all its rows. */
export function TranslationsCell() {
  const record = useRecordContext<{ id: number }>();
  const { data: rows } = useListContext<{ id: number }>();
  const translate = useTranslate();
  const { data, isPending, error } = useTranslationStatuses((rows ?? []).map((row) => row.id));
  if (!record) return null;
  if (isPending) return <Skeleton variant="rounded" width={140} height={24} aria-label={translate('cms.translations.loading')} />;
  if (error) return <span title={(error as Error).message}>—</span>;
  const translations = data?.find((item) => String(item.contentId) === String(record.id));
  return translations ? <TranslationChipRow translations={translations} /> : null;
}

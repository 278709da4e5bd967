import { type ContainerFieldDto, type ContentDto, type ContentTranslations, Lang } from '@cms/contracts';
import History from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';
import { valueAsText } from './en-values';

/** The content in en, read beside a locale's form (its own query: the form's record is the locale's). */
export function useEnContent(contentId: number | undefined) {
  return useGetOne<ContentDto>('contents', { id: contentId!, meta: { locale: Lang.en } }, { enabled: contentId !== undefined });
}

/** The content's translation status, asked again after each save (the record's updatedAt changes). */
export function useContentTranslations(record: Pick<ContentDto, 'id' | 'updatedAt'> | undefined) {
  return useQuery({
    queryKey: ['translations', 'content', String(record?.id ?? ''), record?.updatedAt ?? ''],
    queryFn: async ({ signal }) =>
      (await httpClient(`${API_URL}/contents/${encodeURIComponent(String(record!.id))}/translations`, { signal })).json as ContentTranslations,
    enabled: record !== undefined,
    retry: false,
  });
}

/**
 * Under a field's input in a locale other than en: en's value, read-only and compact (rich text as
 * text, three lines at most, the whole on hover), and a warning when en changed after this
 * locale's value was written.
 */
export function EnValue({ field, locale }: { field: ContainerFieldDto; locale: Lang }) {
  const translate = useTranslate();
  const record = useRecordContext<ContentDto>();
  const { data: en } = useEnContent(record?.id);
  const { data: translations } = useContentTranslations(record);
  if (locale === Lang.en || !record || !en) return null;
  const text = valueAsText(field, en.fields[field.name]);
  const outdated = translations?.locales.find((l) => l.locale === locale)?.outdated.includes(field.name) ?? false;
  return (
    <Box
      data-testid={`en-value-${field.name}`}
      sx={{
        alignSelf: 'stretch',
        mt: -0.5,
        mb: 2,
        px: 1.5,
        py: 0.75,
        borderLeft: 3,
        borderColor: outdated ? 'warning.main' : 'divider',
        bgcolor: 'action.hover',
        borderRadius: 1,
      }}
    >
      <Typography variant="caption" color="text.secondary" component="div" sx={{ fontWeight: 600 }}>
        {translate('cms.translations.en_value')}
      </Typography>
      <Typography
        variant="body2"
        color={text ? 'text.primary' : 'text.secondary'}
        title={text || undefined}
        sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', wordBreak: 'break-word' }}
      >
        {text || translate('cms.translations.en_empty')}
      </Typography>
      {outdated && (
        <Typography
          variant="caption"
          color="warning.dark"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.25 }}
          data-testid={`en-changed-${field.name}`}
        >
          <History sx={{ fontSize: 14 }} />
          {translate('cms.translations.en_changed')}
        </Typography>
      )}
    </Box>
  );
}

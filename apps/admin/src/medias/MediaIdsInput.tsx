import type { MediaDto } from '@cms/contracts';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useGetMany, useInput, useLocaleState, useTranslate, type Validator } from 'react-admin';
import { MediaPickerDialog, Thumbnail } from '../blocks/MediaIdInput';
import { InputMessages } from '../components/InputMessages';
import { formatSizeAndDimensions } from './media-format';

/**
 * A list of media ids with their thumbnails, added from the library's picker (search, upload in
 * place) and removed one by one: a pack's media, a content field of several images or files.
 */
export function MediaIdsInput({
  source,
  title,
  filter,
  validate,
  helperText,
}: {
  source: string;
  title: (count: number) => string;
  filter?: Record<string, string>;
  validate?: Validator | Validator[];
  helperText?: string;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [picking, setPicking] = useState(false);
  const { field, fieldState, id: inputId } = useInput<number[]>({ source, defaultValue: [], validate });
  const ids: number[] = Array.isArray(field.value) ? field.value : [];
  const { data: medias } = useGetMany<MediaDto>('medias', { ids }, { enabled: ids.length > 0 });
  const byId = new Map((medias ?? []).map((media) => [media.id, media]));
  return (
    <Box role="group" aria-labelledby={`${inputId}-title`} sx={{ width: '100%', my: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id={`${inputId}-title`} variant="subtitle1" component="h2">
          {title(ids.length)}
        </Typography>
        <Button size="small" variant="outlined" onClick={() => setPicking(true)}>
          {translate('cms.packs.add_media')}
        </Button>
      </Box>
      {ids.length === 0 ? (
        <Typography color="text.secondary">{translate('cms.packs.no_media')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
          {ids.map((id) => {
            const media = byId.get(id);
            const name = media?.name ?? `#${id}`;
            return (
              <Box component="li" key={id} aria-label={name} sx={{ position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5 }}>
                {media ? <Thumbnail media={media} size={128} /> : null}
                <Typography variant="caption" component="div" noWrap title={name}>
                  {name}
                </Typography>
                {media && (
                  <Typography variant="caption" component="div" color="text.secondary" noWrap>
                    {formatSizeAndDimensions(media, locale, translate)}
                  </Typography>
                )}
                <IconButton
                  size="small"
                  aria-label={translate('cms.packs.remove_media', { name })}
                  onClick={() => field.onChange(ids.filter((other) => other !== id))}
                  sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper' }}
                >
                  <Close fontSize="small" />
                </IconButton>
              </Box>
            );
          })}
        </Box>
      )}
      <InputMessages helperText={helperText} error={fieldState.error?.message} />
      {picking && (
        <MediaPickerDialog
          filter={filter}
          onClose={() => setPicking(false)}
          onPick={(media) => {
            if (!ids.includes(media.id)) field.onChange([...ids, media.id]);
            setPicking(false);
          }}
        />
      )}
    </Box>
  );
}

/** The pack's media (`mediaIds`), saved with the pack: a media added here leaves the pack it was in. */
export function PackMediaInput() {
  const translate = useTranslate();
  return <MediaIdsInput source="mediaIds" title={(count) => translate('cms.packs.media_in_pack', { smart_count: count })} />;
}

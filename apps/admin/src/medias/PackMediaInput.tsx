import type { MediaDto } from '@cms/contracts';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useGetMany, useInput, useLocaleState, useTranslate } from 'react-admin';
import { MediaPickerDialog, Thumbnail } from '../blocks/MediaIdInput';
import { formatSize } from './media-format';

/**
 * The pack's media (`mediaIds`), added from the library's picker and removed one by one; saved
 * with the pack. A media added here leaves the pack it was in (one pack per media).
 */
export function PackMediaInput() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [picking, setPicking] = useState(false);
  const { field } = useInput<number[]>({ source: 'mediaIds', defaultValue: [] });
  const ids: number[] = Array.isArray(field.value) ? field.value : [];
  const { data: medias } = useGetMany<MediaDto>('medias', { ids }, { enabled: ids.length > 0 });
  const byId = new Map((medias ?? []).map((media) => [media.id, media]));
  return (
    <Box role="group" aria-labelledby="pack-media-title" sx={{ width: '100%', my: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id="pack-media-title" variant="subtitle1" component="h2">
          {translate('cms.packs.media_in_pack', { smart_count: ids.length })}
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
                    {formatSize(media.size, locale, translate)}
                    {media.width && media.height ? ` · ${media.width}×${media.height}` : ''}
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
      {picking && (
        <MediaPickerDialog
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

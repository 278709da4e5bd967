import { type MediaDto } from '@cms/contracts';
import CloudUpload from '@mui/icons-material/CloudUpload';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { required as requiredValidator, useGetList, useGetOne, useInput, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { InputMessages } from '../components/InputMessages';
import { PickerDialog } from '../components/PickerDialog';
import { thumbnailUrl } from '../medias/media-format';
import { uploadMedia, uploadProblem, useUploadLimits } from '../medias/upload';
import { useQueryClient } from '@tanstack/react-query';
import LinearProgress from '@mui/material/LinearProgress';

/** A square of `size` pixels that shows a picture (or an icon) whole and centred: a media's thumbnail, a file's preview. */
export function ThumbnailFrame({ size, children }: { size: number; children: ReactNode }) {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        bgcolor: 'grey.100',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
        borderRadius: 1,
        flex: 'none',
      }}
    >
      {children}
    </Box>
  );
}

/** Styles an image fitted whole into a ThumbnailFrame. */
export const FITTED_IMAGE_STYLE = { maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' } as const;

export function Thumbnail({ media, size }: { media: Pick<MediaDto, 'uri' | 'mimeType' | 'name' | 'alt'>; size: number }) {
  const src = thumbnailUrl(media);
  return (
    <ThumbnailFrame size={size}>
      {src ? <img src={src} alt={media.alt?.en ?? ''} loading="lazy" style={FITTED_IMAGE_STYLE} /> : <InsertDriveFile color="action" />}
    </ThumbnailFrame>
  );
}

export function MediaPickerDialog({ onPick, onClose, filter }: { onPick: (media: MediaDto) => void; onClose: () => void; filter?: Record<string, string> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [q, setQ] = useState('');
  const [locale] = useLocaleState();
  const { data: limits } = useUploadLimits();
  const { data, isPending, refetch } = useGetList<MediaDto>('medias', {
    filter: { ...filter, ...(q.trim() ? { q: q.trim() } : {}) },
    pagination: { page: 1, perPage: 30 },
    sort: { field: 'id', order: 'DESC' },
  });
  const queryClient = useQueryClient();
  // null while idle, else the fraction sent: the picker shows a bar like the library's upload screen.
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;
  const upload = (file: File) => {
    const problem = uploadProblem(file, limits, locale, translate);
    if (problem) {
      notify(problem, { type: 'error' });
      return;
    }
    setProgress(0);
    uploadMedia(file, { name: file.name }, setProgress)
      .then((media) => {
        void queryClient.invalidateQueries({ queryKey: ['medias'] });
        void refetch();
        onPick(media);
      })
      .catch((failure: Error) => notify(failure.message, { type: 'error' }))
      .finally(() => setProgress(null));
  };
  return (
    <PickerDialog titleId="media-picker-title" title={translate('cms.blocks.media_choose_title')} maxWidth="md" onClose={onClose}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2, mt: 1 }}>
        <TextField
          size="small"
          label={translate('cms.blocks.media_search')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          sx={{ flex: 1, minWidth: 200 }}
        />
        <Button component="label" variant="outlined" startIcon={uploading ? <CircularProgress size={16} /> : <CloudUpload />} disabled={uploading}>
          {translate(uploading ? 'cms.blocks.media_uploading' : 'cms.blocks.media_upload')}
          <input
            hidden
            type="file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) upload(file);
            }}
          />
        </Button>
      </Box>
      {uploading && (
        <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={translate('cms.blocks.media_uploading')} sx={{ mb: 2 }} />
      )}
      {isPending ? (
        <CircularProgress />
      ) : !data?.length ? (
        <Typography color="text.secondary">{translate('cms.blocks.media_none')}</Typography>
      ) : (
        <Box
          role="listbox"
          aria-label={translate('cms.blocks.media_choose_title')}
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 1.5 }}
        >
          {data.map((media) => (
            <ButtonBase
              key={media.id}
              role="option"
              aria-label={media.name}
              onClick={() => onPick(media)}
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'stretch',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                p: 0.5,
                '&:hover': { borderColor: 'primary.main' },
              }}
            >
              <Thumbnail media={media} size={110} />
              <Typography variant="caption" noWrap sx={{ mt: 0.5 }}>
                {media.name}
              </Typography>
            </ButtonBase>
          ))}
        </Box>
      )}
    </PickerDialog>
  );
}

/** A media id, picked from the library's thumbnails (searchable) or uploaded on the spot. */
export function MediaIdInput({
  source,
  label,
  required,
  helperText,
  filter,
}: {
  source: string;
  label: string;
  required?: boolean;
  helperText?: string;
  filter?: Record<string, string>;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { field, fieldState, id } = useInput({ source, validate: required ? requiredValidator() : undefined });
  const mediaId = typeof field.value === 'number' ? field.value : null;
  const { data: media } = useGetOne<MediaDto>('medias', { id: mediaId ?? 0 }, { enabled: mediaId !== null });
  return (
    <Box role="group" aria-labelledby={`${id}-label`} sx={{ my: 1 }}>
      <Typography id={`${id}-label`} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {required ? `${label} *` : label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        {media ? <Thumbnail media={media} size={72} /> : null}
        <Typography variant="body2" sx={{ minWidth: 0, flex: '0 1 auto' }} noWrap>
          {media ? media.name : mediaId !== null ? `#${mediaId}` : translate('cms.blocks.media_none_chosen')}
        </Typography>
        <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
          {translate(mediaId !== null ? 'cms.blocks.media_change' : 'cms.blocks.media_choose')}
        </Button>
        {mediaId !== null && (
          <Button size="small" color="error" onClick={() => field.onChange(null)}>
            {translate('cms.blocks.media_remove')}
          </Button>
        )}
      </Box>
      <InputMessages helperText={helperText} error={fieldState.error?.message} />
      {open && (
        <MediaPickerDialog
          filter={filter}
          onClose={() => setOpen(false)}
          onPick={(picked) => {
            field.onChange(picked.id);
            setOpen(false);
          }}
        />
      )}
    </Box>
  );
}

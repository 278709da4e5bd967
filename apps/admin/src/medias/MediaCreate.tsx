import type { MediaDto, MediaPackDto } from '@cms/contracts';
import CloudUpload from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { Title, useCreatePath, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { FITTED_IMAGE_STYLE, ThumbnailFrame } from '../blocks/MediaIdInput';
import { formatSize } from './media-format';
import { MEDIA_PACKS_RESOURCE } from './MediaList';
import { uploadMedia, uploadProblem, useUploadLimits } from './upload';

interface QueuedFile {
  key: number;
  file: File;
  /** An object URL for images, shown while and after the upload. */
  preview: string | null;
  state: 'refused' | 'uploading' | 'done' | 'failed';
  progress: number;
  message?: string;
  media?: MediaDto;
}

let nextKey = 1;

/** Several files at once, each checked against the server's limits and sent with its own progress bar. */
export function MediaCreate() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const createPath = useCreatePath();
  const queryClient = useQueryClient();
  const { data: limits } = useUploadLimits();
  const { data: packs } = useGetList<MediaPackDto>(MEDIA_PACKS_RESOURCE, { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  const [packId, setPackId] = useState<number | ''>('');
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const aborts = useRef(new Set<AbortController>());

  useEffect(() => {
    const pending = aborts.current;
    return () => pending.forEach((controller) => controller.abort());
  }, []);
  useEffect(() => () => queue.forEach((item) => item.preview && URL.revokeObjectURL(item.preview)), []); // eslint-disable-line react-hooks/exhaustive-deps

  const patch = (key: number, change: Partial<QueuedFile>) => setQueue((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const add = (files: File[]) => {
    const added = files.map((file): QueuedFile => {
      const problem = uploadProblem(file, limits, locale, translate);
      return {
        key: nextKey++,
        file,
        preview: !problem && file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
        state: problem ? 'refused' : 'uploading',
        progress: 0,
        message: problem ?? undefined,
      };
    });
    setQueue((items) => [...added, ...items]);
    for (const item of added.filter((queued) => queued.state === 'uploading')) {
      const controller = new AbortController();
      aborts.current.add(controller);
      uploadMedia(item.file, { packId: packId === '' ? null : packId }, (progress) => patch(item.key, { progress }), controller.signal)
        .then((media) => {
          patch(item.key, { state: 'done', progress: 1, media });
          void queryClient.invalidateQueries({ queryKey: ['medias'] });
          void queryClient.invalidateQueries({ queryKey: [MEDIA_PACKS_RESOURCE] });
        })
        .catch((error: Error) => {
          if (error.name !== 'AbortError') patch(item.key, { state: 'failed', message: error.message });
        })
        .finally(() => aborts.current.delete(controller));
    }
  };

  const { getRootProps, getInputProps, isDragActive } = useDropzone({ onDrop: add, multiple: true, noKeyboard: false });
  const accepted = limits
    ? translate('cms.medias.accepted', { types: limits.types.map((type) => type.label).join(', '), max: formatSize(limits.maxBytes, locale, translate) })
    : '';

  return (
    <Box sx={{ maxWidth: 760, mt: 2 }}>
      <Title title="cms.medias.upload" />
      <Card>
        <CardContent>
          <TextField
            select
            size="small"
            label={translate('cms.fields.pack')}
            value={packId}
            onChange={(event) => setPackId(event.target.value === '' ? '' : Number(event.target.value))}
            sx={{ minWidth: 240, mb: 2 }}
          >
            <MenuItem value="">{translate('cms.medias.no_pack')}</MenuItem>
            {(packs ?? []).map((pack) => (
              <MenuItem key={pack.id} value={pack.id}>
                {pack.name}
              </MenuItem>
            ))}
          </TextField>
          <Box
            {...getRootProps()}
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: isDragActive ? 'primary.main' : 'divider',
              borderRadius: 2,
              p: 4,
              textAlign: 'center',
              cursor: 'pointer',
              bgcolor: isDragActive ? 'action.hover' : undefined,
            }}
          >
            <input {...getInputProps()} multiple aria-label={translate('cms.medias.choose_files')} />
            <CloudUpload color="action" sx={{ fontSize: 40 }} />
            <Typography>{translate('cms.medias.drop_many')}</Typography>
            <Typography variant="caption" color="text.secondary">
              {accepted}
            </Typography>
          </Box>
          <Box component="ul" aria-label={translate('cms.medias.queue')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
            {queue.map((item) => (
              <Box
                component="li"
                key={item.key}
                aria-label={item.file.name}
                sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 1, borderBottom: 1, borderColor: 'divider' }}
              >
                <ThumbnailFrame size={56}>{item.preview ? <img src={item.preview} alt="" style={FITTED_IMAGE_STYLE} /> : null}</ThumbnailFrame>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                    {item.media ? (
                      <Link component={RouterLink} to={createPath({ resource: 'medias', type: 'edit', id: item.media.id })}>
                        {item.media.name}
                      </Link>
                    ) : (
                      item.file.name
                    )}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {formatSize(item.file.size, locale, translate)}
                      {item.media?.width && item.media.height ? ` · ${item.media.width}×${item.media.height}` : ''}
                    </Typography>
                  </Typography>
                  {item.state === 'uploading' && (
                    <LinearProgress
                      variant="determinate"
                      value={Math.round(item.progress * 100)}
                      aria-label={translate('cms.medias.uploading', { name: item.file.name })}
                      sx={{ mt: 0.5 }}
                    />
                  )}
                  {item.state === 'done' && (
                    <Typography variant="caption" color="success.main">
                      {translate('cms.medias.uploaded')}
                    </Typography>
                  )}
                  {(item.state === 'refused' || item.state === 'failed') && (
                    <Typography variant="caption" color="error" role="alert">
                      {item.message}
                    </Typography>
                  )}
                </Box>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

import type { MediaDto } from '@cms/contracts';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useGetMany } from 'react-admin';
import { Thumbnail } from '../blocks/MediaIdInput';

/** Media ids drawn as the library draws them: small thumbnails, the name in a tooltip. */
export function MediaThumbnails({ ids }: { ids: number[] }) {
  const { data } = useGetMany<MediaDto>('medias', { ids });
  const byId = new Map((data ?? []).map((media) => [Number(media.id), media]));
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {ids.map((id) => {
        const media = byId.get(id);
        return (
          <Tooltip key={id} title={media?.name ?? `#${id}`}>
            <span data-testid="history-thumbnail">
              <Thumbnail media={media ?? { uri: '', mimeType: '', name: `#${id}`, alt: {} }} size={56} />
            </span>
          </Tooltip>
        );
      })}
    </Stack>
  );
}

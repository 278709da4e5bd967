import type { MediaDto } from '@cms/contracts';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DeleteButton, Edit, required, SaveButton, SimpleForm, TextInput, Toolbar, useRecordContext } from 'react-admin';
import { formatSize } from './media-format';
import { AltInputs, PackInput } from './MediaInputs';
import { MediaThumbnail } from './MediaList';

function MediaTitle() {
  const record = useRecordContext<MediaDto>();
  return <>{record ? `Media ${record.name}` : 'Media'}</>;
}

function MediaEditToolbar() {
  const record = useRecordContext<MediaDto>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" confirmTitle={record ? `Delete the media ${record.name}?` : undefined} />
    </Toolbar>
  );
}

function MediaPreview() {
  const record = useRecordContext<MediaDto>();
  if (!record) return null;
  return (
    <>
      <MediaThumbnail media={record} height={220} />
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {record.mimeType} · {formatSize(record.size)}
        {record.width && record.height ? ` · ${record.width}×${record.height}` : ''} ·{' '}
        <Link href={record.url} target="_blank" rel="noopener">
          Open the file
        </Link>
      </Typography>
    </>
  );
}

export function MediaEdit() {
  return (
    <Edit title={<MediaTitle />} mutationMode="pessimistic" redirect="list">
      <SimpleForm sx={{ maxWidth: 560 }} toolbar={<MediaEditToolbar />}>
        <MediaPreview />
        <TextInput source="name" label="Name" validate={required()} fullWidth />
        <AltInputs />
        <PackInput />
      </SimpleForm>
    </Edit>
  );
}

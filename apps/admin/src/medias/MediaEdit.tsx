import type { MediaDto } from '@cms/contracts';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Edit, required, SimpleForm, TextInput, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatSize } from './media-format';
import { AltInputs, PackInput } from './MediaInputs';
import { MediaThumbnail } from './MediaList';
import { EditToolbar } from '../components/resource-screens';
import { UNSAVED_GUARD } from '../components/unsaved-guard';

function MediaTitle() {
  const record = useRecordContext<MediaDto>();
  const translate = useTranslate();
  return <>{record ? translate('cms.medias.edit_title', { name: record.name }) : translate('resources.medias.name', { smart_count: 1 })}</>;
}

const MediaEditToolbar = () => <EditToolbar<MediaDto> confirm={(record) => ['cms.medias.delete_confirm', { name: record.name }]} />;

function MediaPreview() {
  const record = useRecordContext<MediaDto>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  return (
    <>
      <MediaThumbnail media={record} height={220} />
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {record.mimeType} · {formatSize(record.size, locale, translate)}
        {record.width && record.height ? ` · ${record.width}×${record.height}` : ''} ·{' '}
        <Link href={record.url} target="_blank" rel="noopener">
          {translate('cms.medias.open_file')}
        </Link>
      </Typography>
    </>
  );
}

export function MediaEdit() {
  return (
    <Edit title={<MediaTitle />} mutationMode="pessimistic" redirect="list">
      <SimpleForm {...UNSAVED_GUARD} sx={{ maxWidth: 560 }} toolbar={<MediaEditToolbar />}>
        <MediaPreview />
        <TextInput source="name" label="cms.fields.name" validate={required()} fullWidth />
        <AltInputs />
        <PackInput />
      </SimpleForm>
    </Edit>
  );
}

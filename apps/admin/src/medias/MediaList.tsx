import type { MediaDto } from '@cms/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import Movie from '@mui/icons-material/Movie';
import {
  CreateButton,
  DataTable,
  List,
  Pagination,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  useCreatePath,
  useListContext,
  useRecordContext,
  Button,
  useLocaleState,
  useStore,
  useTranslate,
} from 'react-admin';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import GridView from '@mui/icons-material/GridView';
import ViewList from '@mui/icons-material/ViewList';
import { Link as RouterLink } from 'react-router-dom';
import { formatSizeAndDimensions, thumbnailUrl } from './media-format';
import Folder from '@mui/icons-material/Folder';

export const MEDIA_PACKS_RESOURCE = 'medias/packs';

type MediaView = 'grid' | 'list';
const useMediaView = () => useStore<MediaView>('medias.view', 'grid');

function MediaListActions() {
  const packsPath = useCreatePath()({ resource: MEDIA_PACKS_RESOURCE, type: 'list' });
  const translate = useTranslate();
  const [view, setView] = useMediaView();
  return (
    <TopToolbar>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        onChange={(_event, next: MediaView | null) => next && setView(next)}
        aria-label={translate('cms.medias.view')}
      >
        <ToggleButton value="grid" aria-label={translate('cms.medias.view_grid')}>
          <GridView fontSize="small" />
        </ToggleButton>
        <ToggleButton value="list" aria-label={translate('cms.medias.view_list')}>
          <ViewList fontSize="small" />
        </ToggleButton>
      </ToggleButtonGroup>
      <Button label="cms.medias.packs" component={RouterLink} to={packsPath}>
        <Folder />
      </Button>
      <CreateButton label="cms.medias.upload" />
    </TopToolbar>
  );
}

export function MediaThumbnail({ media, height = 140 }: { media: MediaDto; height?: number }) {
  const src = thumbnailUrl(media);
  return (
    <Box sx={{ width: '100%', height, bgcolor: 'grey.100', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
      {src ? (
        <img src={src} alt={media.alt?.en ?? ''} loading="lazy" style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
      ) : media.mimeType.startsWith('video/') ? (
        <Movie color="action" sx={{ fontSize: 48 }} />
      ) : (
        <InsertDriveFile color="action" sx={{ fontSize: 48 }} />
      )}
    </Box>
  );
}

function MediaGrid() {
  const { data, isPending } = useListContext<MediaDto>();
  const createPath = useCreatePath();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (isPending || !data) return null;
  if (data.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
        {translate('cms.medias.empty')}
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      aria-label={translate('cms.medias.grid')}
      sx={{ listStyle: 'none', m: 0, p: 2, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}
    >
      {data.map((media) => (
        <li key={media.id}>
          <Card variant="outlined">
            <CardActionArea component={RouterLink} to={createPath({ resource: 'medias', type: 'edit', id: media.id })}>
              <MediaThumbnail media={media} />
              <CardContent sx={{ py: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={media.name}>
                  {media.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {media.mimeType} · {formatSizeAndDimensions(media, locale, translate)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Box>
  );
}

function MediaDetails() {
  const media = useRecordContext<MediaDto>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!media) return null;
  return <>{formatSizeAndDimensions(media, locale, translate)}</>;
}

function SmallThumbnail() {
  const media = useRecordContext<MediaDto>();
  return media ? (
    <Box sx={{ width: 64 }}>
      <MediaThumbnail media={media} height={48} />
    </Box>
  ) : null;
}

/** The same page of media as a table: easier to scan names, types and sizes. */
function MediaTable() {
  return (
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col label="cms.medias.preview" disableSort>
        <SmallThumbnail />
      </DataTable.Col>
      <DataTable.Col source="name" label="cms.fields.name" />
      <DataTable.Col source="mimeType" label="cms.medias.type" />
      <DataTable.Col source="size" label="cms.medias.size">
        <MediaDetails />
      </DataTable.Col>
    </DataTable>
  );
}

function MediaListBody() {
  const [view] = useMediaView();
  return view === 'list' ? <MediaTable /> : <MediaGrid />;
}

export function MediaList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('cms.search.by_name')} />,
    <ReferenceInput key="packId" source="packId" reference={MEDIA_PACKS_RESOURCE} alwaysOn sort={{ field: 'name', order: 'ASC' }} perPage={100}>
      <SelectInput label="cms.fields.pack" optionText="name" emptyText="cms.medias.all_packs" />
    </ReferenceInput>,
  ];
  return (
    <List
      title="cms.medias.list_title"
      filters={filters}
      sort={{ field: 'uploadTime', order: 'DESC' }}
      perPage={24}
      actions={<MediaListActions />}
      pagination={<Pagination rowsPerPageOptions={[12, 24, 48, 96]} />}
      empty={false}
    >
      <MediaListBody />
    </List>
  );
}

import Folder from '@mui/icons-material/Folder';
import type { MediaPackDto } from '@cms/contracts';
import {
  Create,
  CreateButton,
  DataTable,
  DateField,
  DeleteButton,
  Edit,
  List,
  NumberField,
  required,
  SaveButton,
  SearchInput,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  useRecordContext,
} from 'react-admin';

const PackListActions = () => (
  <TopToolbar>
    <CreateButton label="Create a media pack" />
  </TopToolbar>
);

export function MediaPackList() {
  return (
    <List
      title="Media packs"
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search by name" />]}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      actions={<PackListActions />}
      empty={false}
    >
      <DataTable>
        <DataTable.Col source="name" label="Name" />
        <DataTable.Col source="mediaCount" label="Medias">
          <NumberField source="mediaCount" />
        </DataTable.Col>
        <DataTable.Col source="updatedAt" label="Updated">
          <DateField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

export function MediaPackCreate() {
  return (
    <Create title="Create a media pack" redirect="list">
      <SimpleForm sx={{ maxWidth: 480 }}>
        <TextInput source="name" label="Name" validate={required()} fullWidth />
      </SimpleForm>
    </Create>
  );
}

function PackTitle() {
  const record = useRecordContext<MediaPackDto>();
  return <>{record ? `Media pack ${record.name}` : 'Media pack'}</>;
}

function PackToolbar() {
  const record = useRecordContext<MediaPackDto>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" confirmTitle={record ? `Delete the media pack ${record.name}?` : undefined} />
    </Toolbar>
  );
}

export function MediaPackEdit() {
  return (
    <Edit title={<PackTitle />} mutationMode="pessimistic" redirect="list">
      <SimpleForm sx={{ maxWidth: 480 }} toolbar={<PackToolbar />}>
        <TextInput source="name" label="Name" validate={required()} fullWidth />
        <NumberField source="mediaCount" label="Medias" />
      </SimpleForm>
    </Edit>
  );
}

export default {
  list: MediaPackList,
  create: MediaPackCreate,
  edit: MediaPackEdit,
  icon: Folder,
  recordRepresentation: 'name',
};

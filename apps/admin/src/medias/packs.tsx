import Folder from '@mui/icons-material/Folder';
import type { MediaPackDto } from '@cms/contracts';
import { Create, DataTable, Edit, List, required, SearchInput, SimpleForm, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { LocaleNumberField } from '../components/LocaleDateField';
import { PackMediaInput } from './MediaIdsInput';
import { EditToolbar, CreateListActions, UpdatedColumn } from '../components/resource-screens';
import { UNSAVED_GUARD } from '../components/unsaved-guard';

function MediaPackList() {
  const translate = useTranslate();
  return (
    <List
      title="cms.packs.list_title"
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('cms.search.by_name')} />]}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      actions={<CreateListActions label="cms.packs.create" />}
      empty={false}
    >
      <DataTable>
        <DataTable.Col source="name" label="cms.fields.name" />
        <DataTable.Col source="mediaCount" label="cms.packs.medias">
          <LocaleNumberField source="mediaCount" />
        </DataTable.Col>
        <UpdatedColumn />
      </DataTable>
    </List>
  );
}

function MediaPackCreate() {
  return (
    <Create title="cms.packs.create" redirect="list">
      <SimpleForm {...UNSAVED_GUARD} sx={{ maxWidth: 480 }}>
        <TextInput source="name" label="cms.fields.name" validate={required()} fullWidth />
      </SimpleForm>
    </Create>
  );
}

function PackTitle() {
  const record = useRecordContext<MediaPackDto>();
  const translate = useTranslate();
  return <>{record ? translate('cms.packs.edit_title', { name: record.name }) : translate('resources.medias/packs.name', { smart_count: 1 })}</>;
}

const PackToolbar = () => <EditToolbar<MediaPackDto> confirm={(record) => ['cms.packs.delete_confirm', { name: record.name }]} />;

function MediaPackEdit() {
  return (
    <Edit title={<PackTitle />} mutationMode="pessimistic" redirect="list">
      <SimpleForm {...UNSAVED_GUARD} sx={{ maxWidth: 720 }} toolbar={<PackToolbar />}>
        <TextInput source="name" label="cms.fields.name" validate={required()} fullWidth />
        <PackMediaInput />
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

import { type ElementDto, Status } from '@cms/contracts';
import Widgets from '@mui/icons-material/Widgets';
import { Create, DataTable, Edit, List, required, SearchInput, SelectInput, SimpleForm, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { initialContent } from '../blocks/block-values';
import { blockChoices, BlockContentInputs, useBlockChoiceText } from '../components/block-inputs';
import { STATUS_CHOICES } from '../containers/ContainerInputs';
import { EditToolbar, CreateListActions, HistoryActions, UpdatedColumn, StatusColumn } from '../components/resource-screens';
import { EditExtras } from '../history/EditExtras';
import { EditSessionProvider } from '../history/EditSession';
import { useSaveErrors } from '../history/use-save-errors';
import { UNSAVED_GUARD } from '../components/unsaved-guard';

function ElementList() {
  const translate = useTranslate();
  const blockText = useBlockChoiceText();
  return (
    <List
      title="cms.elements.list_title"
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder={translate('cms.search.by_title')} />,
        <SelectInput
          key="block"
          source="block"
          label="cms.fields.block"
          choices={blockChoices(true)}
          optionText={blockText}
          alwaysOn
          emptyText="cms.elements.all_blocks"
        />,
      ]}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={25}
      actions={<CreateListActions label="cms.elements.create" />}
      empty={false}
    >
      <DataTable>
        <DataTable.Col source="title" label="cms.fields.title" />
        <DataTable.Col source="block" label="cms.fields.block" />
        <StatusColumn />
        <UpdatedColumn />
      </DataTable>
    </List>
  );
}

function ElementInputs() {
  const blockText = useBlockChoiceText();
  const { setValue } = useFormContext();
  return (
    <>
      <TextInput source="title" label="cms.fields.title" validate={required()} fullWidth />
      <SelectInput
        source="block"
        label="cms.fields.block"
        choices={blockChoices(true)}
        optionText={blockText}
        validate={required()}
        fullWidth
        // Another block takes other properties: its content starts afresh.
        onChange={(event) => setValue('content', initialContent(String('target' in event ? event.target.value : event.id)), { shouldDirty: true })}
      />
      <SelectInput source="status" label="cms.fields.status" choices={STATUS_CHOICES} validate={required()} />
      <BlockContentInputs />
    </>
  );
}

function ElementCreate() {
  return (
    <Create title="cms.elements.create" redirect="list">
      <SimpleForm sx={{ maxWidth: 720 }} defaultValues={{ status: Status.AVAILABLE, content: {} }} {...UNSAVED_GUARD}>
        <ElementInputs />
      </SimpleForm>
    </Create>
  );
}

function ElementTitle() {
  const record = useRecordContext<ElementDto>();
  const translate = useTranslate();
  return <>{record ? translate('cms.elements.edit_title', { title: record.title }) : translate('resources.elements.name', { smart_count: 1 })}</>;
}

const ElementToolbar = () => <EditToolbar<ElementDto> confirm={(record) => ['cms.elements.delete_confirm', { title: record.title }]} />;

function ElementEditScreen() {
  const onError = useSaveErrors();
  return (
    <Edit title={<ElementTitle />} mutationMode="pessimistic" redirect="list" actions={<HistoryActions />} mutationOptions={{ onError }}>
      <SimpleForm sx={{ maxWidth: 720 }} toolbar={<ElementToolbar />} {...UNSAVED_GUARD}>
        <EditExtras />
        <ElementInputs />
      </SimpleForm>
    </Edit>
  );
}

/** An element's edit screen, with its history, and a conflict dialog when someone else saved first. */
function ElementEdit() {
  return (
    <EditSessionProvider>
      <ElementEditScreen />
    </EditSessionProvider>
  );
}

export default {
  list: ElementList,
  create: ElementCreate,
  edit: ElementEdit,
  icon: Widgets,
  recordRepresentation: 'title',
};

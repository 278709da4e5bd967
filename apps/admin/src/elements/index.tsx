import { type ElementDto, Status } from '@cms/contracts';
import Widgets from '@mui/icons-material/Widgets';
import {
  Create,
  CreateButton,
  DataTable,
  DateField,
  DeleteButton,
  Edit,
  List,
  required,
  SaveButton,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { blockChoices, BlockContentInputs } from '../components/block-inputs';
import { STATUS_CHOICES } from '../containers/ContainerInputs';

const ElementListActions = () => (
  <TopToolbar>
    <CreateButton label="Create an element" />
  </TopToolbar>
);

export function ElementList() {
  return (
    <List
      title="Elements"
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder="Search by title" />,
        <SelectInput key="block" source="block" label="Block" choices={blockChoices(true)} alwaysOn emptyText="All blocks" />,
      ]}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={25}
      actions={<ElementListActions />}
      empty={false}
    >
      <DataTable>
        <DataTable.Col source="title" label="Title" />
        <DataTable.Col source="block" label="Block" />
        <DataTable.Col source="status" label="Status">
          <SelectField source="status" choices={STATUS_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="updatedAt" label="Updated">
          <DateField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function ElementInputs() {
  return (
    <>
      <TextInput source="title" label="Title" validate={required()} fullWidth />
      <SelectInput source="block" label="Block" choices={blockChoices(true)} validate={required()} fullWidth />
      <SelectInput source="status" label="Status" choices={STATUS_CHOICES} validate={required()} />
      <BlockContentInputs />
    </>
  );
}

export function ElementCreate() {
  return (
    <Create title="Create an element" redirect="list">
      <SimpleForm sx={{ maxWidth: 720 }} defaultValues={{ status: Status.AVAILABLE, content: {} }}>
        <ElementInputs />
      </SimpleForm>
    </Create>
  );
}

function ElementTitle() {
  const record = useRecordContext<ElementDto>();
  return <>{record ? `Element ${record.title}` : 'Element'}</>;
}

function ElementToolbar() {
  const record = useRecordContext<ElementDto>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" confirmTitle={record ? `Delete the element ${record.title}?` : undefined} />
    </Toolbar>
  );
}

export function ElementEdit() {
  return (
    <Edit title={<ElementTitle />} mutationMode="pessimistic" redirect="list">
      <SimpleForm sx={{ maxWidth: 720 }} toolbar={<ElementToolbar />}>
        <ElementInputs />
      </SimpleForm>
    </Edit>
  );
}

export default {
  list: ElementList,
  create: ElementCreate,
  edit: ElementEdit,
  icon: Widgets,
  recordRepresentation: 'title',
};

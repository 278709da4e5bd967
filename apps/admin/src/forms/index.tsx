import { type FormDto, Lang } from '@cms/contracts';
import DynamicForm from '@mui/icons-material/DynamicForm';
import { useState } from 'react';
import {
  Create,
  CreateButton,
  DataTable,
  DateField,
  DeleteButton,
  Edit,
  List,
  SaveButton,
  SearchInput,
  SelectField,
  SimpleForm,
  Toolbar,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { LocaleSwitcher } from '../components/LocaleSwitcher';
import { STATUS_CHOICES } from '../containers/ContainerInputs';
import { FORM_DEFAULTS, FormFieldsInput, FormMainInputs } from './FormInputs';

const FormListActions = () => (
  <TopToolbar>
    <CreateButton label="Create a form" />
  </TopToolbar>
);

export function FormList() {
  return (
    <List
      title="Forms"
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search by title" />]}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={25}
      actions={<FormListActions />}
      empty={false}
    >
      <DataTable>
        <DataTable.Col source="title" label="Title" />
        <DataTable.Col source="status" label="Status">
          <SelectField source="status" choices={STATUS_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="sendTo" label="Sent to" disableSort />
        <DataTable.Col source="updatedAt" label="Updated">
          <DateField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

export function FormCreate() {
  return (
    <Create title="Create a form" redirect="edit" mutationOptions={{ meta: { locale: Lang.en } }}>
      <SimpleForm defaultValues={FORM_DEFAULTS}>
        <FormMainInputs />
        <FormFieldsInput locale={Lang.en} />
      </SimpleForm>
    </Create>
  );
}

function FormTitle() {
  const record = useRecordContext<FormDto>();
  return <>{record ? `Form ${record.title}` : 'Form'}</>;
}

function FormEditToolbar() {
  const record = useRecordContext<FormDto>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" confirmTitle={record ? `Delete the form ${record.title}?` : undefined} />
    </Toolbar>
  );
}

function FormEditForm({ locale }: { locale: Lang }) {
  const record = useRecordContext<FormDto>();
  return (
    <SimpleForm toolbar={<FormEditToolbar />}>
      <FormMainInputs />
      <FormFieldsInput locale={locale} fallback={!!record && record.fieldsLocale !== locale} />
    </SimpleForm>
  );
}

export function FormEdit() {
  const [locale, setLocale] = useState<Lang>(Lang.en);
  return (
    <>
      <LocaleSwitcher value={locale} onChange={setLocale} />
      <Edit title={<FormTitle />} mutationMode="pessimistic" redirect={false} queryOptions={{ meta: { locale } }} mutationOptions={{ meta: { locale } }}>
        <FormEditForm locale={locale} />
      </Edit>
    </>
  );
}

export default {
  list: FormList,
  create: FormCreate,
  edit: FormEdit,
  icon: DynamicForm,
  recordRepresentation: 'title',
};

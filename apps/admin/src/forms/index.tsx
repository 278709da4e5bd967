import { type FormDto, Lang } from '@cms/contracts';
import DynamicForm from '@mui/icons-material/DynamicForm';
import { Create, DataTable, List, SearchInput, SimpleForm, useRecordContext, useTranslate } from 'react-admin';
import { DraftKeeper } from '../components/DraftKeeper';
import { EditExtras } from '../history/EditExtras';
import { FORM_DEFAULTS, FormFieldsInput, FormMainInputs } from './FormInputs';
import { EditToolbar, CreateListActions, UpdatedColumn, StatusColumn, LocaleEdit } from '../components/resource-screens';
import { UNSAVED_GUARD } from '../components/unsaved-guard';

function FormList() {
  const translate = useTranslate();
  return (
    <List
      title="cms.forms.list_title"
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('cms.search.by_title')} />]}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={25}
      actions={<CreateListActions label="cms.forms.create" />}
      empty={false}
    >
      <DataTable>
        <DataTable.Col source="title" label="cms.fields.title" />
        <StatusColumn />
        <DataTable.Col source="sendTo" label="cms.forms.sent_to" disableSort />
        <UpdatedColumn />
      </DataTable>
    </List>
  );
}

function FormCreate() {
  return (
    <Create title="cms.forms.create" redirect="edit" mutationOptions={{ meta: { locale: Lang.en } }}>
      <SimpleForm defaultValues={FORM_DEFAULTS} {...UNSAVED_GUARD}>
        <FormMainInputs />
        <FormFieldsInput locale={Lang.en} />
      </SimpleForm>
    </Create>
  );
}

function FormTitle() {
  const record = useRecordContext<FormDto>();
  const translate = useTranslate();
  return <>{record ? translate('cms.forms.edit_title', { title: record.title }) : translate('resources.forms.name', { smart_count: 1 })}</>;
}

const FormEditToolbar = () => <EditToolbar<FormDto> confirm={(record) => ['cms.forms.delete_confirm', { title: record.title }]} />;

function FormEditForm({ locale }: { locale: Lang }) {
  const record = useRecordContext<FormDto>();
  return (
    <SimpleForm toolbar={<FormEditToolbar />} {...UNSAVED_GUARD}>
      <DraftKeeper />
      <EditExtras />
      <FormMainInputs />
      <FormFieldsInput locale={locale} fallback={!!record && record.fieldsLocale !== locale} />
    </SimpleForm>
  );
}

function FormEdit() {
  return <LocaleEdit title={<FormTitle />}>{(locale) => <FormEditForm locale={locale} />}</LocaleEdit>;
}

export default {
  list: FormList,
  create: FormCreate,
  edit: FormEdit,
  icon: DynamicForm,
  recordRepresentation: 'title',
};

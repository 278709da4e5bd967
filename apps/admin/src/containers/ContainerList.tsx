import { BooleanField, DataTable, List, SearchInput, SelectField, useTranslate } from 'react-admin';
import { LocaleDateField } from '../components/LocaleDateField';
import { STATUS_CHOICES } from './ContainerInputs';
import { CreateListActions } from '../components/resource-screens';


export function ContainerList() {
  const translate = useTranslate();
  return (
    <List
      title="cms.containers.list_title"
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('cms.search.by_title')} />]}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={25}
      actions={<CreateListActions label="cms.containers.create" />}
      empty={false}
    >
      <DataTable>
        <DataTable.Col source="title" label="cms.fields.title" />
        <DataTable.Col source="published" label="cms.fields.published">
          <BooleanField source="published" />
        </DataTable.Col>
        <DataTable.Col source="status" label="cms.fields.status">
          <SelectField source="status" choices={STATUS_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="updatedAt" label="cms.fields.updated">
          <LocaleDateField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

import { DataTable, List, SearchInput, useTranslate } from 'react-admin';
import { CreateListActions, UpdatedColumn, PublishedColumn, StatusColumn } from '../components/resource-screens';

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
        <PublishedColumn />
        <StatusColumn />
        <UpdatedColumn />
      </DataTable>
    </List>
  );
}

import { BooleanField, CreateButton, DataTable, DateField, List, SearchInput, SelectField, TopToolbar } from 'react-admin';
import { STATUS_CHOICES } from './ContainerInputs';

const ContainerListActions = () => (
  <TopToolbar>
    <CreateButton label="Create a container" />
  </TopToolbar>
);

export function ContainerList() {
  return (
    <List
      title="Containers"
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search by title" />]}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={25}
      actions={<ContainerListActions />}
      empty={false}
    >
      <DataTable>
        <DataTable.Col source="title" label="Title" />
        <DataTable.Col source="published" label="Published">
          <BooleanField source="published" />
        </DataTable.Col>
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

import {
  CreateButton,
  DataTable,
  DateField,
  EmailField,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useCanAccess,
} from 'react-admin';
import { ROLES_RESOURCE } from '../roles/resource-name';

const UserListActions = () => (
  <TopToolbar>
    <CreateButton label="Create a user" />
  </TopToolbar>
);

export function UserList() {
  // The role names come from the roles API, which needs VIEW_ROLE: without it, show the keys.
  const { canAccess: canListRoles } = useCanAccess({ resource: ROLES_RESOURCE, action: 'list' });
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Search by name or e-mail" />,
    ...(canListRoles
      ? [
          <ReferenceInput key="roleId" source="roleId" reference={ROLES_RESOURCE} alwaysOn sort={{ field: 'name', order: 'ASC' }}>
            <SelectInput label="Role" optionText="name" emptyText="All roles" />
          </ReferenceInput>,
        ]
      : []),
  ];

  return (
    <List title="Users" filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25} actions={<UserListActions />}>
      <DataTable>
        <DataTable.Col source="name" label="Name" />
        <DataTable.Col source="email" label="E-mail" field={EmailField} />
        <DataTable.Col source="roleId" label="Role" disableSort>
          {canListRoles ? (
            <ReferenceField source="roleId" reference={ROLES_RESOURCE} link={false} />
          ) : (
            <TextField source="roleId" />
          )}
        </DataTable.Col>
        <DataTable.Col source="updatedAt" label="Updated">
          <DateField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

import { type RoleDto, SUPER_ADMIN_ROLE_ID } from '@cms/contracts';
import Chip from '@mui/material/Chip';
import { CreateButton, DataTable, DateField, List, SearchInput, TopToolbar, useCanAccess } from 'react-admin';
import { ROLES_RESOURCE } from './resource-name';

const RoleListActions = () => (
  <TopToolbar>
    <CreateButton label="Create a role" />
  </TopToolbar>
);

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search roles" />];

function RightsCount({ record }: { record: RoleDto }) {
  if (record.id === SUPER_ADMIN_ROLE_ID) return <Chip size="small" color="primary" label="Every right" />;
  return <>{`${record.rights?.length ?? 0} right${record.rights?.length === 1 ? '' : 's'}`}</>;
}

export function RoleList() {
  const { canAccess: canEdit } = useCanAccess({ resource: ROLES_RESOURCE, action: 'edit' });
  return (
    <List title="Roles" filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25} actions={<RoleListActions />}>
      <DataTable<RoleDto>
        // The super-admin role cannot be edited or deleted.
        rowClick={(_id, _resource, record) => (canEdit && record.id !== SUPER_ADMIN_ROLE_ID ? 'edit' : false)}
        isRowSelectable={(record) => record.id !== SUPER_ADMIN_ROLE_ID}
      >
        <DataTable.Col source="name" label="Name" />
        <DataTable.Col source="id" label="Key" />
        <DataTable.Col label="Rights" disableSort render={(record: RoleDto) => <RightsCount record={record} />} />
        <DataTable.Col source="updatedAt" label="Updated">
          <DateField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

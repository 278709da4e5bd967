import { type RoleDto, SUPER_ADMIN_ROLE_ID } from '@cms/contracts';
import Chip from '@mui/material/Chip';
import { DataTable, List, SearchInput, useCanAccess, useTranslate } from 'react-admin';
import { ROLES_RESOURCE } from './resource-name';
import { CreateListActions, UpdatedColumn } from '../components/resource-screens';

function RightsCount({ record }: { record: RoleDto }) {
  const translate = useTranslate();
  if (record.id === SUPER_ADMIN_ROLE_ID) return <Chip size="small" color="primary" label={translate('cms.roles.every_right')} />;
  return <>{translate('cms.roles.rights_count', { smart_count: record.rights?.length ?? 0 })}</>;
}

export function RoleList() {
  const { canAccess: canEdit } = useCanAccess({ resource: ROLES_RESOURCE, action: 'edit' });
  const translate = useTranslate();
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('cms.search.roles')} />];
  return (
    <List
      title="cms.roles.list_title"
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      actions={<CreateListActions label="cms.roles.create" />}
    >
      <DataTable<RoleDto>
        // The super-admin role cannot be edited or deleted.
        rowClick={(_id, _resource, record) => (canEdit && record.id !== SUPER_ADMIN_ROLE_ID ? 'edit' : false)}
        isRowSelectable={(record) => record.id !== SUPER_ADMIN_ROLE_ID}
      >
        <DataTable.Col source="name" label="cms.fields.name" />
        <DataTable.Col source="id" label="cms.fields.key" />
        <DataTable.Col label="cms.fields.rights" disableSort render={(record: RoleDto) => <RightsCount record={record} />} />
        <UpdatedColumn />
      </DataTable>
    </List>
  );
}

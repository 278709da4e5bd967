import { DataTable, EmailField, List, ReferenceField, ReferenceInput, SearchInput, SelectInput, TextField, useCanAccess, useTranslate } from 'react-admin';
import { ROLES_RESOURCE } from '../roles/resource-name';
import { CreateListActions, UpdatedColumn } from '../components/resource-screens';
import { InviteButton, PendingInvitations } from './Invitations';

export function UserList() {
  // The role names come from the roles API, which needs VIEW_ROLE: without it, show the keys.
  const { canAccess: canListRoles } = useCanAccess({ resource: ROLES_RESOURCE, action: 'list' });
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('cms.search.by_name_or_email')} />,
    ...(canListRoles
      ? [
          <ReferenceInput key="roleId" source="roleId" reference={ROLES_RESOURCE} alwaysOn sort={{ field: 'name', order: 'ASC' }}>
            <SelectInput label="cms.fields.role" optionText="name" emptyText="cms.users.all_roles" />
          </ReferenceInput>,
        ]
      : []),
  ];

  const { canAccess: canInvite } = useCanAccess({ resource: 'users', action: 'create' });
  return (
    <>
      <List
        title="cms.users.list_title"
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        actions={<CreateListActions label="cms.users.create">{canInvite && <InviteButton />}</CreateListActions>}
      >
        <DataTable>
          <DataTable.Col source="name" label="cms.fields.name" />
          <DataTable.Col source="email" label="cms.fields.email" field={EmailField} />
          <DataTable.Col source="roleId" label="cms.fields.role" disableSort>
            {canListRoles ? <ReferenceField source="roleId" reference={ROLES_RESOURCE} link={false} /> : <TextField source="roleId" />}
          </DataTable.Col>
          <UpdatedColumn />
        </DataTable>
      </List>
      <PendingInvitations />
    </>
  );
}

import { ReferenceInput, required, SelectInput, TextInput, useCanAccess } from 'react-admin';
import { ROLES_RESOURCE } from '../roles/resource-name';

/** The role picker: a list of roles when the user may read them, else the role key. */
export function RoleInput({ disabled, helperText }: { disabled?: boolean; helperText?: string }) {
  const { canAccess: canListRoles, isPending } = useCanAccess({ resource: ROLES_RESOURCE, action: 'list' });
  if (isPending) return null;
  if (!canListRoles) {
    return <TextInput source="roleId" label="cms.fields.role_key" validate={required()} disabled={disabled} helperText={helperText} />;
  }
  return (
    <ReferenceInput source="roleId" reference={ROLES_RESOURCE} sort={{ field: 'name', order: 'ASC' }} perPage={100}>
      <SelectInput label="cms.fields.role" optionText="name" validate={required()} disabled={disabled} helperText={helperText} />
    </ReferenceInput>
  );
}

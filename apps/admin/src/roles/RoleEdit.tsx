import { type RoleDto, SUPER_ADMIN_ROLE_ID } from '@cms/contracts';
import Alert from '@mui/material/Alert';
import { Edit, required, SimpleForm, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { RightsInput } from './RightsInput';
import { RequireTwoFactorInput } from './RequireTwoFactorInput';
import { EditToolbar } from '../components/resource-screens';
import { UNSAVED_GUARD } from '../components/unsaved-guard';

function RoleTitle() {
  const record = useRecordContext<RoleDto>();
  const translate = useTranslate();
  return <>{record ? translate('cms.roles.edit_title', { name: record.name }) : translate('resources.users/roles.name', { smart_count: 1 })}</>;
}

function RoleEditToolbar() {
  const record = useRecordContext<RoleDto>();
  // The super-admin role is fixed: nothing to save, nothing to delete.
  if (!record || record.id === SUPER_ADMIN_ROLE_ID) return null;
  return <EditToolbar<RoleDto> confirm={(role) => ['cms.roles.delete_confirm', { name: role.name }]} />;
}

function RoleEditForm() {
  const record = useRecordContext<RoleDto>();
  const locked = record?.id === SUPER_ADMIN_ROLE_ID;
  const translate = useTranslate();
  return (
    <SimpleForm {...UNSAVED_GUARD} toolbar={<RoleEditToolbar />} sx={{ maxWidth: 900 }}>
      {locked && (
        <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
          {translate('cms.roles.super_admin_locked')}
        </Alert>
      )}
      <TextInput source="id" label="cms.fields.key" disabled sx={{ maxWidth: 400 }} fullWidth />
      <TextInput source="name" label="cms.fields.name" validate={required()} disabled={locked} sx={{ maxWidth: 400 }} fullWidth />
      {!locked && <RequireTwoFactorInput />}
      {!locked && <RightsInput />}
    </SimpleForm>
  );
}

export function RoleEdit() {
  return (
    <Edit title={<RoleTitle />} mutationMode="pessimistic" redirect="list">
      <RoleEditForm />
    </Edit>
  );
}

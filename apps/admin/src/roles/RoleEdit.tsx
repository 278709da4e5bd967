import { type RoleDto, SUPER_ADMIN_ROLE_ID } from '@cms/contracts';
import Alert from '@mui/material/Alert';
import {
  DeleteButton,
  Edit,
  required,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import { RightsInput } from './RightsInput';

function RoleTitle() {
  const record = useRecordContext<RoleDto>();
  return <>{record ? `Role ${record.name}` : 'Role'}</>;
}

function RoleEditToolbar() {
  const record = useRecordContext<RoleDto>();
  if (!record || record.id === SUPER_ADMIN_ROLE_ID) return null;
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" confirmTitle={`Delete the role ${record.name}?`} />
    </Toolbar>
  );
}

function RoleEditForm() {
  const record = useRecordContext<RoleDto>();
  const locked = record?.id === SUPER_ADMIN_ROLE_ID;
  return (
    <SimpleForm toolbar={<RoleEditToolbar />} sx={{ maxWidth: 900 }}>
      {locked && (
        <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
          The super-admin role holds every right. It cannot be edited or deleted.
        </Alert>
      )}
      <TextInput source="id" label="Key" disabled sx={{ maxWidth: 400 }} fullWidth />
      <TextInput source="name" label="Name" validate={required()} disabled={locked} sx={{ maxWidth: 400 }} fullWidth />
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

import type { UserDto } from '@cms/contracts';
import {
  DeleteButton,
  Edit,
  email,
  PasswordInput,
  required,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import { useAuth } from '../auth/AuthContext';
import { RoleInput } from './UserInputs';

function UserTitle() {
  const record = useRecordContext<UserDto>();
  return <>{record ? `User ${record.name}` : 'User'}</>;
}

function UserEditToolbar() {
  const record = useRecordContext<UserDto>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" confirmTitle={record ? `Delete the user ${record.name}?` : undefined} />
    </Toolbar>
  );
}

function UserEditForm() {
  const { me } = useAuth();
  const record = useRecordContext<UserDto>();
  const ownAccount = !!record && !!me && record.id === me.id;
  return (
    <SimpleForm sx={{ maxWidth: 480 }} toolbar={<UserEditToolbar />}>
      <TextInput source="name" label="Name" validate={required()} fullWidth />
      <TextInput source="email" label="E-mail" type="email" validate={[required(), email()]} fullWidth />
      <PasswordInput
        source="password"
        label="New password"
        helperText="Leave empty to keep the current password"
        fullWidth
        inputProps={{ autoComplete: 'new-password' }}
      />
      {ownAccount && (
        <PasswordInput
          source="currentPassword"
          label="Current password"
          helperText="Needed to change your own password; your other sessions are then signed out"
          fullWidth
          inputProps={{ autoComplete: 'current-password' }}
        />
      )}
      <RoleInput disabled={ownAccount} helperText={ownAccount ? 'You cannot change your own role' : undefined} />
    </SimpleForm>
  );
}

export function UserEdit() {
  return (
    <Edit title={<UserTitle />} mutationMode="pessimistic" redirect="list">
      <UserEditForm />
    </Edit>
  );
}

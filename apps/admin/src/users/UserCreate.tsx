import { Create, email, PasswordInput, required, SimpleForm, TextInput } from 'react-admin';
import { RoleInput } from './UserInputs';

export function UserCreate() {
  return (
    <Create title="Create a user" redirect="list">
      <SimpleForm sx={{ maxWidth: 480 }}>
        <TextInput source="name" label="Name" validate={required()} fullWidth />
        <TextInput source="email" label="E-mail" type="email" validate={[required(), email()]} fullWidth />
        <PasswordInput source="password" label="Password" validate={required()} fullWidth inputProps={{ autoComplete: 'new-password' }} />
        <RoleInput />
      </SimpleForm>
    </Create>
  );
}

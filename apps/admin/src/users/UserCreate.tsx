import { Create, email, PasswordInput, required, SimpleForm, TextInput } from 'react-admin';
import { RoleInput, UserLanguageInput } from './UserInputs';
import { UNSAVED_GUARD } from '../components/unsaved-guard';

export function UserCreate() {
  return (
    <Create title="cms.users.create" redirect="list">
      <SimpleForm {...UNSAVED_GUARD} sx={{ maxWidth: 480 }}>
        <TextInput source="name" label="cms.fields.name" validate={required()} fullWidth />
        <TextInput source="email" label="cms.fields.email" type="email" validate={[required(), email()]} fullWidth />
        <PasswordInput source="password" label="cms.fields.password" validate={required()} fullWidth inputProps={{ autoComplete: 'new-password' }} />
        <RoleInput />
        <UserLanguageInput />
      </SimpleForm>
    </Create>
  );
}

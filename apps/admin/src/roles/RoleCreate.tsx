import { Create, required, SimpleForm, TextInput } from 'react-admin';
import { RightsInput } from './RightsInput';

export function RoleCreate() {
  return (
    <Create title="Create a role" redirect="list">
      <SimpleForm defaultValues={{ rights: [] }} sx={{ maxWidth: 900 }}>
        <TextInput source="name" label="Name" validate={required()} sx={{ maxWidth: 400 }} fullWidth />
        <TextInput
          source="id"
          label="Key"
          helperText="Optional: derived from the name when empty (for example 'editor')"
          sx={{ maxWidth: 400 }}
          fullWidth
        />
        <RightsInput />
      </SimpleForm>
    </Create>
  );
}

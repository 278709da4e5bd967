import { Create, required, SimpleForm, TextInput } from 'react-admin';
import { RightsInput } from './RightsInput';
import { RequireTwoFactorInput } from './RequireTwoFactorInput';
import { UNSAVED_GUARD } from '../components/unsaved-guard';

export function RoleCreate() {
  return (
    <Create title="cms.roles.create" redirect="list">
      <SimpleForm {...UNSAVED_GUARD} defaultValues={{ rights: [] }} sx={{ maxWidth: 900 }}>
        <TextInput source="name" label="cms.fields.name" validate={required()} sx={{ maxWidth: 400 }} fullWidth />
        <TextInput source="id" label="cms.fields.key" helperText="cms.roles.key_help" sx={{ maxWidth: 400 }} fullWidth />
        <RequireTwoFactorInput />
        <RightsInput />
      </SimpleForm>
    </Create>
  );
}

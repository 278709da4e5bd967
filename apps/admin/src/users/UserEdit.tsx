import type { UserDto } from '@cms/contracts';
import { Edit, email, PasswordInput, required, SimpleForm, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { useAuth } from '../auth/AuthContext';
import { RoleInput, UserLanguageInput } from './UserInputs';
import { EditToolbar } from '../components/resource-screens';
import { UNSAVED_GUARD } from '../components/unsaved-guard';
import { lazy, Suspense } from 'react';

// Two-factor sign-in's card (the user's own screen only) loads with it.
const OwnTwoFactor = lazy(() => import('../accounts/OwnTwoFactor').then((m) => ({ default: m.OwnTwoFactor })));

function UserTitle() {
  const record = useRecordContext<UserDto>();
  const translate = useTranslate();
  return <>{record ? translate('cms.users.edit_title', { name: record.name }) : translate('resources.users.name', { smart_count: 1 })}</>;
}

const UserEditToolbar = () => <EditToolbar<UserDto> confirm={(record) => ['cms.users.delete_confirm', { name: record.name }]} />;

function UserEditForm() {
  const { me } = useAuth();
  const record = useRecordContext<UserDto>();
  const ownAccount = !!record && !!me && record.id === me.id;
  return (
    <SimpleForm {...UNSAVED_GUARD} sx={{ maxWidth: 480 }} toolbar={<UserEditToolbar />}>
      <TextInput source="name" label="cms.fields.name" validate={required()} fullWidth />
      <TextInput source="email" label="cms.fields.email" type="email" validate={[required(), email()]} fullWidth />
      <PasswordInput
        source="password"
        label="cms.fields.new_password"
        helperText="cms.users.password_help"
        fullWidth
        inputProps={{ autoComplete: 'new-password' }}
      />
      {ownAccount && (
        <PasswordInput
          source="currentPassword"
          label="cms.users.current_password"
          helperText="cms.users.current_password_help"
          fullWidth
          inputProps={{ autoComplete: 'current-password' }}
        />
      )}
      <RoleInput disabled={ownAccount} helperText={ownAccount ? 'cms.users.own_role' : undefined} />
      <UserLanguageInput />
    </SimpleForm>
  );
}

export function UserEdit() {
  return (
    <Edit
      title={<UserTitle />}
      mutationMode="pessimistic"
      redirect="list"
      aside={
        <Suspense fallback={null}>
          <OwnTwoFactor />
        </Suspense>
      }
    >
      <UserEditForm />
    </Edit>
  );
}

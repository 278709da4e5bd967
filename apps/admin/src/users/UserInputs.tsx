import { required } from 'react-admin';
import { ChoiceInput } from '../components/ChoiceInput';

/** The role picker: the role choices, which the rights to create or edit users open without VIEW_ROLE. */
export function RoleInput({ disabled, helperText }: { disabled?: boolean; helperText?: string }) {
  return <ChoiceInput source="roleId" choicesOf="roles" label="cms.fields.role" validate={required()} disabled={disabled} helperText={helperText} />;
}

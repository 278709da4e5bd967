import { required, SelectInput } from 'react-admin';
import { ChoiceInput } from '../components/ChoiceInput';
import { UI_LOCALES } from '../i18n/locales';

/** The role picker: the role choices, which the rights to create or edit users open without VIEW_ROLE. */
export function RoleInput({ disabled, helperText }: { disabled?: boolean; helperText?: string }) {
  return <ChoiceInput source="roleId" choicesOf="roles" label="cms.fields.role" validate={required()} disabled={disabled} helperText={helperText} />;
}

const LANGUAGE_CHOICES = UI_LOCALES.map(({ locale, name }) => ({ id: locale, name }));

/** The language of the user's mails: one of the back office's (named in itself), or none (null: the site's default). */
export function UserLanguageInput() {
  return (
    <SelectInput
      source="language"
      label="cms.user_language.label"
      helperText="cms.user_language.help"
      choices={LANGUAGE_CHOICES}
      translateChoice={false}
      emptyText="cms.user_language.none"
      format={(value: string | null | undefined) => value ?? ''}
      parse={(value: string) => (value === '' ? null : value)}
      fullWidth
    />
  );
}

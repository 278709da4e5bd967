import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';

/** The API's rule for passwords (8 to 512 characters), checked before sending so the reader is told at once. */
export const PASSWORD_MIN_LENGTH = 8;

/** The key of what is wrong with a new password and its repetition, or null. */
export function passwordProblem(password: string, repeat: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'cms.accounts.password_too_short';
  if (password.length > 512) return 'cms.accounts.password_too_long';
  if (password !== repeat) return 'cms.accounts.passwords_differ';
  return null;
}

export function NewPasswordFields(props: {
  password: string;
  repeat: string;
  onPassword(value: string): void;
  onRepeat(value: string): void;
  autoFocus?: boolean;
}) {
  const translate = useTranslate();
  return (
    <>
      <TextField
        label={translate('cms.accounts.new_password')}
        name="password"
        type="password"
        autoComplete="new-password"
        autoFocus={props.autoFocus ?? true}
        fullWidth
        margin="normal"
        helperText={translate('cms.accounts.password_rule', { min: PASSWORD_MIN_LENGTH })}
        value={props.password}
        onChange={(event) => props.onPassword(event.target.value)}
      />
      <TextField
        label={translate('cms.accounts.repeat_password')}
        name="repeat"
        type="password"
        autoComplete="new-password"
        fullWidth
        margin="normal"
        value={props.repeat}
        onChange={(event) => props.onRepeat(event.target.value)}
      />
    </>
  );
}

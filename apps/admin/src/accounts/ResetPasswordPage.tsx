import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { SIGN_IN_PATH } from '@cms/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { confirmPasswordReset, FORGOT_PASSWORD_PATH } from './account-api';
import { accountErrorMessage } from './account-errors';
import { AccountScreen } from './AccountScreen';
import { NewPasswordFields, passwordProblem } from './NewPasswordFields';

/** The page a reset link opens: the new password, twice. */
export function ResetPasswordPage() {
  const translate = useTranslate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const problem = passwordProblem(password, repeat);
    if (problem) {
      setError(translate(problem));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await confirmPasswordReset({ token, password });
      setDone(true);
    } catch (caught) {
      setError(accountErrorMessage(caught, translate));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AccountScreen title={translate('cms.accounts.reset_title')} subtitle={done ? undefined : translate('cms.accounts.reset_intro')}>
      {done ? (
        <Alert severity="success" role="status" data-testid="password-reset-done">
          {translate('cms.accounts.reset_done')}
        </Alert>
      ) : !token ? (
        <Alert severity="error" role="alert">
          {translate('cms.accounts.reset_link_unknown')}
        </Alert>
      ) : (
        <Box component="form" onSubmit={handleSubmit} noValidate>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <NewPasswordFields password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            sx={{ mt: 3 }}
            disabled={submitting}
            startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate('cms.accounts.reset_submit')}
          </Button>
        </Box>
      )}
      <Box sx={{ mt: 3, display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Link component={RouterLink} to={SIGN_IN_PATH}>
          {done ? translate('cms.accounts.go_to_sign_in') : translate('cms.accounts.back_to_sign_in')}
        </Link>
        {!done && (
          <Link component={RouterLink} to={FORGOT_PASSWORD_PATH}>
            {translate('cms.accounts.ask_new_link')}
          </Link>
        )}
      </Box>
    </AccountScreen>
  );
}

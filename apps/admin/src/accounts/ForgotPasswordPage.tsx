import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { SIGN_IN_PATH, isLang } from '@cms/contracts';
import { type FormEvent, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { requestPasswordReset } from './account-api';
import { accountErrorMessage } from './account-errors';
import { AccountScreen } from './AccountScreen';

/** "Forgot password?": asks for the e-mail; the answer is the same whether it is an account's or not. */
export function ForgotPasswordPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const location = useLocation();
  const [email, setEmail] = useState(() => (location.state as { email?: string } | null)?.email ?? '');
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (!email.trim()) {
      setError(translate('cms.accounts.email_required'));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await requestPasswordReset({ email: email.trim(), ...(isLang(locale) ? { locale } : {}) });
      setSent(true);
    } catch (caught) {
      setError(accountErrorMessage(caught, translate));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AccountScreen title={translate('cms.accounts.forgot_title')} subtitle={sent ? undefined : translate('cms.accounts.forgot_intro')}>
      {sent ? (
        <Alert severity="success" role="status" data-testid="reset-requested" sx={{ mb: 2 }}>
          {translate('cms.accounts.forgot_sent', { email: email.trim() })}
        </Alert>
      ) : (
        <Box component="form" onSubmit={handleSubmit} noValidate>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            label={translate('cms.sign_in.email')}
            name="email"
            type="email"
            autoComplete="username"
            autoFocus
            fullWidth
            margin="normal"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            sx={{ mt: 3 }}
            disabled={submitting}
            startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate('cms.accounts.forgot_submit')}
          </Button>
        </Box>
      )}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={SIGN_IN_PATH}>
          {translate('cms.accounts.back_to_sign_in')}
        </Link>
      </Box>
    </AccountScreen>
  );
}

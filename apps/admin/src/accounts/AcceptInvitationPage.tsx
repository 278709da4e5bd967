import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { ADMIN_BASE_PATH, isLang, SIGN_IN_PATH } from '@cms/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { acceptInvitation, lookupInvitation } from './account-api';
import { accountErrorMessage } from './account-errors';
import { AccountScreen } from './AccountScreen';
import { NewPasswordFields, passwordProblem } from './NewPasswordFields';

/** The page an invitation's link opens: the person chooses their name and password, then is signed in. */
export function AcceptInvitationPage() {
  const translate = useTranslate();
  const auth = useAuth();
  const [locale] = useLocaleState();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const invitation = useQuery({ queryKey: ['invitation', token], queryFn: () => lookupInvitation(token), enabled: Boolean(token), retry: false });
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const problem = !name.trim() ? 'cms.accounts.name_required' : passwordProblem(password, repeat);
    if (problem) {
      setError(translate(problem));
      return;
    }
    setSubmitting(true);
    setError(null);
    let email: string;
    try {
      // The language this screen is read in becomes the account's (its mails follow it).
      ({ email } = await acceptInvitation({ token, name: name.trim(), password, ...(isLang(locale) ? { language: locale } : {}) }));
    } catch (caught) {
      setSubmitting(false);
      setError(accountErrorMessage(caught, translate, 'invitation'));
      return;
    }
    try {
      await auth.signIn({ email, password });
      auth.goTo(ADMIN_BASE_PATH, { replace: true });
    } catch {
      // The account is made; signing in asks more (a second factor) or failed: the sign-in screen takes over.
      setSubmitting(false);
      setAccepted(true);
    }
  };

  const linkProblem = !token
    ? translate('cms.accounts.invitation_link_unknown')
    : invitation.error
      ? accountErrorMessage(invitation.error, translate, 'invitation')
      : null;

  return (
    <AccountScreen title={translate('cms.accounts.accept_title')} subtitle={translate('cms.accounts.accept_intro')}>
      {accepted ? (
        <Alert severity="success" role="status">
          {translate('cms.accounts.accept_done')}
        </Alert>
      ) : linkProblem ? (
        <Alert severity="error" role="alert">
          {linkProblem}
        </Alert>
      ) : !invitation.data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={28} />
        </Box>
      ) : (
        <Box component="form" onSubmit={handleSubmit} noValidate>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField label={translate('cms.sign_in.email')} name="email" fullWidth margin="normal" value={invitation.data.email} disabled />
          <TextField
            label={translate('cms.accounts.your_name')}
            name="name"
            autoComplete="name"
            autoFocus
            fullWidth
            margin="normal"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <NewPasswordFields password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} autoFocus={false} />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            sx={{ mt: 3 }}
            disabled={submitting}
            startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate('cms.accounts.accept_submit')}
          </Button>
        </Box>
      )}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={SIGN_IN_PATH}>
          {translate('cms.accounts.go_to_sign_in')}
        </Link>
      </Box>
    </AccountScreen>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ADMIN_BASE_PATH } from '@cms/contracts';
import { useAuth } from '../auth/AuthContext';
import { destinationAfterSignIn, isSafeLocalPath } from '../auth/remembered-route';
import { formatWait } from '../http/api-error';
import { localizedApiMessage } from '../http/server-errors';
import { ApiRequestError } from '../http/api-request';
import { FORGOT_PASSWORD_PATH } from '../accounts/account-api';
import { SecondStepNeeded } from '../auth/auth-api';
import type { SecondStep } from '@cms/contracts';

// The second step (a code from an authenticator app) loads for the accounts that have one.
const SecondStepForm = lazy(() => import('../accounts/SecondStepForm').then((m) => ({ default: m.SecondStepForm })));

type SignInError = { kind: 'message'; text: string } | { kind: 'throttled'; until: number };

function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

export function SignInPage() {
  const auth = useAuth();
  const translate = useTranslate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<SignInError | null>(null);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const throttledUntil = error?.kind === 'throttled' ? error.until : null;
  const secondsLeft = useSecondsLeft(throttledUntil);
  const throttled = secondsLeft > 0;

  // Pages outside this app (the public site) may name their address in ?redirect=.
  const redirect = searchParams.get('redirect');
  const { rememberRoute } = auth;
  useEffect(() => {
    if (isSafeLocalPath(redirect)) rememberRoute(redirect);
  }, [redirect, rememberRoute]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || throttled) return;
    setSubmitting(true);
    setError(null);
    try {
      await auth.signIn({ email: email.trim(), password });
      auth.goTo(destinationAfterSignIn(auth.rememberedRoute()), { replace: true });
    } catch (caught) {
      setSubmitting(false);
      if (caught instanceof SecondStepNeeded) {
        setSecondStep(caught.step);
        return;
      }
      if (caught instanceof ApiRequestError && caught.status === 429) {
        setError({ kind: 'throttled', until: Date.now() + (caught.retryAfter ?? 60) * 1000 });
      } else if (caught instanceof ApiRequestError && caught.status === 401) {
        // The API's 401 says the same in English: the known case gets the reader's language.
        setError({ kind: 'message', text: translate('cms.sign_in.invalid_credentials') });
      } else {
        setError({ kind: 'message', text: caught instanceof ApiRequestError ? localizedApiMessage(caught, translate) : translate('cms.sign_in.failed') });
      }
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #1f2a33 0%, #13795b 100%)',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }} elevation={8}>
        <CardContent sx={{ p: 4 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3 }}>
            <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: '50%', p: 1, display: 'flex', mb: 1 }}>
              <LockOutlined />
            </Box>
            <Typography component="h1" variant="h5">
              {translate('cms.sign_in.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('cms.sign_in.subtitle')}
            </Typography>
          </Box>

          {auth.status === 'signed-in' && auth.me && !submitting && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('cms.sign_in.signed_in_as', { name: auth.me.name })}{' '}
              <Link component={RouterLink} to={ADMIN_BASE_PATH}>
                {translate('cms.sign_in.go_to_back_office')}
              </Link>
            </Alert>
          )}

          {error?.kind === 'message' && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="sign-in-error">
              {error.text}
            </Alert>
          )}
          {error?.kind === 'throttled' && (
            <Alert severity="warning" sx={{ mb: 2 }} role="alert" data-testid="sign-in-error">
              {throttled ? translate('cms.sign_in.throttled', { wait: formatWait(secondsLeft, translate) }) : translate('cms.sign_in.can_retry')}
            </Alert>
          )}

          {secondStep ? (
            <Suspense fallback={<CircularProgress aria-label={translate('ra.page.loading')} />}>
              <SecondStepForm
                step={secondStep}
                onSignedIn={() => auth.goTo(destinationAfterSignIn(auth.rememberedRoute()), { replace: true })}
                onRestart={() => {
                  setSecondStep(null);
                  setPassword('');
                }}
              />
            </Suspense>
          ) : (
            <Box component="form" onSubmit={handleSubmit} noValidate>
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
              <TextField
                label={translate('cms.sign_in.password')}
                name="password"
                type="password"
                autoComplete="current-password"
                fullWidth
                margin="normal"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                sx={{ mt: 3 }}
                disabled={submitting || throttled}
                startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {submitting ? translate('cms.sign_in.submitting') : translate('cms.sign_in.submit')}
              </Button>
              <Box sx={{ mt: 2, textAlign: 'center' }}>
                <Link component={RouterLink} to={FORGOT_PASSWORD_PATH} state={{ email: email.trim() }} data-testid="forgot-password">
                  {translate('cms.accounts.forgot_link')}
                </Link>
              </Box>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

import type { SecondStep, TwoFactorSetup } from '@cms/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useAuth } from '../auth/AuthContext';
import { formatWait } from '../http/api-error';
import { ApiRequestError } from '../http/api-request';
import { twoFactorConfirmAtSignIn, twoFactorSetupAtSignIn, twoFactorSignIn } from './account-api';
import { CodeField, RecoveryCodeList, SecretToScan } from './TwoFactorParts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

function secondStepError(error: unknown, translate: Translate): string {
  if (!(error instanceof ApiRequestError)) return translate('cms.accounts.failed');
  if (error.status === 429) return translate('cms.accounts.throttled', { wait: formatWait(error.retryAfter ?? 60, translate) });
  if (error.status === 401 && /expired/.test(error.message)) return translate('cms.accounts.two_factor_expired');
  if (error.status === 401 || error.status === 400) return translate('cms.accounts.two_factor_wrong');
  return error.message;
}

/** The second step of the sign-in: a code (or a recovery code), or setting up an authenticator when the role requires it. */
export function SecondStepForm({ step, onSignedIn, onRestart }: { step: SecondStep; onSignedIn(): void; onRestart(): void }) {
  const translate = useTranslate();
  const auth = useAuth();
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recovery, setRecovery] = useState<{ codes: string[]; token: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (step.next !== 'setup') return;
    twoFactorSetupAtSignIn(step.challenge).then(setSetup, (caught: unknown) => setError(secondStepError(caught, translate)));
  }, [step, translate]);

  const finish = async (token: string) => {
    await auth.adoptToken(token);
    onSignedIn();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || !code.trim()) return;
    setSubmitting(true);
    setError(null);
    try {
      if (step.next === 'setup') {
        const answer = await twoFactorConfirmAtSignIn(step.challenge, code.trim());
        setRecovery({ codes: answer.recoveryCodes, token: answer.token });
      } else {
        const answer = await twoFactorSignIn(
          useRecovery ? { challenge: step.challenge, recoveryCode: code.trim() } : { challenge: step.challenge, code: code.trim() },
        );
        await finish(answer.token);
      }
    } catch (caught) {
      setError(secondStepError(caught, translate));
    } finally {
      setSubmitting(false);
    }
  };

  if (recovery) {
    return (
      <Box>
        <RecoveryCodeList codes={recovery.codes} />
        <Button variant="contained" size="large" fullWidth onClick={() => void finish(recovery.token)}>
          {translate('cms.accounts.two_factor_continue')}
        </Button>
      </Box>
    );
  }

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="second-step">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate(
          step.next === 'setup' ? 'cms.accounts.two_factor_required_setup' : useRecovery ? 'cms.accounts.recovery_code_ask' : 'cms.accounts.two_factor_ask',
        )}
      </Typography>
      {error && (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {error}
        </Alert>
      )}
      {step.next === 'setup' && setup && <SecretToScan setup={setup} />}
      {useRecovery ? (
        <TextField
          label={translate('cms.accounts.recovery_code')}
          name="recoveryCode"
          autoFocus
          fullWidth
          margin="normal"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      ) : (
        <CodeField value={code} onChange={setCode} />
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 2 }}
        disabled={submitting}
        startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {translate('cms.accounts.two_factor_verify')}
      </Button>
      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Link component="button" type="button" onClick={onRestart}>
          {translate('cms.accounts.back_to_sign_in')}
        </Link>
        {step.next === 'code' && (
          <Link
            component="button"
            type="button"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setCode('');
            }}
          >
            {translate(useRecovery ? 'cms.accounts.use_code' : 'cms.accounts.use_recovery_code')}
          </Link>
        )}
      </Box>
    </Box>
  );
}

import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus, UserDto } from '@cms/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useAuth } from '../auth/AuthContext';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';
import { CodeField, RecoveryCodeList, SecretToScan } from './TwoFactorParts';

const STATUS_KEY = ['two-factor'] as const;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const post = async <T,>(path: string, body?: unknown): Promise<T> =>
  (await httpClient(`${API_URL}/me/two-factor/${path}`, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) })).json as T;

/** Beside one's own user screen: turn two-factor sign-in on (QR, text, a code) or off (password or code). */
export function OwnTwoFactor() {
  const { me } = useAuth();
  const record = useRecordContext<UserDto>();
  if (!record || !me || record.id !== me.id) return null;
  return <TwoFactorCard />;
}

function TwoFactorCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: async () => (await httpClient(`${API_URL}/me/two-factor`)).json as TwoFactorStatus });
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const start = () => run(async () => setSetup(await post<TwoFactorSetup>('setup')));
  const enable = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await post<RecoveryCodes>('enable', { code: code.trim() });
      setCodes(answer.recoveryCodes);
      setSetup(null);
      setCode('');
      notify('cms.accounts.two_factor_turned_on', { type: 'success' });
    });
  };
  const disable = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await post('disable', password ? { password } : { code: code.trim() });
      setPassword('');
      setCode('');
      setCodes(null);
      notify('cms.accounts.two_factor_turned_off', { type: 'success' });
    });
  };

  const data = status.data;
  return (
    <Card sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, width: { md: 360 }, alignSelf: 'flex-start' }} data-testid="two-factor-card">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('cms.accounts.two_factor_title')}
        </Typography>
        {data && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {data.enabled
              ? translate('cms.accounts.two_factor_on', { smart_count: data.recoveryCodesLeft })
              : data.required
                ? translate('cms.accounts.two_factor_required')
                : translate('cms.accounts.two_factor_off')}
          </Typography>
        )}
        {codes && <RecoveryCodeList codes={codes} />}
        {data && !data.enabled && !setup && (
          <Button variant="contained" onClick={() => void start()} disabled={busy} data-testid="two-factor-start">
            {translate('cms.accounts.two_factor_turn_on')}
          </Button>
        )}
        {setup && (
          <Box component="form" onSubmit={enable} noValidate>
            <SecretToScan setup={setup} />
            <CodeField value={code} onChange={setCode} />
            <Button type="submit" variant="contained" disabled={busy || !code.trim()}>
              {translate('cms.accounts.two_factor_confirm')}
            </Button>
          </Box>
        )}
        {data?.enabled && !data.required && (
          <Box component="form" onSubmit={disable} noValidate>
            <Alert severity="info" sx={{ my: 1 }}>
              {translate('cms.accounts.two_factor_off_help')}
            </Alert>
            <TextField
              label={translate('cms.sign_in.password')}
              name="twoFactorPassword"
              type="password"
              autoComplete="current-password"
              fullWidth
              margin="dense"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <CodeField value={code} onChange={setCode} autoFocus={false} />
            <Button type="submit" color="error" variant="outlined" disabled={busy || (!password && !code.trim())}>
              {translate('cms.accounts.two_factor_turn_off')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

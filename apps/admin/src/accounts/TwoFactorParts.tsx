import type { TwoFactorSetup } from '@cms/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** The QR image and the secret as text, for an authenticator app. */
export function SecretToScan({ setup }: { setup: TwoFactorSetup }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, my: 2 }}>
      <Typography variant="body2">{translate('cms.accounts.two_factor_scan')}</Typography>
      <img src={setup.qrCode} alt={translate('cms.accounts.two_factor_qr_alt')} width={180} height={180} data-testid="two-factor-qr" />
      <Typography variant="body2" color="text.secondary">
        {translate('cms.accounts.two_factor_or_type')}
      </Typography>
      <Typography component="code" data-testid="two-factor-secret" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontSize: 14 }}>
        {setup.secret}
      </Typography>
    </Box>
  );
}

/** The six digits of the authenticator app. */
export function CodeField({ value, onChange, autoFocus = true }: { value: string; onChange(value: string): void; autoFocus?: boolean }) {
  const translate = useTranslate();
  return (
    <TextField
      label={translate('cms.accounts.two_factor_code')}
      name="code"
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      fullWidth
      margin="normal"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The recovery codes, shown once. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  const translate = useTranslate();
  return (
    <Alert severity="warning" sx={{ my: 2 }} data-testid="recovery-codes">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('cms.accounts.recovery_codes_intro')}
      </Typography>
      <Box component="ul" sx={{ columns: 2, m: 0, pl: 2, fontFamily: 'monospace' }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
    </Alert>
  );
}

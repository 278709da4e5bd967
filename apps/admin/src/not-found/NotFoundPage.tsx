import { ADMIN_BASE_PATH, SIGN_IN_PATH } from '@cms/contracts';
import { holdsAnyRight } from '@cms/rights';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Block from '@mui/icons-material/Block';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';

/** Where signed-in users lacking the right for a page are sent. */
export function NotFoundPage() {
  const { status, me, signOut } = useAuth();
  const signedIn = status === 'signed-in' && !!me;
  const translate = useTranslate();

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card sx={{ maxWidth: 520, width: '100%' }} variant="outlined">
        <CardContent sx={{ p: 4, textAlign: 'center' }}>
          <Block color="error" sx={{ fontSize: 48, mb: 1 }} />
          <Typography component="h1" variant="h5" gutterBottom>
            {translate('cms.not_found.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {signedIn ? translate('cms.not_found.signed_in', { name: me.name }) : translate('cms.not_found.signed_out')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} justifyContent="center">
            <Button variant="contained" href="/">
              {translate('cms.not_found.home')}
            </Button>
            {signedIn && holdsAnyRight(me) && (
              <Button variant="outlined" component={RouterLink} to={ADMIN_BASE_PATH}>
                {translate('cms.not_found.back_office')}
              </Button>
            )}
            {signedIn ? (
              <Button variant="outlined" color="secondary" onClick={signOut}>
                {translate('cms.not_found.sign_out')}
              </Button>
            ) : (
              <Button variant="outlined" component={RouterLink} to={SIGN_IN_PATH}>
                {translate('cms.not_found.sign_in')}
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

import { ADMIN_BASE_PATH, SIGN_IN_PATH } from '@cms/contracts';
import { holdsAnyRight } from '@cms/rights';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Block from '@mui/icons-material/Block';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';

/** Where signed-in users lacking the right for a page are sent. */
export function NotFoundPage() {
  const { status, me, signOut } = useAuth();
  const signedIn = status === 'signed-in' && !!me;

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card sx={{ maxWidth: 520, width: '100%' }} variant="outlined">
        <CardContent sx={{ p: 4, textAlign: 'center' }}>
          <Block color="error" sx={{ fontSize: 48, mb: 1 }} />
          <Typography component="h1" variant="h5" gutterBottom>
            Page not found or access denied
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {signedIn
              ? `You are signed in as ${me.name}, but your role does not give you access to this page.`
              : 'This page does not exist, or you need to sign in to see it.'}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} justifyContent="center">
            <Button variant="contained" href="/">
              Go to the home page
            </Button>
            {signedIn && holdsAnyRight(me) && (
              <Button variant="outlined" component={RouterLink} to={ADMIN_BASE_PATH}>
                Back office
              </Button>
            )}
            {signedIn ? (
              <Button variant="outlined" color="secondary" onClick={signOut}>
                Sign out
              </Button>
            ) : (
              <Button variant="outlined" component={RouterLink} to={SIGN_IN_PATH}>
                Sign in
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

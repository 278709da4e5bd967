import { ADMIN_BASE_PATH } from '@cms/contracts';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import SearchOff from '@mui/icons-material/SearchOff';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/**
 * Back-office addresses that match no screen (a mistyped `/admin/nothing-here`) land here: it says
 * no such screen exists, not that one is coming, and leads back to the dashboard.
 */
export function NoSuchScreen() {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mt: 2, maxWidth: 640 }}>
      <Title title="cms.no_such_screen.title" />
      <CardContent sx={{ textAlign: 'center', py: 5 }}>
        <SearchOff color="action" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h6" component="h1" gutterBottom>
          {translate('cms.no_such_screen.heading')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {translate('cms.no_such_screen.text')}
        </Typography>
        <Button variant="contained" component={RouterLink} to={ADMIN_BASE_PATH}>
          {translate('cms.no_such_screen.back')}
        </Button>
      </CardContent>
    </Card>
  );
}

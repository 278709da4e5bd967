import { ADMIN_BASE_PATH } from '@cms/contracts';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import Construction from '@mui/icons-material/Construction';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/** Back-office routes whose screens are not built yet (containers, contents...) land here. */
export function NotAvailable() {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mt: 2, maxWidth: 640 }}>
      <Title title="cms.not_available.title" />
      <CardContent sx={{ textAlign: 'center', py: 5 }}>
        <Construction color="action" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h6" gutterBottom>
          {translate('cms.not_available.heading')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {translate('cms.not_available.text')}
        </Typography>
        <Button variant="contained" component={RouterLink} to={ADMIN_BASE_PATH}>
          {translate('cms.not_available.back')}
        </Button>
      </CardContent>
    </Card>
  );
}

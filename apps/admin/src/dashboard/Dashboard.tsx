import { RIGHT_TYPES, RightType } from '@cms/contracts';
import { ADMIN_ROUTES, buildTopBar, hasRight, isSuperAdmin, type TopBarEntryKey } from '@cms/rights';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { useAuth } from '../auth/AuthContext';
import { linkProps } from '../layout/TopBarEntryButton';
import { SettingsPanel } from '../settings/SettingsPanel';

/** The Settings screen's cards that open a screen of their own (ACCESS_SETTINGS): their words live under `cms.<catalog>`. */
const SETTINGS_CARDS = [
  { catalog: 'audit', route: 'audit', testId: 'open-audit-log' },
  { catalog: 'tokens', route: 'tokens', testId: 'open-api-tokens' },
  { catalog: 'webhooks', route: 'webhooks', testId: 'open-webhooks' },
] as const;

const descriptionKey = (key: TopBarEntryKey) => `cms.dashboard.descriptions.${key}`;

/**
 * /admin is the Settings screen in the spec; until the settings API exists it welcomes the user
 * and lists what their role lets them manage.
 */
export function Dashboard() {
  const { me } = useAuth();
  const translate = useTranslate();
  if (!me) return null;
  const superAdmin = isSuperAdmin(me);
  const sections = buildTopBar(me).entries.filter((entry) => entry.visible && entry.key !== 'home');

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={hasRight(me, RightType.ACCESS_SETTINGS) ? 'cms.dashboard.settings_title' : 'cms.dashboard.title'} />
      {hasRight(me, RightType.ACCESS_SETTINGS) && <SettingsPanel />}
      {hasRight(me, RightType.ACCESS_SETTINGS) &&
        SETTINGS_CARDS.map(({ catalog, route, testId }) => (
          <Card key={catalog} variant="outlined" sx={{ mb: 3 }}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {translate(`cms.${catalog}.list_title`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate(`cms.${catalog}.description`)}
              </Typography>
            </CardContent>
            <CardActions>
              <Button size="small" {...linkProps(ADMIN_ROUTES[route])} data-testid={testId}>
                {translate(`cms.${catalog}.open`)}
              </Button>
            </CardActions>
          </Card>
        ))}
      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h5" component="h2" gutterBottom>
            {translate('cms.dashboard.welcome', { name: me.name })}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Chip label={translate('cms.dashboard.role', { role: me.role })} color="primary" variant="outlined" />
            <Chip
              label={
                superAdmin
                  ? translate('cms.dashboard.every_right')
                  : translate('cms.dashboard.rights_count', { count: me.rights.length, total: RIGHT_TYPES.length })
              }
              variant="outlined"
              data-testid="rights-count"
            />
            <Chip label={me.email} variant="outlined" />
          </Stack>
        </CardContent>
      </Card>

      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {translate('cms.dashboard.manage')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
        {sections.map((entry) => (
          <Card key={entry.key} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {translate(entry.label)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate(descriptionKey(entry.key))}
              </Typography>
            </CardContent>
            <CardActions sx={{ flexWrap: 'wrap' }}>
              <Button size="small" {...linkProps(entry.href)}>
                {translate('cms.dashboard.open')}
              </Button>
              {entry.dropdown?.links.map((link) => (
                <Button key={link.key} size="small" {...linkProps(link.href)}>
                  {translate(link.label)}
                </Button>
              ))}
            </CardActions>
          </Card>
        ))}
      </Box>
    </Box>
  );
}

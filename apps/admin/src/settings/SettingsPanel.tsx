import { FAVICON_SETTING_NAME, Lang, LOGO_SETTING_NAME, OPTION_LIST_KEY_PATTERN } from '@cms/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ArrayInput,
  AutocompleteInput,
  email,
  Form,
  ReferenceInput,
  regex,
  required,
  SaveButton,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useNotify,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CenteredSpinner } from '../components/CenteredSpinner';
import { LocaleSwitcher, LOCALES } from '../components/LocaleSwitcher';
import { fetchSettings, saveSetting } from './settings-api';
import { changedSettings, type SettingsValues } from './settings-values';

const settingsQueryKey = ['settings', 'screen'] as const;
const COLOR = regex(/^#[0-9A-Fa-f]{6}$/, 'A colour written #RRGGBB');
const OPTION_LIST_NAME = regex(OPTION_LIST_KEY_PATTERN, 'Letters, digits, _ . - (starting with a letter or digit)');

function Swatch({ source }: { source: string }) {
  const value = useWatch({ name: source });
  const valid = typeof value === 'string' && /^#[0-9A-Fa-f]{6}$/.test(value);
  return <Box aria-hidden sx={{ width: 18, height: 18, mr: 1, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: valid ? value : 'transparent' }} />;
}

/** The spec's Settings screen: the site-wide settings, each saved by name. */
export function SettingsPanel() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [locale, setLocale] = useState<Lang>(Lang.en);
  const { data, isPending, error } = useQuery({ queryKey: settingsQueryKey, queryFn: ({ signal }) => fetchSettings(signal), retry: false });

  if (isPending) return <CenteredSpinner text="Loading the settings..." />;
  if (error) return <Alert severity="error">The settings could not be loaded: {(error as Error).message}</Alert>;

  const save = async (values: SettingsValues) => {
    const changes = changedSettings(values, data);
    if (changes.length === 0) {
      notify('Nothing to save', { type: 'info' });
      return;
    }
    try {
      for (const [name, value] of changes) await saveSetting(name, value);
      notify('Settings saved', { type: 'success' });
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    } finally {
      await queryClient.invalidateQueries({ queryKey: settingsQueryKey });
    }
  };

  return (
    <Card variant="outlined" sx={{ mb: 3 }} component="section" aria-labelledby="settings-title">
      <CardContent>
        <Typography variant="h5" component="h2" id="settings-title" gutterBottom>
          Site settings
        </Typography>
        <Form defaultValues={data} onSubmit={(values: Record<string, unknown>) => save(values as SettingsValues)} key={JSON.stringify(data)}>
          <Box sx={{ maxWidth: 640 }}>
            <LocaleSwitcher value={locale} onChange={setLocale} />
            {LOCALES.map((code) => (
              <Box key={code} sx={{ display: code === locale ? 'block' : 'none' }}>
                <TextInput source={`siteName.${code}`} label={`Site name (${code})`} fullWidth />
                <TextInput source={`cookieConsentText.${code}`} label={`Cookie consent text (${code})`} multiline minRows={2} fullWidth />
              </Box>
            ))}
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <TextInput source="primaryColor" label="Primary colour" validate={COLOR} placeholder="#26D17D" InputProps={{ startAdornment: <Swatch source="primaryColor" /> }} />
              <TextInput source="backgroundColor" label="Background colour" validate={COLOR} placeholder="#FFFFFF" InputProps={{ startAdornment: <Swatch source="backgroundColor" /> }} />
            </Box>
            <SelectInput
              source="defaultLocale"
              label="Default locale"
              choices={LOCALES.map((code) => ({ id: code, name: code }))}
              emptyText="en (default)"
              helperText="Where the site sends visitors whose language a page lacks (hreflang x-default). Addresses stay: en at /, the others at /fr…"
            />
            <TextInput source="smtpSender" label="E-mail sender (From)" validate={email()} fullWidth />
            <ReferenceInput source={FAVICON_SETTING_NAME} reference="medias" filter={{ mimeType: 'image/' }} perPage={50}>
              <AutocompleteInput label="Favicon (an image)" optionText="name" filterToQuery={(q) => ({ q })} fullWidth />
            </ReferenceInput>
            <ReferenceInput source={LOGO_SETTING_NAME} reference="medias" filter={{ mimeType: 'image/' }} perPage={50}>
              <AutocompleteInput label="Logo in the site header (an image)" optionText="name" filterToQuery={(q) => ({ q })} fullWidth />
            </ReferenceInput>
            <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
              Option lists
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Named lists of choices for ZOHOOPTIONS fields of containers and forms: one choice a line.
            </Typography>
            <ArrayInput source="optionLists" label={false}>
              <SimpleFormIterator inline disableReordering resource="settings">
                <TextInput source="name" label="Name" validate={[required(), OPTION_LIST_NAME]} helperText="Letters, digits, _ . -" />
                <TextInput source="options" label="Choices" multiline minRows={2} sx={{ minWidth: 280 }} />
              </SimpleFormIterator>
            </ArrayInput>
            <SaveButton label="Save the settings" alwaysEnable />
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}

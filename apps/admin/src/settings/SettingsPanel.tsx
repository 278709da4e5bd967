import { COLOR_PATTERN, FAVICON_SETTING_NAME, Lang, LOGO_SETTING_NAME, OPTION_LIST_KEY_PATTERN } from '@cms/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
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
  useTranslate,
} from 'react-admin';
import { CenteredSpinner } from '../components/CenteredSpinner';
import { ColourInput } from '../components/ColourInput';
import { UNSAVED_GUARD } from '../components/unsaved-guard';
import { LocaleSwitcher, LOCALES } from '../components/LocaleSwitcher';
import { conflictOf } from '../http/conflict';
import { ConflictDialog } from '../history/ConflictDialog';
import { EditSessionProvider, type HistoryChoice, useEditSession } from '../history/EditSession';
import { HistoryButton, HistoryDrawer } from '../history/HistoryDrawer';
import type { HistoryTarget } from '../history/versions';
import { fetchSettings, readSettingVersion, saveSetting } from './settings-api';
import { changedSettings, EDITED_SETTINGS, type EditedSetting, settingValue, type SettingsValues } from './settings-values';

const settingsQueryKey = ['settings', 'screen'] as const;
const COLOR = regex(COLOR_PATTERN, 'cms.validation.colour');
const OPTION_LIST_NAME = regex(OPTION_LIST_KEY_PATTERN, 'cms.validation.option_list_name');

/**
 * The spec's Settings screen: the site-wide settings, each saved by name, each only over the
 * version read (a newer save by someone else opens the conflict dialog), each with its history.
 */
export function SettingsPanel() {
  const translate = useTranslate();
  const { data } = useQuery({ queryKey: settingsQueryKey, queryFn: ({ signal }) => fetchSettings(signal), retry: false });
  const [chosen, setChosen] = useState<HistoryTarget | undefined>();
  const choices = useMemo<HistoryChoice[]>(
    () =>
      EDITED_SETTINGS.flatMap((name) => {
        const id = data?.ids[name];
        return id === undefined ? [] : [{ label: translate(`cms.history.setting_names.${name}`), target: { resource: 'settings' as const, id } }];
      }),
    [data, translate],
  );
  return (
    <EditSessionProvider target={chosen ?? choices[0]?.target} choices={choices} chooseTarget={setChosen}>
      <SettingsForm onConflict={(name) => setChosen(choices.find((choice) => choice.target.id === data?.ids[name])?.target)} />
    </EditSessionProvider>
  );
}

function SettingsForm({ onConflict }: { onConflict(name: EditedSetting): void }) {
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const session = useEditSession();
  const [locale, setLocale] = useState<Lang>(Lang.en);
  const { data: loaded, isPending, error } = useQuery({ queryKey: settingsQueryKey, queryFn: ({ signal }) => fetchSettings(signal), retry: false });

  if (isPending) return <CenteredSpinner text={translate('cms.settings.loading')} />;
  if (error) return <Alert severity="error">{translate('cms.settings.load_error', { error: (error as Error).message })}</Alert>;
  const data = loaded.values;

  const save = async (values: SettingsValues) => {
    const changes = changedSettings(values, data);
    if (changes.length === 0) {
      notify('cms.settings.nothing_to_save', { type: 'info' });
      return;
    }
    let saving: EditedSetting | null = null;
    try {
      for (const [name, value] of changes) {
        saving = name;
        await saveSetting(name, value, loaded.ids[name]);
      }
      notify('cms.settings.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: settingsQueryKey });
    } catch (failure) {
      const conflict = conflictOf(failure);
      if (conflict && session && saving) {
        // The dialog compares and restores the setting that was refused; the form keeps what was typed.
        onConflict(saving);
        session.setConflict(conflict);
      } else {
        notify((failure as Error).message, { type: 'error' });
        await queryClient.invalidateQueries({ queryKey: settingsQueryKey });
      }
    }
  };
  // Keep mine: every setting's version read again, then the same save.
  const refetchVersions = () => Promise.all(Object.values(loaded.ids).map((id) => readSettingVersion(id)));
  // Their version is one setting: yours is the same setting with the form's value.
  const yoursOf = (values: Record<string, unknown>, theirs: Record<string, unknown>) => {
    const name = theirs.name as EditedSetting;
    return { ...theirs, value: settingValue(name, values[name]) };
  };

  return (
    <Card variant="outlined" sx={{ mb: 3 }} component="section" aria-labelledby="settings-title">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h5" component="h2" id="settings-title">
            {translate('cms.settings.title')}
          </Typography>
          <HistoryButton />
        </Stack>
        <Form defaultValues={data} onSubmit={(values: Record<string, unknown>) => save(values as SettingsValues)} key={JSON.stringify(data)} {...UNSAVED_GUARD}>
          <HistoryDrawer />
          <ConflictDialog refetchVersion={refetchVersions} save={(values) => save(values as SettingsValues)} yoursOf={yoursOf} />
          <Box sx={{ maxWidth: 640 }}>
            <LocaleSwitcher value={locale} onChange={setLocale} />
            {LOCALES.map((code) => (
              <Box key={code} sx={{ display: code === locale ? 'block' : 'none' }}>
                <TextInput source={`siteName.${code}`} label={translate('cms.settings.site_name', { locale: code })} fullWidth />
                <TextInput
                  source={`cookieConsentText.${code}`}
                  label={translate('cms.settings.cookie_consent', { locale: code })}
                  multiline
                  minRows={2}
                  fullWidth
                />
              </Box>
            ))}
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <ColourInput source="primaryColor" label="cms.settings.primary_colour" validate={COLOR} placeholder="#26D17D" />
              <ColourInput source="backgroundColor" label="cms.settings.background_colour" validate={COLOR} placeholder="#FFFFFF" />
            </Box>
            <SelectInput
              source="defaultLocale"
              label="cms.settings.default_locale"
              choices={LOCALES.map((code) => ({ id: code, name: code }))}
              emptyText="cms.settings.default_locale_empty"
              helperText="cms.settings.default_locale_help"
            />
            <TextInput source="smtpSender" label="cms.settings.smtp_sender" validate={email()} fullWidth />
            <ReferenceInput source={FAVICON_SETTING_NAME} reference="medias" filter={{ mimeType: 'image/' }} perPage={50}>
              <AutocompleteInput label="cms.settings.favicon" optionText="name" filterToQuery={(q) => ({ q })} fullWidth />
            </ReferenceInput>
            <ReferenceInput source={LOGO_SETTING_NAME} reference="medias" filter={{ mimeType: 'image/' }} perPage={50}>
              <AutocompleteInput label="cms.settings.logo" optionText="name" filterToQuery={(q) => ({ q })} fullWidth />
            </ReferenceInput>
            <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
              {translate('cms.settings.option_lists')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('cms.settings.option_lists_help')}
            </Typography>
            <ArrayInput source="optionLists" label={false}>
              <SimpleFormIterator inline disableReordering resource="settings">
                <TextInput source="name" label="cms.fields.name" validate={[required(), OPTION_LIST_NAME]} helperText="cms.settings.option_list_name_help" />
                <TextInput source="options" label="cms.settings.choices" multiline minRows={2} sx={{ minWidth: 280 }} />
              </SimpleFormIterator>
            </ArrayInput>
            <SaveButton label="cms.settings.save" alwaysEnable />
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}

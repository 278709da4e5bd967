import Typography from '@mui/material/Typography';
import { ReferenceInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { LOCALES } from '../components/LocaleSwitcher';
import { MEDIA_PACKS_RESOURCE } from './MediaList';

/** Alternative texts, one per locale (the site falls back to en). */
export function AltInputs() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 1 }}>
        {translate('cms.medias.alt')}
      </Typography>
      {LOCALES.map((locale) => (
        <TextInput key={locale} source={`alt.${locale}`} label={translate('cms.medias.alt_in', { locale })} fullWidth helperText={false} />
      ))}
    </>
  );
}

export function PackInput() {
  return (
    <ReferenceInput source="packId" reference={MEDIA_PACKS_RESOURCE} sort={{ field: 'name', order: 'ASC' }} perPage={100}>
      <SelectInput label="cms.fields.pack" optionText="name" emptyText="cms.medias.no_pack" fullWidth />
    </ReferenceInput>
  );
}

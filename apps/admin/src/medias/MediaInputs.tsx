import Typography from '@mui/material/Typography';
import { ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { LOCALES } from '../components/LocaleSwitcher';
import { MEDIA_PACKS_RESOURCE } from './MediaList';

/** Alternative texts, one per locale (the site falls back to en). */
export function AltInputs() {
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 1 }}>
        Alternative text
      </Typography>
      {LOCALES.map((locale) => (
        <TextInput key={locale} source={`alt.${locale}`} label={`Alt (${locale})`} fullWidth helperText={false} />
      ))}
    </>
  );
}

export function PackInput() {
  return (
    <ReferenceInput source="packId" reference={MEDIA_PACKS_RESOURCE} sort={{ field: 'name', order: 'ASC' }} perPage={100}>
      <SelectInput label="Pack" optionText="name" emptyText="No pack" fullWidth />
    </ReferenceInput>
  );
}

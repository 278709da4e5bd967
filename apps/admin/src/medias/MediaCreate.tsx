import { Create, FileField, FileInput, required, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { AltInputs, PackInput } from './MediaInputs';

export function MediaCreate() {
  const translate = useTranslate();
  return (
    <Create title="cms.medias.upload" redirect="list">
      <SimpleForm sx={{ maxWidth: 560 }}>
        <FileInput source="file" label="cms.fields.file" validate={required()} multiple={false} placeholder={<p>{translate('cms.medias.drop')}</p>}>
          <FileField source="src" title="title" />
        </FileInput>
        <TextInput source="name" label="cms.fields.name" helperText="cms.medias.name_help" fullWidth />
        <AltInputs />
        <PackInput />
      </SimpleForm>
    </Create>
  );
}

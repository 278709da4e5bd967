import { Create, FileField, FileInput, required, SimpleForm, TextInput } from 'react-admin';
import { AltInputs, PackInput } from './MediaInputs';

export function MediaCreate() {
  return (
    <Create title="Upload a media" redirect="list">
      <SimpleForm sx={{ maxWidth: 560 }}>
        <FileInput source="file" label="File" validate={required()} multiple={false} placeholder={<p>Drop a file here, or click to choose one</p>}>
          <FileField source="src" title="title" />
        </FileInput>
        <TextInput source="name" label="Name" helperText="Empty: the file's name" fullWidth />
        <AltInputs />
        <PackInput />
      </SimpleForm>
    </Create>
  );
}

import { Status } from '@cms/contracts';
import { Create, SimpleForm } from 'react-admin';
import { ContainerFieldsInput, ContainerMainInputs, MetadataInput } from './ContainerInputs';

export function ContainerCreate() {
  return (
    <Create title="Create a container" redirect="edit" mutationOptions={{ meta: { locale: 'en' } }}>
      <SimpleForm defaultValues={{ status: Status.AVAILABLE, published: false, fields: [], metadata: [] }}>
        <ContainerMainInputs />
        <ContainerFieldsInput />
        <MetadataInput locale="en" />
      </SimpleForm>
    </Create>
  );
}

import { Status } from '@cms/contracts';
import { Create, SimpleForm } from 'react-admin';
import { AccessesInput, PageSectionsInput } from '../components/block-inputs';
import { CONTAINER_ACCESS_HELP, ContainerFieldsInput, ContainerMainInputs, MetadataInput } from './ContainerInputs';
import { UNSAVED_GUARD } from '../components/unsaved-guard';

export function ContainerCreate() {
  return (
    <Create title="cms.containers.create" redirect="edit" mutationOptions={{ meta: { locale: 'en' } }}>
      <SimpleForm
        {...UNSAVED_GUARD}
        defaultValues={{ status: Status.AVAILABLE, drafts: true, published: false, fields: [], metadata: [], sections: [], accesses: [] }}
      >
        <ContainerMainInputs />
        <ContainerFieldsInput />
        <PageSectionsInput fallback={false} />
        <MetadataInput locale="en" />
        <AccessesInput helperText={CONTAINER_ACCESS_HELP} />
      </SimpleForm>
    </Create>
  );
}

import { Lang, Status } from '@cms/contracts';
import { Create, SimpleForm } from 'react-admin';
import { AccessesInput, PageSectionsInput } from '../components/block-inputs';
import { CONTENT_ACCESS_HELP, ContentFieldsInputs, ContentMainInputs, ContentMetadataInput } from './ContentInputs';
import { useContainerParam } from './ContentList';
import { UNSAVED_GUARD } from '../components/unsaved-guard';

export function ContentCreate() {
  const containerId = useContainerParam();
  return (
    <Create title="cms.contents.create" redirect="edit" mutationOptions={{ meta: { locale: Lang.en } }}>
      <SimpleForm
        {...UNSAVED_GUARD}
        defaultValues={{ containerId, status: Status.AVAILABLE, published: false, fields: {}, metadata: [], sections: [], accesses: [] }}
        sx={{ maxWidth: 720 }}
      >
        <ContentMainInputs />
        <ContentFieldsInputs locale={Lang.en} />
        <PageSectionsInput fallback={false} />
        <ContentMetadataInput locale={Lang.en} />
        <AccessesInput helperText={CONTENT_ACCESS_HELP} />
      </SimpleForm>
    </Create>
  );
}

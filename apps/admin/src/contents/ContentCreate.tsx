import { Lang, Status } from '@cms/contracts';
import { Create, SimpleForm } from 'react-admin';
import { ContentFieldsInputs, ContentMainInputs, ContentMetadataInput } from './ContentInputs';
import { useContainerParam } from './ContentList';

export function ContentCreate() {
  const containerId = useContainerParam();
  return (
    <Create title="Create a content" redirect="edit" mutationOptions={{ meta: { locale: Lang.en } }}>
      <SimpleForm defaultValues={{ containerId, status: Status.AVAILABLE, published: false, fields: {}, metadata: [] }} sx={{ maxWidth: 720 }}>
        <ContentMainInputs />
        <ContentFieldsInputs locale={Lang.en} />
        <ContentMetadataInput locale={Lang.en} />
      </SimpleForm>
    </Create>
  );
}

import { type ContainerDto, Lang } from '@cms/contracts';
import { useState } from 'react';
import { DeleteButton, Edit, SaveButton, SimpleForm, Toolbar, useRecordContext } from 'react-admin';
import { LocaleSwitcher } from '../components/LocaleSwitcher';
import { AccessesInput, PageSectionsInput } from '../components/block-inputs';
import { CONTAINER_ACCESS_HELP, ContainerFieldsInput, ContainerMainInputs, MetadataInput } from './ContainerInputs';

function ContainerTitle() {
  const record = useRecordContext<ContainerDto>();
  return <>{record ? `Container ${record.title}` : 'Container'}</>;
}

function ContainerEditToolbar() {
  const record = useRecordContext<ContainerDto>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" confirmTitle={record ? `Delete the container ${record.title}?` : undefined} />
    </Toolbar>
  );
}

function ContainerEditForm({ locale }: { locale: Lang }) {
  const record = useRecordContext<ContainerDto>();
  return (
    <SimpleForm toolbar={<ContainerEditToolbar />}>
      <ContainerMainInputs />
      <ContainerFieldsInput />
      <PageSectionsInput fallback={!!record?.sectionsFallback && locale !== Lang.en} />
      <MetadataInput locale={locale} fallback={!!record?.metadataFallback && locale !== Lang.en} />
      <AccessesInput helperText={CONTAINER_ACCESS_HELP} />
    </SimpleForm>
  );
}

export function ContainerEdit() {
  const [locale, setLocale] = useState<Lang>(Lang.en);
  return (
    <>
      <LocaleSwitcher value={locale} onChange={setLocale} />
      <Edit
        title={<ContainerTitle />}
        mutationMode="pessimistic"
        redirect={false}
        queryOptions={{ meta: { locale } }}
        mutationOptions={{ meta: { locale } }}
      >
        <ContainerEditForm locale={locale} />
      </Edit>
    </>
  );
}

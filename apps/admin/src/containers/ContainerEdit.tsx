import { type ContainerDto, Lang } from '@cms/contracts';
import { useRecordContext, useTranslate } from 'react-admin';
import { DraftKeeper } from '../components/DraftKeeper';
import { AccessesInput, PageSectionsInput } from '../components/block-inputs';
import { ContainerDeleteButton } from './ContainerDeleteButton';
import { CONTAINER_ACCESS_HELP, ContainerFieldsInput, ContainerMainInputs, MetadataInput } from './ContainerInputs';
import { EditToolbar, LocaleEdit } from '../components/resource-screens';
import { PageEditForm } from '../page-parts/PageEditForm';

function ContainerTitle() {
  const record = useRecordContext<ContainerDto>();
  const translate = useTranslate();
  return <>{record ? translate('cms.containers.edit_title', { title: record.title }) : translate('resources.containers.name', { smart_count: 1 })}</>;
}

const ContainerEditToolbar = () => <EditToolbar deleteButton={<ContainerDeleteButton />} />;

function ContainerEditForm({ locale }: { locale: Lang }) {
  const record = useRecordContext<ContainerDto>();
  return (
    <PageEditForm toolbar={<ContainerEditToolbar />}>
      <DraftKeeper />
      <ContainerMainInputs />
      <ContainerFieldsInput />
      <PageSectionsInput fallback={!!record?.sectionsFallback && locale !== Lang.en} />
      <MetadataInput locale={locale} fallback={!!record?.metadataFallback && locale !== Lang.en} />
      <AccessesInput helperText={CONTAINER_ACCESS_HELP} />
    </PageEditForm>
  );
}

export function ContainerEdit() {
  return <LocaleEdit title={<ContainerTitle />}>{(locale) => <ContainerEditForm locale={locale} />}</LocaleEdit>;
}

import { type ContainerDto, Lang } from '@cms/contracts';
import { type RaRecord, useRecordContext, useTranslate } from 'react-admin';
import { PreviewPanel, PreviewProvider } from '../contents/PreviewPanel';
import { ContainerDraftNote, ContainerEditActions, ContainerPageDraftActions } from './ContainerPageDraft';
import { DraftKeeper } from '../components/DraftKeeper';
import { Autosave } from '../history/Autosave';
import { EditExtras } from '../history/EditExtras';
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

/** What a container with drafts keeps as its page's draft; the rest of a save goes live. */
const PAGE_DRAFT_FIELDS = ['sections', 'metadata'] as const;

function ContainerEditToolbar({ locale }: { locale: Lang }) {
  const record = useRecordContext<ContainerDto>();
  return (
    <EditToolbar deleteButton={<ContainerDeleteButton />}>
      {record?.drafts ? (
        <>
          <ContainerPageDraftActions locale={locale} />
          <Autosave enabled draftedFields={PAGE_DRAFT_FIELDS} />
        </>
      ) : undefined}
    </EditToolbar>
  );
}

/** After a save of a container with drafts, the toast says where its page's sections and metadata went. */
const savedMessage = (record: RaRecord) =>
  (record as Partial<ContainerDto>).drafts && (record as Partial<ContainerDto>).hasDraft
    ? 'cms.drafts.page_saved'
    : 'resources.containers.notifications.updated';

function ContainerEditForm({ locale }: { locale: Lang }) {
  const record = useRecordContext<ContainerDto>();
  return (
    <PageEditForm toolbar={<ContainerEditToolbar locale={locale} />}>
      <DraftKeeper />
      <EditExtras />
      <ContainerMainInputs locale={locale} />
      <ContainerFieldsInput />
      <ContainerDraftNote />
      <PageSectionsInput fallback={!!record?.sectionsFallback && locale !== Lang.en} />
      <MetadataInput locale={locale} fallback={!!record?.metadataFallback && locale !== Lang.en} />
      <AccessesInput helperText={CONTAINER_ACCESS_HELP} />
    </PageEditForm>
  );
}

export function ContainerEdit() {
  return (
    <PreviewProvider>
      <LocaleEdit
        title={<ContainerTitle />}
        actions={<ContainerEditActions />}
        aside={(locale) => <PreviewPanel locale={locale} resource="containers" />}
        savedMessage={savedMessage}
      >
        {(locale) => <ContainerEditForm locale={locale} />}
      </LocaleEdit>
    </PreviewProvider>
  );
}

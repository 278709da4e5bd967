import { type ContentDto, Lang } from '@cms/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { type RaRecord, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { DraftKeeper } from '../components/DraftKeeper';
import { AccessesInput } from '../components/block-inputs';
import { CONTENT_ACCESS_HELP, ContentFieldsInputs, ContentMainInputs, ContentMetadataInput, ContentSectionsInput } from './ContentInputs';
import { EditToolbar, LocaleEdit } from '../components/resource-screens';
import { PageEditForm } from '../page-parts/PageEditForm';
import { ContentStatusChip } from './ContentStatusChip';
import { DraftActions } from './DraftActions';
import { PreviewButton, PreviewPanel, PreviewProvider } from './PreviewPanel';
import { Autosave } from '../history/Autosave';
import { EditExtras } from '../history/EditExtras';
import { HistoryButton } from '../history/HistoryDrawer';
import { CopyFromEnButton } from '../translations/CopyFromEnButton';

function ContentTitle() {
  const record = useRecordContext<ContentDto>();
  const translate = useTranslate();
  return <>{record ? translate('cms.contents.edit_title', { title: record.title }) : translate('resources.contents.name', { smart_count: 1 })}</>;
}

function ContentEditToolbar({ locale }: { locale: Lang }) {
  const record = useRecordContext<ContentDto>();
  const listPath = useCreatePath()({ resource: 'contents', type: 'list' });
  // After a delete, back to the list of the content's container.
  return (
    <EditToolbar<ContentDto>
      confirm={(record) => ['cms.contents.delete_confirm', { title: record.title }]}
      redirect={(record) => `${listPath}?container=${record.containerId}`}
      saveLabel={record?.drafts ? 'cms.drafts.save_draft' : undefined}
    >
      {record?.drafts || locale !== Lang.en ? (
        <>
          {record?.drafts && <DraftActions locale={locale} />}
          {record?.drafts && <Autosave enabled />}
          <CopyFromEnButton locale={locale} />
        </>
      ) : undefined}
    </EditToolbar>
  );
}

/**
 * Above the form: where the content stands and the Preview button, for contents of a drafts
 * container (others show the chip only when a schedule waits, set through the API), and History.
 */
function ContentEditActions() {
  const record = useRecordContext<ContentDto>();
  if (!record) return null;
  const scheduled = record.publishAt != null || record.unpublishAt != null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', py: 1, minHeight: 48 }}>
      {record.drafts || scheduled ? <ContentStatusChip size="medium" /> : <Box />}
      <Stack direction="row" spacing={1}>
        {record.drafts && <PreviewButton />}
        <HistoryButton />
      </Stack>
    </Stack>
  );
}

const savedMessage = (record: RaRecord) => ((record as Partial<ContentDto>).drafts ? 'cms.drafts.saved' : 'resources.contents.notifications.updated');

export function ContentEdit() {
  return (
    <PreviewProvider>
      <LocaleEdit title={<ContentTitle />} actions={<ContentEditActions />} aside={(locale) => <PreviewPanel locale={locale} />} savedMessage={savedMessage}>
        {(locale) => (
          <PageEditForm toolbar={<ContentEditToolbar locale={locale} />} sx={{ maxWidth: 720 }}>
            <DraftKeeper />
            <EditExtras />
            <ContentMainInputs containerLocked locale={locale} />
            <ContentFieldsInputs locale={locale} />
            <ContentSectionsInput locale={locale} />
            <ContentMetadataInput locale={locale} />
            <AccessesInput helperText={CONTENT_ACCESS_HELP} />
          </PageEditForm>
        )}
      </LocaleEdit>
    </PreviewProvider>
  );
}

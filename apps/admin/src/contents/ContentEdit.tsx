import { type ContentDto } from '@cms/contracts';
import { useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { DraftKeeper } from '../components/DraftKeeper';
import { AccessesInput } from '../components/block-inputs';
import { CONTENT_ACCESS_HELP, ContentFieldsInputs, ContentMainInputs, ContentMetadataInput, ContentSectionsInput } from './ContentInputs';
import { EditToolbar, LocaleEdit } from '../components/resource-screens';
import { PageEditForm } from '../page-parts/PageEditForm';

function ContentTitle() {
  const record = useRecordContext<ContentDto>();
  const translate = useTranslate();
  return <>{record ? translate('cms.contents.edit_title', { title: record.title }) : translate('resources.contents.name', { smart_count: 1 })}</>;
}

function ContentEditToolbar() {
  const listPath = useCreatePath()({ resource: 'contents', type: 'list' });
  // After a delete, back to the list of the content's container.
  return (
    <EditToolbar<ContentDto>
      confirm={(record) => ['cms.contents.delete_confirm', { title: record.title }]}
      redirect={(record) => `${listPath}?container=${record.containerId}`}
    />
  );
}

export function ContentEdit() {
  return (
    <LocaleEdit title={<ContentTitle />}>
      {(locale) => (
        <PageEditForm toolbar={<ContentEditToolbar />} sx={{ maxWidth: 720 }}>
          <DraftKeeper />
          <ContentMainInputs containerLocked />
          <ContentFieldsInputs locale={locale} />
          <ContentSectionsInput locale={locale} />
          <ContentMetadataInput locale={locale} />
          <AccessesInput helperText={CONTENT_ACCESS_HELP} />
        </PageEditForm>
      )}
    </LocaleEdit>
  );
}

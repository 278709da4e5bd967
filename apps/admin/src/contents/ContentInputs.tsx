import { type ContainerDto, type ContentDto, Lang } from '@cms/contracts';
import Alert from '@mui/material/Alert';
import { Fragment } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { BooleanInput, required, SelectInput, TextInput, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PageSectionsInput } from '../components/block-inputs';
import { ChoiceInput } from '../components/ChoiceInput';
import { MetadataInput, slugValidation, STATUS_CHOICES } from '../containers/ContainerInputs';
import { ContentFieldInput } from './ContentFieldInput';
import { PageAddress, PageSlugInput, ParentPageInput } from '../pages/ParentPageInput';
import { EnValue } from '../translations/EnValue';

/**
 * Title, container, slug and flags. A content stays in its container: it is chosen on creation only.
 * In a drafts container, Publish and Unpublish (DraftActions) take the place of the Published switch.
 */
export function ContentMainInputs({ containerLocked, locale = Lang.en }: { containerLocked?: boolean; locale?: Lang }) {
  const record = useRecordContext<ContentDto>();
  const containerId = useWatch({ name: 'containerId' });
  const { data: container } = useGetOne<ContainerDto>('containers', { id: containerId, meta: { locale: Lang.en } }, { enabled: !!containerId && !record?.id });
  // A new content goes under its container's page unless another parent is picked.
  const defaultParentPath = record?.id ? undefined : (container?.path ?? null);
  return (
    <>
      <TextInput source="title" label="cms.fields.title" validate={required()} fullWidth />
      <ChoiceInput
        source="containerId"
        choicesOf="containers"
        label="cms.fields.container"
        validate={required()}
        disabled={containerLocked}
        helperText={containerLocked ? 'cms.contents.container_locked' : undefined}
        fullWidth
      />
      <ParentPageInput selfSlugId={record?.slugId} defaultParentPath={defaultParentPath} />
      <PageSlugInput locale={locale} validate={slugValidation} helperText="cms.contents.slug_help" />
      <PageAddress defaultParentPath={defaultParentPath} locale={locale} />
      <SelectInput source="status" label="cms.fields.status" choices={STATUS_CHOICES} validate={required()} />
      {!record?.drafts && <BooleanInput source="published" label="cms.fields.published" />}
    </>
  );
}

/** One input per field definition of the chosen container, in the locale of the form. */
export function ContentFieldsInputs({ locale }: { locale: Lang }) {
  const containerId = useWatch({ name: 'containerId' });
  const record = useRecordContext<ContentDto>();
  const {
    data: container,
    isPending,
    error,
  } = useGetOne<ContainerDto>('containers', { id: containerId, meta: { locale: Lang.en } }, { enabled: !!containerId });
  const fallback = new Set(locale === Lang.en ? [] : (record?.fallbackFields ?? []));
  const translate = useTranslate();

  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate('cms.contents.fields_in', { locale })}
      </Typography>
      {!containerId ? (
        <Typography color="text.secondary">{translate('cms.contents.choose_container')}</Typography>
      ) : isPending ? (
        <CircularProgress size={24} aria-label={translate('cms.contents.loading_fields')} />
      ) : error ? (
        <Alert severity="error">{translate('cms.contents.fields_error', { error: (error as Error).message })}</Alert>
      ) : container && container.fields.length === 0 ? (
        <Typography color="text.secondary">{translate('cms.contents.no_fields')}</Typography>
      ) : (
        container?.fields.map((field) => (
          <Fragment key={field.id}>
            <ContentFieldInput field={field} fallbackNote={fallback.has(field.name) ? translate('cms.contents.field_fallback', { locale }) : undefined} />
            {locale !== Lang.en && <EnValue field={field} locale={locale} />}
          </Fragment>
        ))
      )}
    </>
  );
}

export const CONTENT_ACCESS_HELP = 'cms.contents.access_help';

/** Hidden when the container says its contents have no sections of their own (its page shows them). */
export function ContentSectionsInput({ locale }: { locale: Lang }) {
  const record = useRecordContext<ContentDto>();
  const containerId = useWatch({ name: 'containerId' });
  const translate = useTranslate();
  const { data: container } = useGetOne<ContainerDto>('containers', { id: containerId, meta: { locale: Lang.en } }, { enabled: !!containerId });
  if (container?.disableContentSections) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="sections-disabled">
        {translate('cms.contents.sections_disabled', { title: container.title })}
      </Typography>
    );
  }
  return <PageSectionsInput fallback={!!record?.sectionsFallback && locale !== Lang.en} />;
}

export function ContentMetadataInput({ locale }: { locale: Lang }) {
  const record = useRecordContext<ContentDto>();
  return <MetadataInput locale={locale} fallback={!!record?.metadataFallback && locale !== Lang.en} />;
}

import { type ContainerDto, type ContentDto, Lang } from '@cms/contracts';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { BooleanInput, required, SelectInput, TextInput, useGetOne, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PageSectionsInput } from '../components/block-inputs';
import { ChoiceInput } from '../components/ChoiceInput';
import { MetadataInput, slugValidation, STATUS_CHOICES } from '../containers/ContainerInputs';
import { ContentFieldInput } from './ContentFieldInput';

/** Title, container, slug and flags. A content stays in its container: it is chosen on creation only. */
export function ContentMainInputs({ containerLocked }: { containerLocked?: boolean }) {
  return (
    <>
      <TextInput source="title" label="Title" validate={required()} fullWidth />
      <ChoiceInput
        source="containerId"
        choicesOf="containers"
        label="Container"
        validate={required()}
        disabled={containerLocked}
        helperText={containerLocked ? 'A content stays in its container' : undefined}
        fullWidth
      />
      <TextInput source="slug" label="Slug" validate={slugValidation} helperText="The page's address segment under the container's; empty: no page" fullWidth />
      <SelectInput source="status" label="Status" choices={STATUS_CHOICES} validate={required()} />
      <BooleanInput source="published" label="Published" />
    </>
  );
}

/** One input per field definition of the chosen container, in the locale of the form. */
export function ContentFieldsInputs({ locale }: { locale: Lang }) {
  const containerId = useWatch({ name: 'containerId' });
  const record = useRecordContext<ContentDto>();
  const { data: container, isPending, error } = useGetOne<ContainerDto>(
    'containers',
    { id: containerId, meta: { locale: Lang.en } },
    { enabled: !!containerId },
  );
  const fallback = new Set(locale === Lang.en ? [] : (record?.fallbackFields ?? []));

  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        Fields ({locale})
      </Typography>
      {!containerId ? (
        <Typography color="text.secondary">Choose a container to fill in its fields.</Typography>
      ) : isPending ? (
        <CircularProgress size={24} aria-label="Loading the fields" />
      ) : error ? (
        <Alert severity="error">The container's fields could not be loaded: {(error as Error).message}</Alert>
      ) : container && container.fields.length === 0 ? (
        <Typography color="text.secondary">This container has no fields.</Typography>
      ) : (
        container?.fields.map((field) => (
          <ContentFieldInput
            key={field.id}
            field={field}
            fallbackNote={fallback.has(field.name) ? `Shown from en: saved in ${locale} only if you edit it` : undefined}
          />
        ))
      )}
    </>
  );
}

export const CONTENT_ACCESS_HELP = "Only signed-in users with one of these roles may read this page. None: the container's roles apply.";

export function ContentSectionsInput({ locale }: { locale: Lang }) {
  const record = useRecordContext<ContentDto>();
  return <PageSectionsInput fallback={!!record?.sectionsFallback && locale !== Lang.en} />;
}

export function ContentMetadataInput({ locale }: { locale: Lang }) {
  const record = useRecordContext<ContentDto>();
  return <MetadataInput locale={locale} fallback={!!record?.metadataFallback && locale !== Lang.en} />;
}

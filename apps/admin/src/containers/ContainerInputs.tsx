import { CONTAINER_FIELD_NAME_PATTERN, ContainerFieldType, SLUG_SEGMENT_PATTERN, Status } from '@cms/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  ArrayInput,
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  regex,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { ChoiceInput } from '../components/ChoiceInput';

export const CONTAINER_ACCESS_HELP =
  "Only signed-in users with one of these roles may read the container's page and, unless they have their own, its contents' pages. None: everyone.";

export const STATUS_CHOICES = Object.values(Status).map((status) => ({ id: status, name: status === Status.AVAILABLE ? 'Available' : 'Discontinued' }));
export const FIELD_TYPE_CHOICES = Object.values(ContainerFieldType).map((type) => ({ id: type, name: type }));

export const slugValidation = regex(SLUG_SEGMENT_PATTERN, 'Lower-case letters and digits in dash-separated words (hello-world)');

/** Title, slug, flags: the parts of a container that do not depend on the locale. */
export function ContainerMainInputs() {
  return (
    <Box sx={{ width: '100%', maxWidth: 640 }}>
      <TextInput source="title" label="Title" validate={required()} fullWidth />
      <TextInput source="slug" label="Slug" validate={slugValidation} helperText="The page's address segment; empty: no page" fullWidth />
      <SelectInput source="status" label="Status" choices={STATUS_CHOICES} validate={required()} sx={{ minWidth: 240 }} />
      <BooleanInput source="published" label="Published" helperText={false} />
      <BooleanInput source="disableContentSections" label="Contents have no sections of their own" helperText={false} />
      <BooleanInput source="hideFooter" label="Hide the footer" helperText={false} />
    </Box>
  );
}

/** The field definitions: their order is the list's. */
export function ContainerFieldsInput() {
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        Fields
      </Typography>
      <ArrayInput source="fields" label={false}>
        <SimpleFormIterator
          inline
          fullWidth
          sx={{
            '& .RaSimpleFormIterator-line': { borderBottom: 1, borderColor: 'divider', py: 1 },
            '& .RaSimpleFormIterator-form': { flexWrap: 'wrap', rowGap: 1, columnGap: 2, alignItems: 'center', minWidth: 0 },
            '& .RaSimpleFormIterator-form > *': { flexShrink: 0 },
          }}
        >
          <TextInput source="label" label="Label" validate={required()} helperText={false} fullWidth={false} sx={{ minWidth: 180 }} />
          <TextInput
            source="name"
            label="Name"
            validate={[required(), regex(CONTAINER_FIELD_NAME_PATTERN, 'A letter, then letters, digits or _')]}
            helperText={false} fullWidth={false}
            sx={{ minWidth: 180 }}
          />
          <SelectInput source="type" label="Type" choices={FIELD_TYPE_CHOICES} validate={required()} helperText={false} fullWidth={false} sx={{ minWidth: 160 }} />
          <BooleanInput source="required" label="Required" helperText={false} fullWidth={false} />
          <BooleanInput source="multiple" label="Multiple" helperText={false} fullWidth={false} />
          <NumberInput source="min" label="Min" helperText={false} fullWidth={false} sx={{ width: 110, minWidth: 110, flex: "0 0 110px" }} />
          <NumberInput source="max" label="Max" helperText={false} fullWidth={false} sx={{ width: 110, minWidth: 110, flex: "0 0 110px" }} />
          <FormDataConsumer>
            {({ scopedFormData }) => {
              switch (scopedFormData?.type) {
                case ContainerFieldType.OPTION:
                  return (
                    <TextInput
                      source="options"
                      label="Options (one a line)"
                      sx={{ minWidth: 220 }}
                      multiline
                      minRows={2}
                      helperText={false} fullWidth={false}
                      format={(value: unknown) => (Array.isArray(value) ? value.join('\n') : '')}
                      parse={(value: string) => value.split('\n')}
                    />
                  );
                case ContainerFieldType.ZOHOOPTIONS:
                  return <TextInput source="zohoOptionsKey" label="Option list key" validate={required()} helperText={false} fullWidth={false} sx={{ minWidth: 180 }} />;
                case ContainerFieldType.CONTENT:
                  return (
                    <ChoiceInput source="linkedContainerId" choicesOf="containers" label="Contents of" emptyText="Any container" helperText={false} sx={{ minWidth: 180 }} />
                  );
                default:
                  return null;
              }
            }}
          </FormDataConsumer>
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

/** The `<meta>` pairs of the page in the chosen locale. */
export function MetadataInput({ fallback, locale }: { fallback?: boolean; locale?: string }) {
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        Metadata{locale ? ` (${locale})` : ''}
      </Typography>
      {fallback && (
        <Typography variant="body2" color="warning.main" data-testid="metadata-fallback">
          This locale has no metadata yet: en's are shown and are only saved in this locale if you edit them.
        </Typography>
      )}
      <ArrayInput source="metadata" label={false}>
        <SimpleFormIterator inline>
          <TextInput source="name" label="Name" validate={required()} helperText={false} fullWidth={false} sx={{ minWidth: 180 }} />
          <TextInput source="content" label="Content" helperText={false} fullWidth={false} sx={{ minWidth: 320 }} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

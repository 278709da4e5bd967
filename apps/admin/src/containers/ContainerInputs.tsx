import { CONTAINER_FIELD_NAME_PATTERN, type ContainerDto, ContainerFieldType, Lang, SLUG_SEGMENT_PATTERN, Status } from '@cms/contracts';
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
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ChoiceInput } from '../components/ChoiceInput';
import { FieldDefinitionsIterator, FieldNameInput, FieldTypeInput, LinesInput, narrowNumberSx } from '../components/field-definition-inputs';
import { useOptionLists } from '../contents/option-lists';
import { FieldMetadataInput } from './FieldMetadataInput';
import { PageAddress, PageSlugInput, ParentPageInput } from '../pages/ParentPageInput';

export const CONTAINER_ACCESS_HELP = 'cms.containers.access_help';

export const STATUS_CHOICES = Object.values(Status).map((status) => ({ id: status, name: `cms.status.${status}` }));
const FIELD_TYPE_CHOICES = Object.values(ContainerFieldType).map((type) => ({ id: type, name: type }));

export const slugValidation = regex(SLUG_SEGMENT_PATTERN, 'cms.validation.slug');

/** Title, slug, flags: the parts of a container that do not depend on the locale. */
export function ContainerMainInputs({ locale = Lang.en }: { locale?: Lang }) {
  const record = useRecordContext<ContainerDto>();
  return (
    <Box sx={{ width: '100%', maxWidth: 640 }}>
      <TextInput source="title" label="cms.fields.title" validate={required()} fullWidth />
      <ParentPageInput selfSlugId={record?.slugId} />
      <PageSlugInput locale={locale} validate={slugValidation} helperText="cms.containers.slug_help" />
      <PageAddress locale={locale} />
      <SelectInput source="status" label="cms.fields.status" choices={STATUS_CHOICES} validate={required()} sx={{ minWidth: 240 }} />
      <BooleanInput source="published" label="cms.fields.published" helperText={false} />
      <BooleanInput source="drafts" label="cms.containers.drafts" helperText="cms.containers.drafts_help" />
      <BooleanInput source="disableContentSections" label="cms.containers.disable_content_sections" helperText={false} />
      <BooleanInput source="hideFooter" label="cms.containers.hide_footer" helperText={false} />
      <SectionsPositionInput />
    </Box>
  );
}

/** Where a content's page shows its sections among its fields: after all (null), before the first (0), or after one of them (its rank). */
function SectionsPositionInput() {
  const translate = useTranslate();
  const fields = (useWatch({ name: 'fields' }) ?? []) as { label?: string | null; name?: string | null }[];
  const choices = [
    { id: 0, name: translate('cms.containers.sections_first') },
    ...fields.map((field, index) => ({
      id: index + 1,
      name: translate('cms.containers.sections_after', { field: field?.label || field?.name || `#${index + 1}` }),
    })),
  ];
  return (
    <SelectInput
      source="sectionsPosition"
      label="cms.containers.sections_position"
      choices={choices}
      translateChoice={false}
      emptyText="cms.containers.sections_last"
      // The empty choice is null for the API: after all fields.
      format={(value: number | null | undefined) => value ?? ''}
      parse={(value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value))}
      helperText={false}
      // The empty choice reads "After all fields", shown as the value rather than left blank.
      SelectProps={{ displayEmpty: true }}
      InputLabelProps={{ shrink: true }}
      sx={{ minWidth: 320 }}
    />
  );
}

/** A key of the `optionLists` setting, picked from those that exist (free text while they load or if none do). */
function OptionListKeyInput({ source }: { source: string }) {
  const { data: lists } = useOptionLists();
  const keys = Object.keys(lists ?? {});
  if (keys.length === 0)
    return <TextInput source={source} label="cms.fields.option_list_key" validate={required()} helperText={false} fullWidth={false} sx={{ minWidth: 180 }} />;
  return (
    <SelectInput
      source={source}
      label="cms.fields.option_list_key"
      choices={keys.map((key) => ({ id: key, name: key }))}
      translateChoice={false}
      validate={required()}
      helperText={false}
      fullWidth={false}
      sx={{ minWidth: 180 }}
    />
  );
}

/** The field definitions: their order is the list's. */
export function ContainerFieldsInput() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate('cms.containers.fields')}
      </Typography>
      <ArrayInput source="fields" label={false}>
        <FieldDefinitionsIterator fullWidth>
          <TextInput source="label" label="cms.fields.label" validate={required()} helperText={false} fullWidth={false} sx={{ minWidth: 180 }} />
          <FieldNameInput pattern={CONTAINER_FIELD_NAME_PATTERN} message="cms.validation.container_field_name" />
          <FieldTypeInput choices={FIELD_TYPE_CHOICES} />
          <BooleanInput source="required" label="cms.fields.required" helperText={false} fullWidth={false} />
          <BooleanInput source="multiple" label="cms.fields.multiple" helperText={false} fullWidth={false} />
          <NumberInput source="min" label="cms.fields.min" helperText={false} fullWidth={false} sx={narrowNumberSx(110)} />
          <NumberInput source="max" label="cms.fields.max" helperText={false} fullWidth={false} sx={narrowNumberSx(110)} />
          <FormDataConsumer>
            {({ scopedFormData }) => {
              switch (scopedFormData?.type) {
                case ContainerFieldType.OPTION:
                  return <LinesInput source="options" label="cms.fields.options" />;
                case ContainerFieldType.ZOHOOPTIONS:
                  return <OptionListKeyInput source="zohoOptionsKey" />;
                case ContainerFieldType.CONTENT:
                  return (
                    <ChoiceInput
                      source="linkedContainerId"
                      choicesOf="containers"
                      label="cms.containers.contents_of"
                      emptyText="cms.containers.any_container"
                      helperText={false}
                      sx={{ minWidth: 180 }}
                    />
                  );
                default:
                  return null;
              }
            }}
          </FormDataConsumer>
          <FieldMetadataInput />
        </FieldDefinitionsIterator>
      </ArrayInput>
    </>
  );
}

/** The `<meta>` pairs of the page in the chosen locale. */
export function MetadataInput({ fallback, locale }: { fallback?: boolean; locale?: string }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {locale ? translate('cms.containers.metadata_in', { locale }) : translate('cms.containers.metadata')}
      </Typography>
      {fallback && (
        <Typography variant="body2" color="warning.main" data-testid="metadata-fallback">
          {translate('cms.containers.metadata_fallback')}
        </Typography>
      )}
      <ArrayInput source="metadata" label={false}>
        <SimpleFormIterator inline>
          <TextInput source="name" label="cms.fields.name" validate={required()} helperText={false} fullWidth={false} sx={{ minWidth: 180 }} />
          <TextInput source="content" label="cms.fields.content" helperText={false} fullWidth={false} sx={{ minWidth: 320 }} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

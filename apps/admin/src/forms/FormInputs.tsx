import { FORM_FIELD_NAME_PATTERN, FORM_FIELD_TYPES_WITHOUT_VALUE, FormFieldType, Status } from '@cms/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ArrayInput, BooleanInput, email, FormDataConsumer, NumberInput, required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { FieldDefinitionsIterator, FieldNameInput, FieldTypeInput, LinesInput, narrowNumberSx } from '../components/field-definition-inputs';
import { STATUS_CHOICES } from '../containers/ContainerInputs';

const FIELD_TYPE_CHOICES = Object.values(FormFieldType).map((type) => ({ id: type, name: type }));
const WITH_OPTIONS: readonly string[] = [FormFieldType.OPTION, FormFieldType.RADIO, FormFieldType.CHECKBOX];

export function FormMainInputs() {
  return (
    <Box sx={{ width: '100%', maxWidth: 640 }}>
      <TextInput source="title" label="cms.fields.title" validate={required()} fullWidth />
      <SelectInput source="status" label="cms.fields.status" choices={STATUS_CHOICES} validate={required()} sx={{ minWidth: 240 }} />
      <BooleanInput source="sendMail" label="cms.forms.send_mail" helperText={false} />
      <FormDataConsumer>
        {({ formData }) =>
          formData.sendMail ? <TextInput source="sendTo" label="cms.forms.send_to" type="email" validate={[required(), email()]} fullWidth /> : null
        }
      </FormDataConsumer>
      <TextInput source="successMessage" label="cms.forms.success_message" fullWidth />
      <TextInput source="errorMessage" label="cms.forms.error_message" fullWidth />
    </Box>
  );
}

export function FormFieldsInput({ locale, fallback }: { locale: string; fallback?: boolean }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate('cms.forms.fields_in', { locale })}
      </Typography>
      {fallback && (
        <Typography variant="body2" color="warning.main" data-testid="fields-fallback">
          {translate('cms.forms.fields_fallback', { locale })}
        </Typography>
      )}
      <ArrayInput source="fields" label={false}>
        <FieldDefinitionsIterator>
          <FieldNameInput pattern={FORM_FIELD_NAME_PATTERN} message="cms.validation.form_field_name" />
          <FieldTypeInput choices={FIELD_TYPE_CHOICES} />
          <TextInput source="label" label="cms.fields.label" helperText={false} fullWidth={false} sx={{ minWidth: 180 }} />
          <TextInput source="placeholder" label="cms.fields.placeholder" helperText={false} fullWidth={false} sx={{ minWidth: 180 }} />
          <BooleanInput source="required" label="cms.fields.required" helperText={false} fullWidth={false} />
          <NumberInput source="min" label="cms.fields.min" helperText={false} fullWidth={false} sx={narrowNumberSx(100)} />
          <NumberInput source="max" label="cms.fields.max" helperText={false} fullWidth={false} sx={narrowNumberSx(100)} />
          <NumberInput source="position" label="cms.fields.position" helperText={false} fullWidth={false} sx={narrowNumberSx(100)} />
          <NumberInput source="line" label="cms.fields.line" helperText={false} fullWidth={false} sx={narrowNumberSx(100)} />
          <TextInput source="warningMessage" label="cms.fields.warning_message" helperText={false} fullWidth={false} sx={{ minWidth: 180 }} />
          <FormDataConsumer>
            {({ scopedFormData }) =>
              WITH_OPTIONS.includes(scopedFormData?.type) ? (
                <LinesInput source="options" label="cms.fields.options" />
              ) : scopedFormData?.type === FormFieldType.ZOHOOPTIONS ? (
                <TextInput
                  source="options"
                  label="cms.fields.option_list_key"
                  helperText={false}
                  fullWidth={false}
                  format={(value: unknown) => (Array.isArray(value) ? String(value[0] ?? '') : '')}
                  parse={(value: string) => [value]}
                />
              ) : null
            }
          </FormDataConsumer>
          <FormDataConsumer>{({ scopedFormData }) => <FieldDefaultInput type={scopedFormData?.type} />}</FormDataConsumer>
        </FieldDefinitionsIterator>
      </ArrayInput>
    </>
  );
}

/** The value a field starts with, in the shape its type takes (the API keeps one of the three). */
function FieldDefaultInput({ type }: { type?: string }) {
  if (!type || (FORM_FIELD_TYPES_WITHOUT_VALUE as readonly string[]).includes(type)) return null;
  if (type === FormFieldType.NUMBER) {
    return <NumberInput source="defaultNumber" label="cms.fields.default_value" helperText={false} fullWidth={false} sx={narrowNumberSx(140)} />;
  }
  if (type === FormFieldType.CHECKBOX) {
    return <LinesInput source="defaultMultiple" label="cms.fields.default_choices" emptyAsNull />;
  }
  return <TextInput source="defaultText" label="cms.fields.default_value" helperText={false} fullWidth={false} sx={{ minWidth: 180 }} />;
}

export const FORM_DEFAULTS = { status: Status.AVAILABLE, sendMail: false, fields: [] };

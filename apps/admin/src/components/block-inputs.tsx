import { BLOCK_NAMES, BLOCKS, type BlockName } from '@cms/contracts';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { ArrayInput, FormDataConsumer, required, SelectInput, SimpleFormIterator, TextInput, useTranslate, type Validator } from 'react-admin';
import { ChoiceInput } from './ChoiceInput';

/** Block names for a SelectInput; translated where they are shown (`translateChoice`, on by default). */
export const blockChoices = (reusableOnly: boolean) =>
  BLOCK_NAMES.filter((name) => !reusableOnly || BLOCKS[name].reusable).map((name) => ({ id: name, name }));

/** A block choice reads "Rich text (richtext)" in the reader's language. */
export function useBlockChoiceText() {
  const translate = useTranslate();
  return (choice: { id: string }) =>
    translate('cms.blocks.choice', { label: translate(`cms.blocks.names.${choice.id}`, { _: BLOCKS[choice.id as BlockName]?.label ?? choice.id }), name: choice.id });
}

export const jsonFormat = (value: unknown) => (value == null ? '' : JSON.stringify(value, null, 2));
export const jsonParse = (value: string) => {
  if (value.trim() === '') return {};
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};
/** The textarea holds an object once parsed: a string left means the JSON did not parse. */
export const validJsonObject: Validator = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value)) ? undefined : 'cms.validation.json_object';

/** The JSON content of a block, with the reference input its block needs (form, element, container). */
export function BlockContentInputs({ prefix = '' }: { prefix?: string }) {
  return (
    <>
      <TextInput
        source={`${prefix}content`}
        label="cms.fields.content_json"
        multiline
        minRows={3}
        fullWidth
        format={jsonFormat}
        parse={jsonParse}
        validate={validJsonObject}
        sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
      />
      <FormDataConsumer>
        {({ formData, scopedFormData }) => {
          const data = (scopedFormData ?? formData) as { block?: BlockName } | undefined;
          const reference = data?.block ? (BLOCKS[data.block] as { reference?: string })?.reference : undefined;
          if (reference === 'formId')
            return (
              <ChoiceInput source={`${prefix}formId`} choicesOf="forms" label="cms.fields.form" helperText={false} parse={(value: unknown) => (value === '' ? null : value)} />
            );
          if (reference === 'elementId')
            return (
              <ChoiceInput source={`${prefix}elementId`} choicesOf="elements" label="cms.fields.element" helperText={false} parse={(value: unknown) => (value === '' ? null : value)} />
            );
          if (reference === 'containerContentId')
            return (
              <ChoiceInput source={`${prefix}containerContentId`} choicesOf="containers" label="cms.blocks.container_listed" autocomplete helperText={false} />
            );
          return null;
        }}
      </FormDataConsumer>
    </>
  );
}

/**
 * The PAGE sections of a container or content in the form's locale, in order. `fallback`: the
 * locale has none and en's are shown; they are saved in the locale only if edited.
 */
export function PageSectionsInput({ fallback }: { fallback: boolean }) {
  const translate = useTranslate();
  const blockText = useBlockChoiceText();
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate('cms.blocks.page_sections')}
      </Typography>
      {fallback && <Alert severity="info">{translate('cms.blocks.fallback')}</Alert>}
      <ArrayInput source="sections" label={false}>
        <SimpleFormIterator fullWidth sx={{ '& .RaSimpleFormIterator-line': { borderBottom: 1, borderColor: 'divider', py: 1 } }}>
          <SelectInput source="block" label="cms.fields.block" choices={blockChoices(false)} optionText={blockText} validate={required()} helperText={false} sx={{ minWidth: 260 }} />
          <BlockContentInputs />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

/** The roles that may read the page; none: everyone (a content without any takes its container's). */
export function AccessesInput({ helperText }: { helperText: string }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate('cms.blocks.access')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(helperText)}
      </Typography>
      <ArrayInput source="accesses" label={false}>
        <SimpleFormIterator inline disableReordering>
          <ChoiceInput source="roleId" choicesOf="roles" label="cms.fields.role" validate={required()} helperText={false} sx={{ minWidth: 260 }} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

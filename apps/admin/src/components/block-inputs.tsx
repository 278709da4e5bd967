import { BLOCK_NAMES, BLOCKS, type BlockName } from '@cms/contracts';
import { FormDataConsumer, ReferenceInput, AutocompleteInput, SelectInput, TextInput, type Validator } from 'react-admin';

export const blockChoices = (reusableOnly: boolean) =>
  BLOCK_NAMES.filter((name) => !reusableOnly || BLOCKS[name].reusable).map((name) => ({ id: name, name: `${BLOCKS[name].label} (${name})` }));

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
  value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value)) ? undefined : 'A JSON object, such as {"html": "<p>Hello</p>"}';

/** The JSON content of a block, with the reference input its block needs (form, element, container). */
export function BlockContentInputs({ prefix = '' }: { prefix?: string }) {
  return (
    <>
      <TextInput
        source={`${prefix}content`}
        label="Content (JSON)"
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
              <ReferenceInput source={`${prefix}formId`} reference="forms" perPage={100} sort={{ field: 'title', order: 'ASC' }}>
                <SelectInput label="Form" optionText="title" helperText={false} parse={(value: unknown) => (value === '' ? null : value)} />
              </ReferenceInput>
            );
          if (reference === 'elementId')
            return (
              <ReferenceInput source={`${prefix}elementId`} reference="elements" perPage={100} sort={{ field: 'title', order: 'ASC' }}>
                <SelectInput label="Element" optionText="title" helperText={false} parse={(value: unknown) => (value === '' ? null : value)} />
              </ReferenceInput>
            );
          if (reference === 'containerContentId')
            return (
              <ReferenceInput source={`${prefix}containerContentId`} reference="containers" perPage={100} sort={{ field: 'title', order: 'ASC' }}>
                <AutocompleteInput label="Container listed" optionText="title" helperText={false} />
              </ReferenceInput>
            );
          return null;
        }}
      </FormDataConsumer>
    </>
  );
}

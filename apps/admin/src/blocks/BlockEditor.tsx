import { BLOCKS, type BlockReference, isBlockName } from '@cms/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { AutocompleteInput, ReferenceInput, required, useTranslate } from 'react-admin';
import { ObjectInputs } from './BlockFieldInput';
import { ThemePicker } from './ThemePicker';

const REFERENCES: Record<BlockReference, { resource: string; label: string; filter?: Record<string, unknown> }> = {
  formId: { resource: 'forms', label: 'cms.fields.form' },
  elementId: { resource: 'elements', label: 'cms.fields.element' },
  containerContentId: { resource: 'containers', label: 'cms.blocks.container_listed' },
};

const join = (prefix: string, name: string) => (prefix ? `${prefix}.${name}` : name);

/** The form, element or container a block shows, picked by title. */
export function BlockReferenceInput({ reference, prefix }: { reference: BlockReference; prefix: string }) {
  const { resource, label } = REFERENCES[reference];
  return (
    <ReferenceInput source={join(prefix, reference)} reference={resource} perPage={50} sort={{ field: 'title', order: 'ASC' }}>
      <AutocompleteInput
        label={label}
        optionText="title"
        filterToQuery={(q: string) => ({ q })}
        validate={required()}
        parse={(value: unknown) => (value === '' ? null : value)}
        helperText={false}
        sx={{ minWidth: 300 }}
      />
    </ReferenceInput>
  );
}

/**
 * Every input of a block, built from its schema in the registry: the theme, the reference it
 * needs, then one input per property. `prefix` is where the section sits in the form ('' for an
 * element, whose `content` is at the top).
 */
export function BlockEditor({ block, prefix, disabled }: { block: string; prefix: string; disabled?: boolean }) {
  const translate = useTranslate();
  if (!isBlockName(block)) return <Alert severity="warning">{translate('cms.blocks.unknown_block', { block })}</Alert>;
  const definition = BLOCKS[block] as { reference?: BlockReference; content: Parameters<typeof ObjectInputs>[0]['fields'] };
  return (
    <Box component="fieldset" disabled={disabled} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <ThemePicker source={join(prefix, 'content.theme')} disabled={disabled} />
      {definition.reference && <BlockReferenceInput reference={definition.reference} prefix={prefix} />}
      <ObjectInputs fields={definition.content} source={join(prefix, 'content')} enforceRequired />
    </Box>
  );
}

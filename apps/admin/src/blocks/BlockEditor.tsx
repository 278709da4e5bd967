import { BLOCKS, type BlockReference, isBlockName } from '@cms/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { required, useTranslate } from 'react-admin';
import { ChoiceInput, type ChoiceList } from '../components/ChoiceInput';
import { ObjectInputs } from './BlockFieldInput';
import { ThemePicker } from './ThemePicker';

// Picked from the narrow id + title lists, which the rights to edit pages open without VIEW_FORM,
// VIEW_ELEMENT or VIEW_CONTAINER.
const REFERENCES: Record<BlockReference, { choicesOf: ChoiceList; label: string }> = {
  formId: { choicesOf: 'forms', label: 'cms.fields.form' },
  elementId: { choicesOf: 'elements', label: 'cms.fields.element' },
  containerContentId: { choicesOf: 'containers', label: 'cms.blocks.container_listed' },
};

const join = (prefix: string, name: string) => (prefix ? `${prefix}.${name}` : name);

/** The form, element or container a block shows, picked by title. */
function BlockReferenceInput({ reference, prefix }: { reference: BlockReference; prefix: string }) {
  const { choicesOf, label } = REFERENCES[reference];
  return (
    <ChoiceInput
      source={join(prefix, reference)}
      choicesOf={choicesOf}
      label={label}
      autocomplete
      validate={required()}
      parse={(value: unknown) => (value === '' ? null : value)}
      helperText={false}
      sx={{ minWidth: 300 }}
    />
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

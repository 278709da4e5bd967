import { type BlockFieldSchema } from '@cms/contracts';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useFieldArray } from 'react-hook-form';
import { BooleanInput, maxLength, maxValue, minValue, NumberInput, required as requiredValidator, SelectInput, TextInput, useTranslate } from 'react-admin';
import { humanize, initialValue } from './block-values';
import { HrefInput } from './HrefInput';
import { MediaIdInput } from './MediaIdInput';
import { LazyRichTextInput } from './rich-text/LazyRichTextInput';
import { SortableItem, SortableItems } from './SortableItems';

function useFieldLabel() {
  const translate = useTranslate();
  return (name: string) => translate(`cms.blocks.fields.${name}`, { _: humanize(name) });
}

interface FieldProps {
  name: string;
  schema: BlockFieldSchema;
  source: string;
  /** Whether `required` applies: not inside an optional group, which may be left wholly blank. */
  enforceRequired: boolean;
}

/** The input of one property of a block's content, chosen by its schema kind. */
function BlockFieldInput({ name, schema, source, enforceRequired }: FieldProps) {
  const translate = useTranslate();
  const labelOf = useFieldLabel();
  const label = labelOf(name);
  const required = !!schema.required && enforceRequired;
  switch (schema.kind) {
    case 'text': {
      const long = schema.maxLength >= 1000;
      return (
        <TextInput
          source={source}
          label={label}
          validate={required ? [requiredValidator(), maxLength(schema.maxLength)] : maxLength(schema.maxLength)}
          inputProps={{ maxLength: schema.maxLength }}
          helperText={translate('cms.blocks.max_length', { max: schema.maxLength })}
          multiline={long}
          minRows={long ? 2 : undefined}
          fullWidth
        />
      );
    }
    case 'html':
      return (
        <LazyRichTextInput
          source={source}
          label={label}
          validate={required ? [requiredValidator(), maxLength(schema.maxLength)] : maxLength(schema.maxLength)}
          helperText={false}
        />
      );
    case 'href':
      return (
        <Box sx={{ display: 'flex', mb: 2 }}>
          <HrefInput source={source} label={label} required={required} />
        </Box>
      );
    case 'enum':
      return (
        <SelectInput
          source={source}
          label={label}
          choices={schema.values.map((value) => ({ id: value, name: translate(`cms.blocks.values.${name}.${value}`, { _: value }) }))}
          translateChoice={false}
          validate={required ? requiredValidator() : undefined}
          emptyText={translate('cms.blocks.default_value')}
          helperText={false}
          sx={{ minWidth: 220 }}
        />
      );
    case 'int':
      return (
        <NumberInput
          source={source}
          label={label}
          step={1}
          min={schema.min}
          max={schema.max}
          validate={[...(required ? [requiredValidator()] : []), minValue(schema.min), maxValue(schema.max)]}
          helperText={translate('cms.blocks.int_range', { min: schema.min, max: schema.max })}
        />
      );
    case 'boolean':
      return <BooleanInput source={source} label={label} helperText={false} />;
    case 'mediaId':
      return <MediaIdInput source={source} label={label} required={required} />;
    case 'object':
      return (
        <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pt: 0.5, pb: 1, mb: 2, minWidth: 0 }}>
          <Typography component="legend" variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
            {required ? `${label} *` : label}
          </Typography>
          <ObjectInputs fields={schema.fields} source={source} enforceRequired={enforceRequired && !!schema.required} />
        </Box>
      );
    case 'list':
      return <ListInput name={name} schema={schema} source={source} label={label} />;
  }
}

export function ObjectInputs({
  fields,
  source,
  enforceRequired,
}: {
  fields: Readonly<Record<string, BlockFieldSchema>>;
  source: string;
  enforceRequired: boolean;
}) {
  return (
    <>
      {Object.entries(fields).map(([name, schema]) => (
        <BlockFieldInput key={name} name={name} schema={schema} source={`${source}.${name}`} enforceRequired={enforceRequired} />
      ))}
    </>
  );
}

/** Repeatable items of a list property: add, remove, drag to reorder, at most `maxItems`. */
function ListInput({ name, schema, source, label }: { name: string; schema: Extract<BlockFieldSchema, { kind: 'list' }>; source: string; label: string }) {
  const translate = useTranslate();
  // useFieldArray keeps a stable key per item, which the drag-and-drop needs; the keys never reach the form's values.
  const { fields, append, remove, move } = useFieldArray({ name: source, keyName: '_key' as 'id' });
  const keys = fields.map((field) => (field as unknown as { _key: string })._key);
  const itemOf = schema.of;
  return (
    <Box component="fieldset" aria-label={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pt: 0.5, pb: 1, mb: 2, minWidth: 0 }}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
        {schema.required ? `${label} *` : label}
      </Typography>
      <SortableItems ids={keys} onMove={move}>
        {keys.map((key, index) => (
          <SortableItem key={key} id={key} handleLabel={translate('cms.blocks.drag_item', { number: index + 1 })}>
            {(handle) => (
              <Paper variant="outlined" sx={{ display: 'flex', gap: 1, p: 1, mb: 1, alignItems: 'flex-start' }} data-list-item={name}>
                <Box sx={{ pt: 1 }}>{handle}</Box>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  {itemOf.kind === 'object' ? (
                    <ObjectInputs fields={itemOf.fields} source={`${source}.${index}`} enforceRequired />
                  ) : (
                    <BlockFieldInput name={name} schema={itemOf} source={`${source}.${index}`} enforceRequired />
                  )}
                </Box>
                <IconButton
                  aria-label={translate('cms.blocks.remove_item', { number: index + 1 })}
                  title={translate('cms.blocks.remove_item', { number: index + 1 })}
                  onClick={() => remove(index)}
                  size="small"
                >
                  <Delete fontSize="small" />
                </IconButton>
              </Paper>
            )}
          </SortableItem>
        ))}
      </SortableItems>
      <Button size="small" startIcon={<Add />} disabled={fields.length >= schema.maxItems} onClick={() => append((initialValue(itemOf) ?? {}) as object)}>
        {translate('cms.blocks.add_item', { label })}
      </Button>
      {fields.length >= schema.maxItems && (
        <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
          {translate('cms.blocks.max_items', { max: schema.maxItems })}
        </Typography>
      )}
    </Box>
  );
}

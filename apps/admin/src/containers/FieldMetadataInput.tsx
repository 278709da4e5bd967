import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Button, useInput, useTranslate } from 'react-admin';
import { type MetadataRow as Row, rowsToMetadata, toRows } from './field-metadata';

/**
 * A field definition's free metadata (help text, layout hints) as name/value pairs: values that
 * were numbers, flags or lists stay so, so that saving without touching them changes nothing.
 */
export function FieldMetadataInput() {
  const translate = useTranslate();
  const { field } = useInput({ source: 'metadata' });
  const [rows, setRows] = useState<Row[]>(() => toRows(field.value));
  const update = (next: Row[]) => {
    setRows(next);
    field.onChange(rowsToMetadata(next, field.value));
  };
  return (
    <Box sx={{ flexBasis: '100%', display: 'flex', flexDirection: 'column', gap: 1 }} data-testid={`${field.name}-editor`}>
      <FormLabel component="legend" sx={{ fontSize: 13 }}>
        {translate('cms.fields.field_metadata')}
      </FormLabel>
      {rows.map((row, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={translate('cms.fields.metadata_key')}
            value={row.key}
            inputProps={{ 'data-testid': `${field.name}.${index}.key` }}
            onChange={(event) => update(rows.map((item, i) => (i === index ? { ...item, key: event.target.value } : item)))}
          />
          <TextField
            size="small"
            label={translate('cms.fields.metadata_value')}
            value={row.text}
            inputProps={{ 'data-testid': `${field.name}.${index}.value` }}
            onChange={(event) => update(rows.map((item, i) => (i === index ? { ...item, text: event.target.value } : item)))}
            sx={{ minWidth: 240 }}
          />
          <IconButton aria-label={translate('ra.action.remove')} onClick={() => update(rows.filter((_, i) => i !== index))}>
            <RemoveIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button label="cms.fields.add_metadata" onClick={() => update([...rows, { key: '', text: '', json: false }])}>
          <AddIcon />
        </Button>
      </Box>
    </Box>
  );
}

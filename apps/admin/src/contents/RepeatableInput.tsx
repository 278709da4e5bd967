import { type ContainerFieldDto, ContainerFieldType } from '@cms/contracts';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Button, InputHelperText, useInput, useTranslate } from 'react-admin';
import { emptyItem, itemsProblem } from './field-values';

type Item = unknown;

function numberOrNull(text: string): number | null {
  if (text.trim() === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** One value of a `multiple` field, with the input of the field's type. */
function ItemInput({
  field,
  value,
  onChange,
  name,
  choices,
}: {
  field: ContainerFieldDto;
  value: Item;
  onChange: (value: Item) => void;
  name: string;
  choices?: string[];
}) {
  const translate = useTranslate();
  const text = (item: unknown) => (item === null || item === undefined ? '' : String(item));
  switch (field.type) {
    case ContainerFieldType.NUMBER:
    case ContainerFieldType.POSITION:
      return (
        <TextField
          size="small"
          type="number"
          name={name}
          label={field.label}
          value={text(value)}
          inputProps={{ step: field.type === ContainerFieldType.POSITION ? 1 : 'any' }}
          onChange={(event) => onChange(numberOrNull(event.target.value))}
        />
      );
    case ContainerFieldType.LOCATION: {
      const location = (value ?? {}) as { lat?: number | null; lng?: number | null };
      return (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <TextField
            size="small"
            type="number"
            name={`${name}.lat`}
            label={translate('cms.fields.latitude')}
            value={text(location.lat)}
            inputProps={{ step: 'any' }}
            onChange={(event) => onChange({ ...location, lat: numberOrNull(event.target.value) })}
          />
          <TextField
            size="small"
            type="number"
            name={`${name}.lng`}
            label={translate('cms.fields.longitude')}
            value={text(location.lng)}
            inputProps={{ step: 'any' }}
            onChange={(event) => onChange({ ...location, lng: numberOrNull(event.target.value) })}
          />
        </Box>
      );
    }
    case ContainerFieldType.TIMERANGE: {
      const range = (value ?? {}) as { start?: string; end?: string };
      return (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <TextField
            size="small"
            type="time"
            name={`${name}.start`}
            label={translate('cms.fields.start')}
            value={range.start ?? ''}
            InputLabelProps={{ shrink: true }}
            onChange={(event) => onChange({ ...range, start: event.target.value })}
          />
          <TextField
            size="small"
            type="time"
            name={`${name}.end`}
            label={translate('cms.fields.end')}
            value={range.end ?? ''}
            InputLabelProps={{ shrink: true }}
            onChange={(event) => onChange({ ...range, end: event.target.value })}
          />
        </Box>
      );
    }
    case ContainerFieldType.DATE:
      return (
        <TextField
          size="small"
          type="datetime-local"
          name={name}
          label={field.label}
          value={text(value).slice(0, 16)}
          InputLabelProps={{ shrink: true }}
          onChange={(event) => onChange(event.target.value ? new Date(event.target.value).toISOString() : null)}
        />
      );
    case ContainerFieldType.ZOHOOPTIONS:
    case ContainerFieldType.OPTION:
      return (
        <TextField
          select
          size="small"
          name={name}
          label={field.label}
          value={text(value)}
          onChange={(event) => onChange(event.target.value)}
          sx={{ minWidth: 200 }}
        >
          {(choices ?? []).map((choice) => (
            <MenuItem key={choice} value={choice}>
              {choice}
            </MenuItem>
          ))}
        </TextField>
      );
    case ContainerFieldType.PARAGRAPH:
    case ContainerFieldType.RICHTEXT:
      return (
        <TextField
          size="small"
          multiline
          minRows={2}
          name={name}
          label={field.label}
          value={text(value)}
          onChange={(event) => onChange(event.target.value)}
          sx={{ flex: 1 }}
        />
      );
    default:
      return (
        <TextField
          size="small"
          name={name}
          label={field.label}
          value={text(value)}
          onChange={(event) => onChange(event.target.value)}
          sx={{ flex: 1, minWidth: 200 }}
        />
      );
  }
}

/**
 * A `multiple` field as a list of inputs of its type, with add and remove: never JSON. Blank
 * items are left out of what is saved; required, min and max count the items before save.
 */
export function RepeatableInput({ field, source, helperText, choices }: { field: ContainerFieldDto; source: string; helperText?: string; choices?: string[] }) {
  const translate = useTranslate();
  const {
    field: input,
    fieldState: { error, invalid },
  } = useInput({ source, validate: (value: unknown) => itemsProblem(field, value) });
  const items: Item[] = Array.isArray(input.value) ? input.value : [];
  // What is typed stays on screen (blank rows included) while what is saved leaves blanks out.
  const set = (next: Item[]) => input.onChange(next);
  return (
    <Box sx={{ mb: 2 }} data-testid={`repeatable-${field.name}`} onBlur={input.onBlur}>
      <FormLabel component="legend" sx={{ fontSize: 13 }}>
        {field.required ? `${field.label} *` : field.label}
      </FormLabel>
      {items.map((item, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
          <ItemInput
            field={field}
            name={`${source}.${index}`}
            value={item}
            choices={choices}
            onChange={(value) => set(items.map((old, i) => (i === index ? value : old)))}
          />
          <IconButton aria-label={translate('cms.contents.remove_value')} onClick={() => set(items.filter((_, i) => i !== index))}>
            <RemoveIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button label="cms.contents.add_value" onClick={() => set([...items, emptyItem(field.type)])}>
          <AddIcon />
        </Button>
      </Box>
      {(invalid || helperText) && (
        <FormHelperText error={invalid} sx={invalid ? undefined : { color: 'warning.main' }}>
          <InputHelperText error={error?.message} helperText={helperText} />
        </FormHelperText>
      )}
    </Box>
  );
}

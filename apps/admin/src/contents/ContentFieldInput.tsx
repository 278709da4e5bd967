import { COLOR_PATTERN, type ContainerFieldDto, ContainerFieldType, LATITUDE_MAX, LONGITUDE_MAX, NUMBER_FIELD_TYPES } from '@cms/contracts';
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateTimeInput,
  maxLength,
  maxValue,
  minLength,
  minValue,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  regex,
  required,
  SelectArrayInput,
  SelectInput,
  TextInput,
  useTranslate,
  type Validator,
} from 'react-admin';
import { MediaIdInput } from '../blocks/MediaIdInput';
import { ColourInput } from '../components/ColourInput';
import { MediaIdsInput } from '../medias/MediaIdsInput';
import { LazyRichTextInput } from '../blocks/rich-text/LazyRichTextInput';
import { timeRangeProblem } from './field-values';
import { useOptionLists } from './option-lists';
import { RepeatableInput } from './RepeatableInput';

const TEXT_TYPES: readonly ContainerFieldType[] = [
  ContainerFieldType.STRING,
  ContainerFieldType.PARAGRAPH,
  ContainerFieldType.RICHTEXT,
  ContainerFieldType.LINK,
];

const MEDIA_FILTERS: Partial<Record<ContainerFieldType, Record<string, string>>> = {
  [ContainerFieldType.IMAGE]: { mimeType: 'image/' },
  [ContainerFieldType.VIDEO]: { mimeType: 'video/' },
};

function validators(field: ContainerFieldDto): Validator[] {
  const list: Validator[] = [];
  if (field.required) list.push(required());
  if (field.multiple) return list;
  if (TEXT_TYPES.includes(field.type)) {
    if (field.min != null) list.push(minLength(field.min));
    if (field.max != null) list.push(maxLength(field.max));
  }
  if (NUMBER_FIELD_TYPES.includes(field.type)) {
    if (field.min != null) list.push(minValue(field.min));
    if (field.max != null) list.push(maxValue(field.max));
  }
  if (field.type === ContainerFieldType.COLOR) list.push(regex(COLOR_PATTERN, 'cms.validation.colour'));
  return list;
}

const jsonFormat = (value: unknown) => (value == null ? '' : JSON.stringify(value, null, 1));
const jsonParse = (value: string) => {
  try {
    return value.trim() === '' ? null : JSON.parse(value);
  } catch {
    return value;
  }
};

function Group({ label, children, helperText }: { label: string; children: ReactNode; helperText?: ReactNode }) {
  return (
    <Box sx={{ mb: 1 }}>
      <FormLabel component="legend" sx={{ fontSize: 13 }}>
        {label}
      </FormLabel>
      <Stack direction="row" spacing={2}>
        {children}
      </Stack>
      {helperText && <Box sx={{ fontSize: 12, color: 'warning.main' }}>{helperText}</Box>}
    </Box>
  );
}

/** Types whose multiple fields are lists of the single input, edited one value at a time (RepeatableInput). */
const REPEATED_ONE_BY_ONE: ReadonlySet<string> = new Set([
  ContainerFieldType.STRING,
  ContainerFieldType.LINK,
  ContainerFieldType.PARAGRAPH,
  ContainerFieldType.RICHTEXT,
  ContainerFieldType.NUMBER,
  ContainerFieldType.POSITION,
  ContainerFieldType.DATE,
  ContainerFieldType.COLOR,
  ContainerFieldType.LOCATION,
  ContainerFieldType.TIMERANGE,
]);

/** The input of one content field, by its definition's type. */
export function ContentFieldInput({ field, fallbackNote }: { field: ContainerFieldDto; fallbackNote?: string }) {
  const source = `fields.${field.name}`;
  const label = field.required ? `${field.label} *` : field.label;
  const helperText = fallbackNote;
  const common = { source, label: field.label, validate: validators(field), helperText, fullWidth: true } as const;
  const sx = fallbackNote ? { '& .MuiFormHelperText-root': { color: 'warning.main' } } : undefined;

  if (field.multiple && REPEATED_ONE_BY_ONE.has(field.type)) return <RepeatableInput field={field} source={source} helperText={fallbackNote} />;
  switch (field.type) {
    case ContainerFieldType.STRING:
    case ContainerFieldType.LINK:
      return <TextInput {...common} sx={sx} />;
    case ContainerFieldType.PARAGRAPH:
    case ContainerFieldType.RICHTEXT:
      if (field.type === ContainerFieldType.RICHTEXT)
        return <LazyRichTextInput source={source} label={field.label} validate={validators(field)} helperText={fallbackNote ?? false} sx={sx} />;
      return <TextInput {...common} multiline minRows={3} helperText={fallbackNote} sx={sx} />;
    case ContainerFieldType.NUMBER:
    case ContainerFieldType.POSITION:
      return <NumberInput {...common} step={field.type === ContainerFieldType.POSITION ? 1 : 'any'} fullWidth={false} sx={sx} />;
    case ContainerFieldType.BOOLEAN:
      return <BooleanInput source={source} label={field.label} helperText={fallbackNote ?? false} sx={sx} />;
    case ContainerFieldType.DATE:
      return <DateTimeInput {...common} fullWidth={false} sx={sx} />;
    case ContainerFieldType.COLOR:
      return <ColourInput {...common} fullWidth={false} placeholder="#RRGGBB" sx={sx} />;
    case ContainerFieldType.OPTION: {
      const choices = (field.options ?? []).map((option) => ({ id: option, name: option }));
      return field.multiple ? (
        <SelectArrayInput {...common} choices={choices} sx={sx} />
      ) : (
        <SelectInput {...common} choices={choices} emptyText="cms.contents.none" sx={sx} />
      );
    }
    case ContainerFieldType.ZOHOOPTIONS:
      return <ZohoOptionsInput field={field} common={common} fallbackNote={fallbackNote} sx={sx} />;
    case ContainerFieldType.IMAGE:
    case ContainerFieldType.FILE:
    case ContainerFieldType.VIDEO: {
      const filter = MEDIA_FILTERS[field.type] ?? {};
      return field.multiple ? (
        <MediaIdsInput source={source} title={(count) => `${label} (${count})`} filter={filter} validate={validators(field)} helperText={helperText} />
      ) : (
        // The blocks' picker: thumbnails, search and upload in place, limited to the field's kind.
        <MediaIdInput source={source} label={field.label} required={field.required} helperText={helperText} filter={filter} />
      );
    }
    case ContainerFieldType.CONTENT: {
      const filter = field.linkedContainerId ? { containerId: field.linkedContainerId } : {};
      return field.multiple ? (
        <ReferenceArrayInput source={source} reference="contents" filter={filter} perPage={50}>
          <AutocompleteArrayInput
            label={field.label}
            optionText="title"
            validate={validators(field)}
            helperText={helperText}
            filterToQuery={(q) => ({ q })}
            sx={sx}
          />
        </ReferenceArrayInput>
      ) : (
        <ReferenceInput source={source} reference="contents" filter={filter} perPage={50}>
          <AutocompleteInput
            label={field.label}
            optionText="title"
            validate={validators(field)}
            helperText={helperText}
            filterToQuery={(q) => ({ q })}
            sx={sx}
          />
        </ReferenceInput>
      );
    }
    case ContainerFieldType.LOCATION:
      return (
        <Group label={label} helperText={fallbackNote}>
          <NumberInput
            source={`${source}.lat`}
            label="cms.fields.latitude"
            validate={[...(field.required ? [required()] : []), minValue(-LATITUDE_MAX), maxValue(LATITUDE_MAX)]}
            helperText={false}
          />
          <NumberInput
            source={`${source}.lng`}
            label="cms.fields.longitude"
            validate={[...(field.required ? [required()] : []), minValue(-LONGITUDE_MAX), maxValue(LONGITUDE_MAX)]}
            helperText={false}
          />
        </Group>
      );
    case ContainerFieldType.TIMERANGE:
      return (
        <Group label={label} helperText={fallbackNote}>
          <TextInput
            source={`${source}.start`}
            label="cms.fields.start"
            type="time"
            InputLabelProps={{ shrink: true }}
            validate={field.required ? required() : undefined}
            helperText={false}
          />
          <TextInput
            source={`${source}.end`}
            label="cms.fields.end"
            type="time"
            InputLabelProps={{ shrink: true }}
            validate={[
              ...(field.required ? [required()] : []),
              (_value: unknown, values: Record<string, unknown>) => timeRangeProblem((values.fields as Record<string, unknown> | undefined)?.[field.name]),
            ]}
            helperText={false}
          />
        </Group>
      );
    default:
      return <TextInput {...common} format={jsonFormat} parse={jsonParse} sx={sx} />;
  }
}

/** ZOHOOPTIONS: a choice among the option list the field names (settings `optionLists`). */
function ZohoOptionsInput({
  field,
  common,
  fallbackNote,
  sx,
}: {
  field: ContainerFieldDto;
  common: { source: string; label: string; validate: Validator[]; helperText?: string; fullWidth: true };
  fallbackNote?: string;
  sx?: object;
}) {
  const translate = useTranslate();
  const { data: lists, isPending } = useOptionLists();
  const options = field.zohoOptionsKey ? lists?.[field.zohoOptionsKey] : undefined;
  if (isPending) return null;
  if (!options) {
    // The list is missing: keep what is stored editable rather than hiding it.
    const helperText = fallbackNote ?? translate('cms.contents.no_option_list', { key: field.zohoOptionsKey ?? '' });
    return field.multiple ? (
      <RepeatableInput field={field} source={common.source} helperText={helperText} />
    ) : (
      <TextInput {...common} helperText={helperText} sx={sx} />
    );
  }
  const choices = options.map((option) => ({ id: option, name: option }));
  return field.multiple ? (
    <SelectArrayInput {...common} choices={choices} sx={sx} />
  ) : (
    <SelectInput {...common} choices={choices} emptyText="cms.contents.none" translateChoice={false} sx={sx} />
  );
}

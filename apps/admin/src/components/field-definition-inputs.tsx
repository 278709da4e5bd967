import type { ReactNode } from 'react';
import { regex, required, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';

/** The size of a narrow number input (min, max, position) on a field definition's line. */
export const narrowNumberSx = (width: number) => ({ width, minWidth: width, flex: `0 0 ${width}px` });

/** The field definitions of a container or a form, one wrapped line each, in the list's order. */
export function FieldDefinitionsIterator({ fullWidth, children }: { fullWidth?: boolean; children: ReactNode }) {
  return (
    <SimpleFormIterator
      inline
      fullWidth={fullWidth}
      sx={{
        '& .RaSimpleFormIterator-line': { borderBottom: 1, borderColor: 'divider', py: 1 },
        '& .RaSimpleFormIterator-form': { flexWrap: 'wrap', rowGap: 1, columnGap: 2, alignItems: 'center', minWidth: 0 },
        '& .RaSimpleFormIterator-form > *': { flexShrink: 0 },
      }}
    >
      {children}
    </SimpleFormIterator>
  );
}

/**
 * A list of strings edited one a line (a field's options or default choices). `emptyAsNull`: an
 * empty text is null rather than `['']`.
 */
export function LinesInput({ source, label, emptyAsNull = false }: { source: string; label: string; emptyAsNull?: boolean }) {
  return (
    <TextInput
      source={source}
      label={label}
      sx={{ minWidth: 220 }}
      multiline
      minRows={2}
      helperText={false}
      fullWidth={false}
      format={(value: unknown) => (Array.isArray(value) ? value.join('\n') : '')}
      parse={(value: string) => (emptyAsNull && value.trim() === '' ? null : value.split('\n'))}
    />
  );
}

/** A field's name: required, and of the shape `pattern` allows (`message`, a catalog key, says which). */
export function FieldNameInput({ pattern, message }: { pattern: RegExp; message: string }) {
  return (
    <TextInput
      source="name"
      label="cms.fields.name"
      validate={[required(), regex(pattern, message)]}
      helperText={false}
      fullWidth={false}
      sx={{ minWidth: 180 }}
    />
  );
}

/** A field's type, one of `choices`. */
export function FieldTypeInput({ choices }: { choices: { id: string; name: string }[] }) {
  return (
    <SelectInput source="type" label="cms.fields.type" choices={choices} validate={required()} helperText={false} fullWidth={false} sx={{ minWidth: 160 }} />
  );
}

import { COLOR_PATTERN } from '@cms/contracts';
import Box from '@mui/material/Box';
import { TextInput, type TextInputProps } from 'react-admin';
import { useWatch } from 'react-hook-form';

/** The colour typed at `source`, as a small square (empty while it is not a #RRGGBB colour). */
function ColourSwatch({ source }: { source: string }) {
  const value = useWatch({ name: source });
  const valid = typeof value === 'string' && COLOR_PATTERN.test(value);
  return (
    <Box
      aria-hidden
      sx={{ width: 18, height: 18, mr: 1, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: valid ? value : 'transparent', flexShrink: 0 }}
    />
  );
}

/** A text input for a #RRGGBB colour, showing the colour typed beside it. */
export function ColourInput(props: TextInputProps) {
  return <TextInput {...props} InputProps={{ startAdornment: <ColourSwatch source={props.source} /> }} />;
}

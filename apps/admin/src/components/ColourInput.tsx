import { COLOR_PATTERN } from '@cms/contracts';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import { TextInput, type TextInputProps } from 'react-admin';
import { useWatch } from 'react-hook-form';

/**
 * The colour typed at `source`, as a small square: the placeholder's colour (what applies) while
 * nothing is typed, empty while what is typed is not a #RRGGBB colour.
 */
function ColourSwatch({ source, placeholder }: { source: string; placeholder?: string }) {
  const value: unknown = useWatch({ name: source });
  const typed = typeof value === 'string' && value !== '' ? value : undefined;
  const shown = typed ?? placeholder;
  const colour = shown !== undefined && COLOR_PATTERN.test(shown) ? shown : 'transparent';
  // An adornment, so that the filled input lines it up with the text typed rather than with the label.
  return (
    <InputAdornment position="start">
      <Box aria-hidden sx={{ width: 18, height: 18, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: colour, flexShrink: 0 }} />
    </InputAdornment>
  );
}

/** A text input for a #RRGGBB colour, showing the colour typed (or, while empty, its placeholder's) beside it. */
export function ColourInput(props: TextInputProps) {
  const placeholder = typeof props.placeholder === 'string' ? props.placeholder : undefined;
  return <TextInput {...props} InputProps={{ startAdornment: <ColourSwatch source={props.source} placeholder={placeholder} /> }} />;
}

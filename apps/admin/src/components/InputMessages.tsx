import FormHelperText from '@mui/material/FormHelperText';
import { ValidationError } from 'react-admin';

/** Under an input built by hand (useInput): its warning, then its validation error, as react-admin's inputs show them. */
export function InputMessages({ helperText, error }: { helperText?: string; error?: string }) {
  return (
    <>
      {helperText && <FormHelperText sx={{ color: 'warning.main' }}>{helperText}</FormHelperText>}
      {error && (
        <FormHelperText error>
          <ValidationError error={error} />
        </FormHelperText>
      )}
    </>
  );
}

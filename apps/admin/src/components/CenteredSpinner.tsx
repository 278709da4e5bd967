import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A spinner in the middle of the viewport, with a short text under it. */
export function CenteredSpinner({ text }: { text: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      <CircularProgress />
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}

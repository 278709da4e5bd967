import CircularProgress from '@mui/material/CircularProgress';
import type { RichTextInputProps } from 'ra-input-rich-text';
import { lazy, Suspense } from 'react';

// TipTap and ProseMirror weigh more than the rest of an edit screen: fetched when first shown.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

export function LazyRichTextInput(props: RichTextInputProps) {
  return (
    <Suspense fallback={<CircularProgress size={24} sx={{ my: 2 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

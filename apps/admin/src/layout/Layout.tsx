import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Layout as RaLayout, TitlePortal } from 'react-admin';
import { KeyboardShortcuts } from './KeyboardShortcuts';
import { TopBar } from './TopBar';

/** The spec's top bar replaces react-admin's side menu. */
const NoSidebar = () => null;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout
      appBar={TopBar}
      sidebar={NoSidebar}
      // react-admin sizes the frame to its widest child: on a phone that pushes screens past the window.
      sx={{ minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0, maxWidth: '100vw' } }}
    >
      <Box sx={{ px: { xs: 1, sm: 2 }, pt: 2, overflowWrap: 'anywhere', '& h1 *': { whiteSpace: 'normal' } }}>
        <TitlePortal component="h1" variant="h5" />
      </Box>
      <Box sx={{ px: { xs: 1, sm: 2 }, pb: 4 }}>{children}</Box>
      <KeyboardShortcuts />
    </RaLayout>
  );
}

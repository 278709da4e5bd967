import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Layout as RaLayout, TitlePortal } from 'react-admin';
import { TopBar } from './TopBar';

/** The spec's top bar replaces react-admin's side menu. */
const NoSidebar = () => null;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={TopBar} sidebar={NoSidebar}>
      <Box sx={{ px: { xs: 1, sm: 2 }, pt: 2 }}>
        <TitlePortal component="h1" variant="h5" />
      </Box>
      <Box sx={{ px: { xs: 1, sm: 2 }, pb: 4 }}>{children}</Box>
    </RaLayout>
  );
}

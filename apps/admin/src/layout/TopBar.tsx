import { buildTopBar, shouldFetchContainers, type TopBarEntry } from '@cms/rights';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Home from '@mui/icons-material/Home';
import { useQuery } from '@tanstack/react-query';
import { LoadingIndicator, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { fetchMenuContainers } from './menu-containers';
import { TopBarEntryButton } from './TopBarEntryButton';
import { UserMenu } from './UserMenu';

export const menuContainersQueryKey = ['containers', 'menu'] as const;

function isActive(entry: TopBarEntry, pathname: string): boolean {
  if (entry.key === 'home') return false;
  return pathname === entry.href || pathname.startsWith(`${entry.href}/`);
}

/** The admin top bar of spec section 2, built from the menu rules of libs/rights. */
export function TopBar() {
  const { me } = useAuth();
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { data: containers = [] } = useQuery({
    queryKey: menuContainersQueryKey,
    queryFn: ({ signal }) => fetchMenuContainers(signal),
    enabled: shouldFetchContainers(me),
    staleTime: 60_000,
    retry: false,
  });
  const bar = buildTopBar(me, containers);
  if (!bar.visible) return null;
  const entries = bar.entries.filter((entry) => entry.visible);
  // /admin/users/roles belongs to Roles when Roles stands alone, else to Users.
  const activeKey = entries.filter((entry) => isActive(entry, pathname)).sort((a, b) => b.href.length - a.href.length)[0]?.key;

  return (
    <AppBar position="fixed" color="secondary" elevation={1}>
      <Toolbar variant="dense" component="nav" aria-label={translate('cms.menu.main')} sx={{ gap: 0.5, minHeight: 48 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, overflowX: 'auto', flexGrow: 1, scrollbarWidth: 'thin' }}>
          {entries.map((entry) => (
            <TopBarEntryButton
              key={entry.key}
              entry={entry}
              active={entry.key === activeKey}
              icon={entry.key === 'home' ? <Home fontSize="small" /> : undefined}
            />
          ))}
        </Box>
        <LoadingIndicator />
        <UserMenu items={bar.userMenu} />
      </Toolbar>
    </AppBar>
  );
}

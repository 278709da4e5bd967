import { buildTopBar, shouldFetchContainers, type TopBarEntry } from '@cms/rights';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import { cloneElement, isValidElement, useState } from 'react';
import Home from '@mui/icons-material/Home';
import { useQuery } from '@tanstack/react-query';
import { LoadingIndicator, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { fetchMenuContainers } from './menu-containers';
import { DropdownItems, linkProps, TopBarEntryButton } from './TopBarEntryButton';
import { UserMenu } from './UserMenu';
import { PaletteButton } from '../palette/PaletteButton';

export const menuContainersQueryKey = ['containers', 'menu'] as const;

function isActive(entry: TopBarEntry, pathname: string): boolean {
  if (entry.key === 'home') return false;
  return pathname === entry.href || pathname.startsWith(`${entry.href}/`);
}

/** Every entry of the bar, with its shortcuts under it, in one menu: the same entries, the same rules. */
function CollapsedEntries({ entries, activeKey }: { entries: TopBarEntry[]; activeKey?: string }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const active = entries.find((entry) => entry.key === activeKey);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexGrow: 1, minWidth: 0 }}>
      <IconButton
        color="inherit"
        aria-label={translate('cms.menu.open_menu')}
        aria-haspopup="menu"
        aria-controls={anchor ? 'top-bar-collapsed' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MenuIcon />
      </IconButton>
      <Typography noWrap sx={{ ml: 0.5 }}>
        {translate((active ?? entries[0])?.label ?? 'cms.menu.main')}
      </Typography>
      <Menu id="top-bar-collapsed" anchorEl={anchor} open={!!anchor} onClose={close} slotProps={{ paper: { sx: { minWidth: 260, maxHeight: '80vh' } } }}>
        {entries.flatMap((entry) => [
          <MenuItem key={entry.key} {...linkProps(entry.href)} onClick={close} selected={entry.key === activeKey} sx={{ fontWeight: 600 }}>
            {translate(entry.label)}
          </MenuItem>,
          ...(entry.dropdown && !entry.dropdown.disabled
            ? DropdownItems({ entry, onClose: close, translate }).map((item, index) =>
                // Menu wants its items as direct children: re-key them per entry rather than wrap them.
                isValidElement(item) ? cloneElement(item, { key: `${entry.key}-${index}` }) : item,
              )
            : []),
          <Divider key={`${entry.key}-divider`} />,
        ])}
      </Menu>
    </Box>
  );
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
  // Below this width the entries no longer fit beside the user menu: they collapse into one menu.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const bar = buildTopBar(me, containers);
  if (!bar.visible) return null;
  const entries = bar.entries.filter((entry) => entry.visible);
  // /admin/users/roles belongs to Roles when Roles stands alone, else to Users.
  const activeKey = entries.filter((entry) => isActive(entry, pathname)).sort((a, b) => b.href.length - a.href.length)[0]?.key;

  return (
    <AppBar position="fixed" color="secondary" elevation={1}>
      <Toolbar variant="dense" component="nav" aria-label={translate('cms.menu.main')} sx={{ gap: 0.5, minHeight: 48 }}>
        {narrow ? (
          <CollapsedEntries entries={entries} activeKey={activeKey} />
        ) : (
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
        )}
        <PaletteButton compact={narrow} />
        <LoadingIndicator aria-label={translate('ra.page.loading')} />
        <UserMenu items={bar.userMenu} />
      </Toolbar>
    </AppBar>
  );
}

import { REVALIDATE_ERROR_TOAST, REVALIDATE_SUCCESS_TOAST } from '@cms/contracts';
import type { UserMenuItem } from '@cms/rights';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircle from '@mui/icons-material/AccountCircle';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Cached from '@mui/icons-material/Cached';
import Logout from '@mui/icons-material/Logout';
import Settings from '@mui/icons-material/Settings';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useAuth } from '../auth/AuthContext';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';
import { linkProps } from './TopBarEntryButton';

type RevalidateState = 'idle' | 'loading';

/** The signed-in user's name, with Settings, Revalidate all and Disconnect. */
export function UserMenu({ items }: { items: UserMenuItem[] }) {
  const { me, signOut } = useAuth();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [revalidate, setRevalidate] = useState<RevalidateState>('idle');
  const close = () => setAnchor(null);
  const visible = (key: UserMenuItem['key']) => items.find((item) => item.key === key && item.visible);
  const settings = visible('settings');

  const revalidateAll = async () => {
    if (revalidate === 'loading') return;
    setRevalidate('loading');
    try {
      await httpClient(`${API_URL}/revalidate/all`, { method: 'POST' });
      notify(REVALIDATE_SUCCESS_TOAST, { type: 'success' });
    } catch {
      notify(REVALIDATE_ERROR_TOAST, { type: 'error' });
    } finally {
      setRevalidate('idle');
      close();
    }
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={revalidate === 'loading' ? <CircularProgress size={18} color="inherit" /> : <AccountCircle />}
        endIcon={<ArrowDropDown />}
        aria-label={`User menu (${me?.name ?? 'account'})`}
        aria-haspopup="menu"
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {me?.name ?? 'Account'}
      </Button>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220 } } }}
      >
        {settings && settings.href && (
          <MenuItem {...linkProps(settings.href)} onClick={close}>
            <ListItemIcon>
              <Settings fontSize="small" />
            </ListItemIcon>
            <ListItemText>{settings.label}</ListItemText>
          </MenuItem>
        )}
        {visible('revalidate') && (
          <MenuItem onClick={revalidateAll} aria-busy={revalidate === 'loading'} data-state={revalidate}>
            <ListItemIcon>
              {revalidate === 'loading' ? (
                <CircularProgress size={20} aria-label="Revalidating" />
              ) : (
                <Cached fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText>Revalidate all</ListItemText>
          </MenuItem>
        )}
        {(settings || visible('revalidate')) && <Divider />}
        <MenuItem
          onClick={() => {
            close();
            signOut();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>Disconnect</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

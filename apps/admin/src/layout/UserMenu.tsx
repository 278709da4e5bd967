import type { UserMenuItem } from '@cms/rights';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircle from '@mui/icons-material/AccountCircle';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Cached from '@mui/icons-material/Cached';
import Check from '@mui/icons-material/Check';
import Logout from '@mui/icons-material/Logout';
import Settings from '@mui/icons-material/Settings';
import { isLang } from '@cms/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { putOwnLanguage } from '../auth/auth-api';
import { meQueryKey, useAuth } from '../auth/AuthContext';
import { API_URL } from '../http/api-request';
import { i18nProvider } from '../i18n-provider';
import { UI_LOCALES, type UiLocale } from '../i18n/locales';
import { httpClient } from '../http/http-client';
import { linkProps } from './TopBarEntryButton';

type RevalidateState = 'idle' | 'loading';

/** Language saves go one after the other: a quick second choice must not be overtaken by the first. */
let languageSaves: Promise<unknown> = Promise.resolve();

/**
 * The language whose save failed, until a menu shown in that language says so. A change of
 * language remounts everything under react-admin's i18n provider, its notifications included: a
 * notification made before that would be lost, so it is made by the menu mounted after it.
 */
let failedSave: UiLocale | null = null;
const failedSaveListeners = new Set<() => void>();
const setFailedSave = (locale: UiLocale | null) => {
  failedSave = locale;
  for (const listener of failedSaveListeners) listener();
};
const subscribeFailedSave = (listener: () => void) => {
  failedSaveListeners.add(listener);
  return () => failedSaveListeners.delete(listener);
};

/** The signed-in user's name, with Settings, Revalidate all, the interface language and Disconnect. */
export function UserMenu({ items }: { items: UserMenuItem[] }) {
  const { me, token, signOut } = useAuth();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const [uiLocale, setUiLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [revalidate, setRevalidate] = useState<RevalidateState>('idle');
  const close = () => setAnchor(null);
  const visible = (key: UserMenuItem['key']) => items.find((item) => item.key === key && item.visible);
  const settings = visible('settings');
  const failed = useSyncExternalStore(subscribeFailedSave, () => failedSave);
  useEffect(() => {
    if (!failed || failed !== i18nProvider.getLocale()) return;
    setFailedSave(null);
    notify('cms.own_language.save_error', { type: 'error' });
  }, [failed, notify]);

  const revalidateAll = async () => {
    if (revalidate === 'loading') return;
    setRevalidate('loading');
    try {
      await httpClient(`${API_URL}/revalidate/all`, { method: 'POST' });
      notify('cms.notifications.revalidated', { type: 'success' });
    } catch {
      notify('cms.notifications.revalidate_error', { type: 'error' });
    } finally {
      setRevalidate('idle');
      close();
    }
  };

  // The interface changes at once; the choice is also stored with the account (mails to it follow
  // it, and another browser takes it), and a failure to store it only says so.
  const chooseLanguage = async (locale: UiLocale) => {
    close();
    setUiLocale(locale);
    if (!token || !isLang(locale)) return;
    const save = languageSaves.then(() => putOwnLanguage(token, locale));
    languageSaves = save.catch(() => undefined);
    try {
      queryClient.setQueryData(meQueryKey, await save);
      if (failedSave) setFailedSave(null);
    } catch {
      setFailedSave(locale);
    }
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={revalidate === 'loading' ? <CircularProgress size={18} color="inherit" /> : <AccountCircle />}
        endIcon={<ArrowDropDown />}
        aria-label={translate('cms.menu.user_menu', { name: me?.name ?? translate('cms.menu.account') })}
        aria-haspopup="menu"
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {me?.name ?? translate('cms.menu.account')}
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
            <ListItemText>{translate(settings.label)}</ListItemText>
          </MenuItem>
        )}
        {visible('revalidate') && (
          <MenuItem onClick={revalidateAll} aria-busy={revalidate === 'loading'} data-state={revalidate}>
            <ListItemIcon>
              {revalidate === 'loading' ? <CircularProgress size={20} aria-label={translate('cms.menu.revalidating')} /> : <Cached fontSize="small" />}
            </ListItemIcon>
            <ListItemText>{translate('cms.menu.revalidate')}</ListItemText>
          </MenuItem>
        )}
        {(settings || visible('revalidate')) && <Divider />}
        {/* A heading of the menu, not an item of it: a menu holds only items (axe: aria-required-children). */}
        <ListSubheader id="language-menu-label" role="presentation" sx={{ lineHeight: '32px' }}>
          {translate('cms.language.menu')}
        </ListSubheader>
        {UI_LOCALES.map(({ locale, name }) => (
          <MenuItem
            key={locale}
            lang={locale}
            selected={locale === uiLocale}
            aria-describedby="language-menu-label"
            onClick={() => void chooseLanguage(locale)}
          >
            <ListItemIcon>{locale === uiLocale ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{name}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            signOut();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('cms.menu.disconnect')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

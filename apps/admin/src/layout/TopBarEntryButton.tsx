import type { TopBarEntry } from '@cms/rights';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Edit from '@mui/icons-material/Edit';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { isBackOfficePath } from '../auth/remembered-route';

/** Props that make a MUI button or menu item a link: client-side inside the SPA, a full load outside. */
export function linkProps(href: string) {
  return isBackOfficePath(href) ? { component: RouterLink, to: href } : { component: 'a', href };
}

const activeSx = { bgcolor: 'rgba(255,255,255,0.14)' };

type Translate = ReturnType<typeof useTranslate>;

export function DropdownItems({ entry, onClose, translate }: { entry: TopBarEntry; onClose: () => void; translate: Translate }): ReactNode[] {
  const dropdown = entry.dropdown;
  if (!dropdown) return [];
  const items: ReactNode[] = dropdown.links.map((link) => (
    <MenuItem key={link.key} {...linkProps(link.href)} onClick={onClose}>
      {translate(link.label)}
    </MenuItem>
  ));
  const containers = dropdown.containers ?? [];
  if (dropdown.containers && containers.length === 0 && items.length === 0) {
    items.push(
      <MenuItem key="none" disabled>
        {translate('cms.menu.no_containers')}
      </MenuItem>,
    );
  }
  containers.forEach((container, index) => {
    if (index > 0 || items.length > 0) items.push(<Divider key={`divider-${container.id}`} />);
    items.push(
      container.editHref ? (
        <MenuItem key={`title-${container.id}`} {...linkProps(container.editHref)} onClick={onClose} dense>
          <ListItemText primary={container.title} slotProps={{ primary: { fontWeight: 600 } }} />
          <ListItemIcon sx={{ justifyContent: 'flex-end' }}>
            <Edit fontSize="small" aria-label={translate('cms.menu.container_edit', { title: container.title })} />
          </ListItemIcon>
        </MenuItem>
      ) : (
        <ListSubheader key={`title-${container.id}`} sx={{ lineHeight: '32px', fontWeight: 600, color: 'text.primary' }}>
          {container.title}
        </ListSubheader>
      ),
    );
    if (container.allHref) {
      items.push(
        <MenuItem key={`all-${container.id}`} {...linkProps(container.allHref)} onClick={onClose} dense sx={{ pl: 4 }}>
          {translate(container.allLabel, { title: container.title })}
        </MenuItem>,
      );
    }
    if (container.createHref) {
      items.push(
        <MenuItem key={`create-${container.id}`} {...linkProps(container.createHref)} onClick={onClose} dense sx={{ pl: 4 }}>
          {translate(container.createLabel, { title: container.title })}
        </MenuItem>,
      );
    }
  });
  return items;
}

/** One entry of the top bar: a link, and a dropdown of shortcuts when the entry has one. */
export function TopBarEntryButton({ entry, active, icon }: { entry: TopBarEntry; active: boolean; icon?: ReactNode }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const menuId = `top-bar-menu-${entry.key}`;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}>
      <Button
        color="inherit"
        {...linkProps(entry.href)}
        startIcon={icon}
        aria-current={active ? 'page' : undefined}
        sx={{ ...(active ? activeSx : {}), px: 1.25, whiteSpace: 'nowrap' }}
      >
        {translate(entry.label)}
      </Button>
      {entry.dropdown && (
        <>
          <IconButton
            color="inherit"
            size="small"
            aria-label={translate('cms.menu.shortcuts', { entry: translate(entry.label) })}
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={anchor ? 'true' : undefined}
            disabled={entry.dropdown.disabled}
            onClick={(event) => setAnchor(event.currentTarget)}
            sx={{ ml: -0.5, '&.Mui-disabled': { color: 'rgba(255,255,255,0.3)' } }}
          >
            <ArrowDropDown />
          </IconButton>
          <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={close} slotProps={{ paper: { sx: { minWidth: 220, maxHeight: '70vh' } } }}>
            {DropdownItems({ entry, onClose: close, translate })}
          </Menu>
        </>
      )}
    </Box>
  );
}

import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import SearchIcon from '@mui/icons-material/Search';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

// The palette's dialog, its list and its search load when it is first opened: the first screen's bundle stays as it was.
const CommandPalette = lazy(() => import('./CommandPalette'));

/** Ctrl+K, or ⌘+K on a Mac. */
export function isPaletteShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** The top bar's Search button, and Ctrl/⌘+K anywhere in the back office: both open the command palette. */
export function PaletteButton({ compact }: { compact: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setLoaded(true);
      setOpen((was) => !was);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  const label = translate('cms.palette.open');
  return (
    <>
      {compact ? (
        <IconButton color="inherit" aria-label={label} title={translate('cms.palette.open_hint')} onClick={show}>
          <SearchIcon />
        </IconButton>
      ) : (
        <Button
          color="inherit"
          startIcon={<SearchIcon />}
          title={translate('cms.palette.open_hint')}
          onClick={show}
          sx={{ textTransform: 'none', flexShrink: 0 }}
        >
          {label}
        </Button>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <CommandPalette open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

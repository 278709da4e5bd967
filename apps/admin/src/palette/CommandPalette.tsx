import { SEARCH_MAX_QUERY, type SearchResult } from '@cms/contracts';
import { buildTopBar, shouldFetchContainers } from '@cms/rights';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';
import { fetchMenuContainers } from '../layout/menu-containers';
import { menuContainersQueryKey } from '../layout/TopBar';
import { matchScreens, PALETTE_GROUPS, paletteScreens, type PaletteItem, recordItems } from './palette-screens';

/** How long the palette waits after the last key before it asks the API. */
const DEBOUNCE_MS = 200;

type Records = { state: 'idle' } | { state: 'loading' } | { state: 'done'; q: string; items: PaletteItem[] } | { state: 'error'; message: string };

/** Records matching `q`, asked DEBOUNCE_MS after the last change; the answer to an older q is dropped. */
function useRecords(q: string): Records {
  const [records, setRecords] = useState<Records>({ state: 'idle' });
  useEffect(() => {
    const text = q.trim();
    if (!text || text.length > SEARCH_MAX_QUERY) {
      setRecords({ state: 'idle' });
      return;
    }
    setRecords({ state: 'loading' });
    const abort = new AbortController();
    const timer = setTimeout(() => {
      httpClient(`${API_URL}/search?q=${encodeURIComponent(text)}&limit=20`, { signal: abort.signal })
        .then(({ json }) => setRecords({ state: 'done', q: text, items: recordItems((json as SearchResult).hits) }))
        .catch((error: Error) => {
          if (!abort.signal.aborted) setRecords({ state: 'error', message: error.message });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [q]);
  return records;
}

/**
 * The command palette (Ctrl/⌘+K): one input that finds the screens the user may open (the top
 * bar's, in their language) and the records they may read (GET /api/search), grouped by kind.
 * A combobox over a listbox: ↑ ↓ move, Enter opens, Esc closes and gives focus back to what
 * opened it (the Dialog's own focus return). Loaded on demand, when first opened.
 */
export default function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { me } = useAuth();
  const ids = useId();
  const listId = `${ids}-list`;
  const [q, setQ] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const { data: containers = [] } = useQuery({
    queryKey: menuContainersQueryKey,
    queryFn: ({ signal }) => fetchMenuContainers(signal),
    enabled: shouldFetchContainers(me),
    staleTime: 60_000,
    retry: false,
  });
  const screens = useMemo(() => paletteScreens(buildTopBar(me, containers), translate), [me, containers, translate]);
  const records = useRecords(q);
  const items = useMemo(
    () => [...matchScreens(screens, q), ...(records.state === 'done' && records.q === q.trim() ? records.items : [])],
    [screens, q, records],
  );
  const current = Math.min(active, Math.max(0, items.length - 1));

  useEffect(() => setActive(0), [q]);
  useEffect(() => {
    if (!open) setQ('');
  }, [open]);
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  const go = (item: PaletteItem | undefined) => {
    if (!item) return;
    onClose();
    navigate(item.href);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: items.length - 1 };
    if (event.key in moves && items.length) {
      event.preventDefault();
      setActive((moves[event.key] + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(items[current]);
    }
  };

  const tooLong = q.trim().length > SEARCH_MAX_QUERY;
  const status = tooLong
    ? translate('cms.palette.too_long', { max: SEARCH_MAX_QUERY })
    : records.state === 'loading'
      ? translate('cms.palette.loading')
      : records.state === 'error'
        ? translate('cms.palette.error', { error: records.message })
        : records.state === 'done' && items.length === 0
          ? translate('cms.palette.empty', { q: records.q })
          : null;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${ids}-title`}
      slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: { xs: 2, sm: 10 } } } }}
    >
      <Typography id={`${ids}-title`} component="h2" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {translate('cms.palette.title')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <SearchIcon color="action" aria-hidden />
        <InputBase
          autoFocus
          fullWidth
          value={q}
          onChange={(event) => setQ(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={translate('cms.palette.placeholder')}
          inputProps={{
            role: 'combobox',
            'aria-label': translate('cms.palette.input_label'),
            'aria-expanded': items.length > 0,
            'aria-controls': listId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': items.length ? `${ids}-option-${current}` : undefined,
            'data-testid': 'palette-input',
          }}
        />
        {records.state === 'loading' && <CircularProgress size={18} aria-hidden />}
      </Box>
      <Box role="status" aria-live="polite" sx={{ px: 2, pt: status ? 1 : 0, color: 'text.secondary', typography: 'body2' }}>
        {status}
      </Box>
      <Box
        component="ul"
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={translate('cms.palette.results')}
        sx={{ listStyle: 'none', m: 0, p: 0, pb: 1, maxHeight: '60vh', overflowY: 'auto' }}
      >
        {PALETTE_GROUPS.map((group) => {
          const inGroup = items.map((item, index) => ({ item, index })).filter(({ item }) => item.group === group);
          if (!inGroup.length) return null;
          return (
            <Box component="li" role="presentation" key={group}>
              <Typography id={`${ids}-group-${group}`} variant="overline" component="div" sx={{ px: 2, pt: 1, color: 'text.secondary' }}>
                {translate(`cms.palette.groups.${group}`)}
              </Typography>
              <Box component="ul" role="group" aria-labelledby={`${ids}-group-${group}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {inGroup.map(({ item, index }) => (
                  <Box
                    component="li"
                    key={item.id}
                    id={`${ids}-option-${index}`}
                    data-index={index}
                    role="option"
                    aria-selected={index === current}
                    onMouseMove={() => setActive(index)}
                    onClick={() => go(item)}
                    sx={{
                      px: 2,
                      py: 0.75,
                      cursor: 'pointer',
                      display: 'flex',
                      gap: 1,
                      alignItems: 'baseline',
                      bgcolor: index === current ? 'action.selected' : undefined,
                    }}
                  >
                    <Typography component="span" noWrap sx={{ flexShrink: 1, minWidth: 0 }}>
                      {item.label}
                    </Typography>
                    {item.detail && (
                      <Typography component="span" variant="body2" color="text.secondary" noWrap sx={{ ml: 'auto', flexShrink: 2, minWidth: 0 }}>
                        {item.detail}
                      </Typography>
                    )}
                  </Box>
                ))}
              </Box>
            </Box>
          );
        })}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 1, borderTop: 1, borderColor: 'divider', pt: 0.5 }}>
        {translate('cms.palette.hint')}
      </Typography>
    </Dialog>
  );
}

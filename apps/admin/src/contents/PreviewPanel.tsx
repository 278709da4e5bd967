import type { Lang } from '@cms/contracts';
import Close from '@mui/icons-material/Close';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Refresh from '@mui/icons-material/Refresh';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { requestPreview, type DraftResource } from './content-actions';
import { actionErrorMessage } from './drafts';

interface PreviewState {
  open: boolean;
  setOpen(open: boolean): void;
}

const PreviewContext = createContext<PreviewState>({ open: false, setOpen: () => undefined });

/** Whether the edit screen shows the preview beside the form: the Preview button and the panel share it. */
export function PreviewProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => ({ open, setOpen }), [open]);
  return <PreviewContext.Provider value={value}>{children}</PreviewContext.Provider>;
}

/** Opens (or closes) the preview of the draft beside the form. */
export function PreviewButton() {
  const { open, setOpen } = useContext(PreviewContext);
  const translate = useTranslate();
  return (
    // Outlined either way (a contained button in the screen's actions bar is drawn nearly transparent); the icon says the state.
    <Button size="small" variant="outlined" startIcon={open ? <VisibilityOff /> : <Visibility />} onClick={() => setOpen(!open)} aria-pressed={open}>
      {translate('cms.drafts.preview')}
    </Button>
  );
}

interface Loaded {
  url: string | null;
  error: string | null;
  loading: boolean;
  /** Counts the addresses received: the frame reloads for each, even when the address is the same. */
  version: number;
}

/**
 * The draft as the site renders it, beside the form, in the locale being edited. It asks the API
 * for a fresh preview address when it opens, when the locale changes and whenever the record
 * changes (each save, publish, discard or schedule refetches it), so it always shows what was saved.
 */
export function PreviewPanel({ locale, resource = 'contents' }: { locale: Lang; resource?: DraftResource }) {
  const { open, setOpen } = useContext(PreviewContext);
  const record = useRecordContext<{ id: number }>();
  const translate = useTranslate();
  const [loaded, setLoaded] = useState<Loaded>({ url: null, error: null, loading: false, version: 0 });
  const [asked, setAsked] = useState(0);
  const id = record?.id;

  useEffect(() => {
    if (!open || id === undefined) return;
    const controller = new AbortController();
    setLoaded((previous) => ({ ...previous, loading: true, error: null }));
    requestPreview(id, locale, controller.signal, resource).then(
      (answer) => setLoaded((previous) => ({ url: answer.url, error: null, loading: false, version: previous.version + 1 })),
      (failure) => {
        if (controller.signal.aborted) return;
        setLoaded((previous) => ({ ...previous, url: null, loading: false, error: actionErrorMessage(failure, translate, 'cms.drafts.preview_no_page') }));
      },
    );
    return () => controller.abort();
    // `record` is a dependency on purpose: a new record (after a save or an action) is a new draft to show.
  }, [open, id, locale, record, asked, translate, resource]);

  if (!open || !record) return null;
  return (
    <Card
      component="aside"
      aria-label={translate('cms.drafts.preview_title', { locale })}
      sx={{
        ml: { lg: 2 },
        mt: { xs: 2, lg: 0 },
        flex: { xs: '1 1 100%', lg: '0 0 48%' },
        minWidth: 0,
        position: { lg: 'sticky' },
        top: { lg: 72 },
        height: { xs: '80vh', lg: 'calc(100vh - 96px)' },
        display: 'flex',
        flexDirection: 'column',
      }}
      data-testid="preview-panel"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }} noWrap>
          {translate('cms.drafts.preview_title', { locale })}
        </Typography>
        <Tooltip title={translate('cms.drafts.preview_reload')}>
          <IconButton size="small" aria-label={translate('cms.drafts.preview_reload')} onClick={() => setAsked((count) => count + 1)}>
            <Refresh fontSize="small" />
          </IconButton>
        </Tooltip>
        <Button
          size="small"
          component="a"
          href={loaded.url ?? undefined}
          target="_blank"
          rel="noopener"
          disabled={!loaded.url}
          startIcon={<OpenInNew fontSize="small" />}
        >
          {translate('cms.drafts.preview_open')}
        </Button>
        <Tooltip title={translate('cms.drafts.preview_close')}>
          <IconButton size="small" aria-label={translate('cms.drafts.preview_close')} onClick={() => setOpen(false)}>
            <Close fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box sx={{ height: 4 }}>{loaded.loading && <LinearProgress />}</Box>
      {loaded.error ? (
        <Alert severity="warning" sx={{ m: 2 }}>
          {loaded.error}
        </Alert>
      ) : loaded.url ? (
        <Box
          component="iframe"
          key={loaded.version}
          src={loaded.url}
          title={translate('cms.drafts.preview_title', { locale })}
          sx={{ border: 0, flex: 1, width: '100%', bgcolor: 'background.paper' }}
        />
      ) : null}
    </Card>
  );
}

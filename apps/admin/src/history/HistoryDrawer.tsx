import Close from '@mui/icons-material/Close';
import CompareArrows from '@mui/icons-material/CompareArrows';
import History from '@mui/icons-material/History';
import Restore from '@mui/icons-material/Restore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Confirm, useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { fetchVersion, fetchVersions, restoreVersion } from './history-api';
import { useEditSession } from './EditSession';
import { fullTime, relativeTime } from './relative-time';
import { diffStates } from './state-diff';
import { StateComparison } from './StateComparison';
import { useHistoryTarget } from './use-target';
import type { HistoryTarget, VersionSummary } from './versions';

export const historyQueryKey = (target: HistoryTarget | null) => ['history', target?.resource, target?.id === undefined ? null : String(target.id)];

/** Opens the history drawer of the record on screen. */
export function HistoryButton() {
  const session = useEditSession();
  const translate = useTranslate();
  if (!session) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<History />}
      onClick={() => session.setHistoryOpen(!session.historyOpen)}
      aria-pressed={session.historyOpen}
    >
      {translate('cms.history.button')}
    </Button>
  );
}

/** "2 hours ago", the whole local time in its tooltip. */
export function Moment({ iso }: { iso: string }) {
  const [uiLocale] = useLocaleState();
  return (
    <Tooltip title={fullTime(iso, uiLocale)}>
      <time dateTime={iso}>{relativeTime(iso, uiLocale)}</time>
    </Tooltip>
  );
}

function useAuthorName(): (version: Pick<VersionSummary, 'userName'>) => string {
  const translate = useTranslate();
  return (version) => version.userName || translate('cms.history.unknown_user');
}

/**
 * The history of the record on screen, in a drawer at its right: who saved what and when, newest
 * first, a page at a time. Two ticked versions are compared side by side; any but the current one
 * can be restored, after a confirmation.
 */
export function HistoryDrawer() {
  const session = useEditSession();
  const target = useHistoryTarget();
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const authorOf = useAuthorName();
  const [uiLocale] = useLocaleState();
  const [picked, setPicked] = useState<number[]>([]);
  const [comparing, setComparing] = useState(false);
  const [restoring, setRestoring] = useState<VersionSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const open = !!session?.historyOpen && target !== null;

  const versions = useInfiniteQuery({
    queryKey: historyQueryKey(target),
    queryFn: ({ pageParam, signal }) => fetchVersions(target as HistoryTarget, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.versions.length, 0);
      return loaded < last.total && last.versions.length > 0 ? loaded : undefined;
    },
    enabled: open,
    retry: false,
  });
  // Each save (or restore) of the record makes a version: the list is read again.
  useEffect(() => {
    if (open) void queryClient.invalidateQueries({ queryKey: historyQueryKey(target) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record]);

  if (!session || !target) return null;
  const list = versions.data?.pages.flatMap((page) => page.versions) ?? [];
  const total = versions.data?.pages.at(-1)?.total ?? 0;
  const toggle = (id: number) => setPicked((current) => (current.includes(id) ? current.filter((item) => item !== id) : [...current.slice(-1), id]));

  const restore = async () => {
    const version = restoring;
    setRestoring(null);
    if (!version) return;
    setBusy(true);
    try {
      const answer = await restoreVersion(target, version.id);
      if (answer.dropped.length > 0) {
        notify('cms.history.restored_dropped', { type: 'warning', messageArgs: { dropped: answer.dropped.join(' · ') }, autoHideDuration: 15000 });
      } else {
        notify('cms.history.restored', { type: 'success' });
      }
      setPicked([]);
      refresh();
    } catch (failure) {
      notify(translate('cms.history.restore_error', { error: (failure as Error).message }), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => session.setHistoryOpen(false)}
        slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 } }, 'aria-label': translate('cms.history.title') } as object }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <History color="action" />
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {translate('cms.history.title')}
          </Typography>
          <Tooltip title={translate('cms.history.close')}>
            <IconButton aria-label={translate('cms.history.close')} onClick={() => session.setHistoryOpen(false)}>
              <Close />
            </IconButton>
          </Tooltip>
        </Stack>
        {session.choices && session.chooseTarget && (
          <Box sx={{ px: 2, pt: 2 }}>
            <TextField
              fullWidth
              select
              size="small"
              label={translate('cms.history.record')}
              value={session.choices.findIndex((choice) => choice.target.resource === target.resource && String(choice.target.id) === String(target.id))}
              onChange={(event) => {
                const choice = session.choices?.[Number(event.target.value)];
                if (choice) {
                  setPicked([]);
                  session.chooseTarget?.(choice.target);
                }
              }}
            >
              {session.choices.map((choice, index) => (
                <MenuItem key={`${choice.target.resource}-${choice.target.id}`} value={index}>
                  {choice.label}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, py: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {picked.length === 2 ? translate('cms.history.picked_two') : translate('cms.history.compare_hint')}
          </Typography>
          <Button size="small" variant="contained" startIcon={<CompareArrows />} disabled={picked.length !== 2} onClick={() => setComparing(true)}>
            {translate('cms.history.compare')}
          </Button>
        </Stack>
        {versions.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress size={24} aria-label={translate('cms.history.loading')} />
          </Box>
        ) : versions.error ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {translate('cms.history.load_error', { error: versions.error.message })}
          </Alert>
        ) : list.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {translate('cms.history.empty')}
          </Typography>
        ) : (
          <List dense disablePadding data-testid="history-list">
            {list.map((version, index) => (
              <ListItem
                key={version.id}
                divider
                sx={{ alignItems: 'flex-start', gap: 1, bgcolor: picked.includes(version.id) ? 'action.selected' : undefined }}
                data-testid="history-version"
              >
                <Checkbox
                  size="small"
                  checked={picked.includes(version.id)}
                  onChange={() => toggle(version.id)}
                  slotProps={{
                    input: { 'aria-label': translate('cms.history.pick', { name: authorOf(version), date: fullTime(version.createdAt, uiLocale) }) },
                  }}
                  sx={{ mt: -0.5 }}
                />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {translate(`cms.history.actions.${version.action}`, { _: version.action })}
                    </Typography>
                    {version.published && <Chip size="small" color="success" label={translate('cms.history.published')} />}
                    {index === 0 && <Chip size="small" variant="outlined" label={translate('cms.history.current')} />}
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {translate('cms.history.by', { name: authorOf(version) })} · <Moment iso={version.createdAt} />
                  </Typography>
                  {version.locales.length > 0 && (
                    <Typography variant="caption" color="text.secondary">
                      {translate('cms.history.locales', { locales: version.locales.map((code) => code.toUpperCase()).join(', ') })}
                    </Typography>
                  )}
                </Box>
                {index > 0 && (
                  <Tooltip title={translate('cms.history.restore')}>
                    <span>
                      <IconButton size="small" disabled={busy} aria-label={translate('cms.history.restore')} onClick={() => setRestoring(version)}>
                        <Restore fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                )}
              </ListItem>
            ))}
          </List>
        )}
        {versions.hasNextPage && (
          <Box sx={{ p: 2, textAlign: 'center' }}>
            <Button onClick={() => versions.fetchNextPage()} disabled={versions.isFetchingNextPage}>
              {translate('cms.history.load_more', { count: total - list.length })}
            </Button>
          </Box>
        )}
        {list.length > 0 && (
          <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 2 }}>
            {translate('cms.history.count', { shown: list.length, smart_count: total })}
          </Typography>
        )}
      </Drawer>
      {comparing && picked.length === 2 && (
        <CompareDialog target={target} versions={list.filter((version) => picked.includes(version.id))} onClose={() => setComparing(false)} />
      )}
      <Confirm
        isOpen={restoring !== null}
        title="cms.history.restore_title"
        content={translate('cms.history.restore_confirm', {
          name: restoring ? authorOf(restoring) : '',
          date: restoring ? fullTime(restoring.createdAt, uiLocale) : '',
        })}
        confirm="cms.history.restore"
        onConfirm={restore}
        onClose={() => setRestoring(null)}
      />
    </>
  );
}

/** Two versions of the record side by side, the older on the left. */
function CompareDialog({ target, versions, onClose }: { target: HistoryTarget; versions: VersionSummary[]; onClose(): void }) {
  const translate = useTranslate();
  const authorOf = useAuthorName();
  const [older, newer] = [...versions].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  const states = useQuery({
    queryKey: ['history', 'compare', target.resource, String(target.id ?? ''), older.id, newer.id],
    queryFn: ({ signal }) => Promise.all([fetchVersion(target, older.id, signal), fetchVersion(target, newer.id, signal)]),
    retry: false,
  });
  const title = (version: VersionSummary) => (
    <Stack spacing={0}>
      <span>{translate(`cms.history.actions.${version.action}`, { _: version.action })}</span>
      <Typography variant="caption" color="text.secondary">
        {authorOf(version)} · <Moment iso={version.createdAt} />
      </Typography>
    </Stack>
  );
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="history-compare-title">
      <DialogTitle id="history-compare-title">{translate('cms.history.compare_title')}</DialogTitle>
      <DialogContent dividers>
        {states.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress size={24} />
          </Box>
        ) : states.error ? (
          <Alert severity="error">{translate('cms.history.load_error', { error: states.error.message })}</Alert>
        ) : (
          <StateComparison rows={diffStates(states.data[0].state, states.data[1].state)} leftTitle={title(older)} rightTitle={title(newer)} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

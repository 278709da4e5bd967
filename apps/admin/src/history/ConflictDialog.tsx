import CompareArrows from '@mui/icons-material/CompareArrows';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useRefresh, useSaveContext, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useEditSession } from './EditSession';
import { fetchVersion } from './history-api';
import { fullTime, relativeTime } from './relative-time';
import { diffStates, formValuesLike, stateInLocale } from './state-diff';
import { StateComparison } from './StateComparison';
import { useHistoryTarget } from './use-target';

interface ConflictActions {
  /** Reads the record's current version again (its ETag) without touching the form. */
  refetchVersion?(): Promise<unknown>;
  /** Saves the form's values (after refetchVersion: over theirs). */
  save?(values: Record<string, unknown>): unknown;
  /** The form's values shaped as their version's state, when the form is not the record itself (the settings). */
  yoursOf?(values: Record<string, unknown>, theirs: Record<string, unknown>): Record<string, unknown>;
}

/**
 * Inside an edit form: when a save (or an autosave) met someone else's newer save, says who and
 * when, and offers the three ways out: look at their changes beside yours, keep yours (saved over
 * theirs), or take theirs (the form reloads, yours are dropped).
 */
export function ConflictDialog({ refetchVersion, save, yoursOf = formValuesLike }: ConflictActions) {
  const session = useEditSession();
  const target = useHistoryTarget();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const saveContext = useSaveContext();
  const { getValues, reset } = useFormContext();
  const [uiLocale] = useLocaleState();
  const [comparing, setComparing] = useState(false);
  const [busy, setBusy] = useState(false);
  const conflict = session?.conflict ?? null;
  const theirs = useQuery({
    queryKey: ['history', 'conflict', target?.resource, String(target?.id ?? ''), conflict?.versionId],
    queryFn: ({ signal }) => fetchVersion(target!, conflict!.versionId, signal),
    enabled: comparing && !!conflict && !!target,
    retry: false,
  });
  if (!session || !conflict || !target) return null;

  const close = () => {
    setComparing(false);
    session.setConflict(null);
  };
  const keepMine = async () => {
    setBusy(true);
    try {
      if (refetchVersion) await refetchVersion();
      else await dataProvider.getOne(target.resource, { id: target.id, meta: { locale: session.locale } });
      close();
      const values = getValues();
      await (save ? save(values) : saveContext.save?.(values));
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const takeTheirs = () => {
    close();
    // Back to the record as read, then read it again: the form shows theirs, yours are gone.
    reset();
    refresh();
    notify('cms.conflict.taken', { type: 'info' });
  };
  const name = conflict.changedBy.userName || translate('cms.conflict.someone');
  const projected = theirs.data ? stateInLocale(theirs.data.state, session.locale) : null;

  return (
    <Dialog open onClose={busy ? undefined : close} maxWidth={comparing ? 'lg' : 'sm'} fullWidth aria-labelledby="conflict-title" data-testid="conflict-dialog">
      <DialogTitle id="conflict-title">{translate('cms.conflict.title')}</DialogTitle>
      <DialogContent>
        <Tooltip title={fullTime(conflict.changedAt, uiLocale)}>
          <DialogContentText>
            {translate(`cms.conflict.message.${target.resource}`, { name, when: relativeTime(conflict.changedAt, uiLocale) })}
          </DialogContentText>
        </Tooltip>
        <DialogContentText sx={{ mt: 1 }}>{translate('cms.conflict.explain')}</DialogContentText>
        {comparing && (
          <Box sx={{ mt: 2 }}>
            {theirs.isPending ? (
              <CircularProgress size={24} aria-label={translate('cms.conflict.loading')} />
            ) : theirs.error ? (
              <Alert severity="error">{translate('cms.history.load_error', { error: theirs.error.message })}</Alert>
            ) : projected ? (
              <StateComparison
                rows={diffStates(projected, yoursOf(getValues(), projected))}
                leftTitle={translate('cms.conflict.theirs', { name })}
                rightTitle={translate('cms.conflict.yours')}
              />
            ) : null}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<CompareArrows />} onClick={() => setComparing(!comparing)} disabled={busy} sx={{ mr: 'auto' }}>
          {translate(comparing ? 'cms.conflict.hide' : 'cms.conflict.see')}
        </Button>
        <Button onClick={takeTheirs} disabled={busy}>
          {translate('cms.conflict.take_theirs')}
        </Button>
        <Button variant="contained" onClick={keepMine} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {translate('cms.conflict.keep_mine')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import CloudDone from '@mui/icons-material/CloudDone';
import CloudOff from '@mui/icons-material/CloudOff';
import EditNote from '@mui/icons-material/EditNote';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type RaRecord, useDataProvider, useLocaleState, useRecordContext, useResourceContext, useSaveContext, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { conflictOf } from '../http/conflict';
import { useEditSession } from './EditSession';
import { fullTime } from './relative-time';

/** How long after the last keystroke a draft saves itself. */
export const AUTOSAVE_DELAY_MS = 3000;

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'failed'; reason: string };

/**
 * In the toolbar of a record saved as a draft (never published by this): the form saves itself
 * a few seconds after typing stops, through the same data provider as Save, so it sends the
 * record's version (If-Match) and a newer save by someone else opens the conflict dialog instead
 * of being overwritten. It waits while a save is under way and while a conflict is open, and,
 * given `draftedFields`, while anything else is changed (that would go live).
 */
export function Autosave({ enabled, draftedFields }: { enabled: boolean; draftedFields?: readonly string[] }) {
  const session = useEditSession();
  const resource = useResourceContext();
  const record = useRecordContext<RaRecord>();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const [uiLocale] = useLocaleState();
  const { saving } = useSaveContext();
  const { control, getValues, reset } = useFormContext();
  const { isDirty, dirtyFields } = useFormState({ control });
  // A record of which only some parts are drafted (a container's page): other changes would go live, so they wait for Save.
  const live = draftedFields ? Object.keys(dirtyFields).some((field) => !draftedFields.includes(field)) : false;
  const values = useWatch({ control });
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const running = useRef(false);
  // Bumped to try again once a running save ends.
  const [retry, setRetry] = useState(0);
  const conflict = session?.conflict ?? null;
  const snapshot = JSON.stringify(values);

  // A save by hand (Keep mine, Save draft) or a reread makes an autosave's failure stale.
  useEffect(() => {
    if (!isDirty) setStatus((current) => (current.kind === 'failed' ? { kind: 'idle' } : current));
  }, [record, isDirty]);

  useEffect(() => {
    if (!enabled || !isDirty || live || conflict || !record || !resource) return;
    const timer = window.setTimeout(async () => {
      if (running.current || saving) {
        setRetry((count) => count + 1);
        return;
      }
      running.current = true;
      setStatus({ kind: 'saving' });
      const sent = getValues();
      try {
        const { data } = await dataProvider.update(resource, { id: record.id, data: sent, previousData: record, meta: { locale: session?.locale } });
        if (JSON.stringify(getValues()) === JSON.stringify(sent)) {
          // Nothing typed meanwhile: the screen takes the record as saved (its draft state, its chip).
          // Only this locale's read: another locale's cache holds other values.
          queryClient.setQueriesData({ queryKey: [resource, 'getOne', { id: String(record.id), meta: { locale: session?.locale } }] }, data);
        } else {
          // Typing went on: what was sent is the new reference, what came after stays unsaved.
          reset(sent, { keepValues: true });
        }
        setStatus({ kind: 'saved', at: new Date().toISOString() });
      } catch (failure) {
        const found = conflictOf(failure);
        if (found) session?.setConflict(found);
        setStatus({ kind: 'failed', reason: found ? translate('cms.autosave.conflict') : (failure as Error).message });
      } finally {
        running.current = false;
      }
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
    // `snapshot` stands for the values: each change starts the wait again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, isDirty, live, conflict, snapshot, retry, saving, record?.id]);

  if (!enabled) return null;
  let shown: { icon: ReactNode; text: string; color: string; title?: string } | null = null;
  if (status.kind === 'saving')
    shown = { icon: <CircularProgress size={14} color="inherit" />, text: translate('cms.autosave.saving'), color: 'text.secondary' };
  else if (status.kind === 'failed')
    shown = { icon: <CloudOff fontSize="small" />, text: translate('cms.autosave.failed', { reason: status.reason }), color: 'error.main' };
  else if (live) shown = { icon: <EditNote fontSize="small" />, text: translate('cms.autosave.live'), color: 'warning.main' };
  else if (isDirty) shown = { icon: <EditNote fontSize="small" />, text: translate('cms.autosave.pending'), color: 'text.secondary' };
  else if (status.kind === 'saved')
    shown = { icon: <CloudDone fontSize="small" />, text: translate('cms.autosave.saved'), color: 'success.main', title: fullTime(status.at, uiLocale) };
  return (
    <Tooltip title={shown?.title ?? translate('cms.autosave.hint')}>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ alignItems: 'center', color: shown?.color ?? 'text.secondary', minHeight: 36 }}
        role="status"
        aria-live="polite"
        data-testid="autosave-status"
      >
        {shown?.icon}
        <Typography variant="body2">{shown?.text ?? translate('cms.autosave.on')}</Typography>
      </Stack>
    </Tooltip>
  );
}

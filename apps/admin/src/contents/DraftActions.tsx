import type { ContentDto, Lang } from '@cms/contracts';
import Clear from '@mui/icons-material/Clear';
import CloudOff from '@mui/icons-material/CloudOff';
import Publish from '@mui/icons-material/Publish';
import Restore from '@mui/icons-material/Restore';
import Schedule from '@mui/icons-material/Schedule';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactElement } from 'react';
import { Confirm, useFormIsDirty, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { runContentAction, saveSchedule, type ContentAction } from './content-actions';
import { actionErrorMessage, browserTimeZone, publishLabelKey, scheduleBody, scheduleProblem, toLocalInput } from './drafts';

const DONE: Record<ContentAction, string> = {
  publish: 'cms.drafts.published',
  unpublish: 'cms.drafts.unpublished',
  discard: 'cms.drafts.discarded',
};

/** What a 409 to the action means, in the reader's language. */
const CONFLICT: Partial<Record<ContentAction, string>> = { discard: 'cms.drafts.no_draft' };

/**
 * The buttons of a content in a drafts container, after "Save draft": Publish (or Publish changes,
 * with "Publish only <locale>" in its menu),
 * Schedule, Discard changes and Unpublish. Each acts on what was saved: the record is read again
 * afterwards, which resets the form, so unsaved edits are confirmed away first.
 */
export function DraftActions({ locale }: { locale: Lang }) {
  const record = useRecordContext<ContentDto>();
  const dirty = useFormIsDirty();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [busy, setBusy] = useState<ContentAction | null>(null);
  // `only`: publish the locale being edited alone (its fields, sections and metadata).
  const [asking, setAsking] = useState<{ action: ContentAction; only?: Lang } | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  if (!record) return null;

  const run = async (action: ContentAction, only?: Lang) => {
    setAsking(null);
    setBusy(action);
    try {
      await runContentAction(record.id, action, only);
      if (only) notify('cms.drafts.published_locale', { type: 'success', messageArgs: { locale: only } });
      else notify(DONE[action], { type: 'success' });
      refresh();
    } catch (failure) {
      notify(actionErrorMessage(failure, translate, CONFLICT[action]), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  // Discard and unpublish always ask; publish asks only when unsaved edits would be lost.
  const ask = (action: ContentAction, only?: Lang) => (action === 'publish' && !dirty ? run(action, only) : setAsking({ action, only }));
  const unsaved = dirty ? ` ${translate('cms.drafts.unsaved_lost')}` : '';
  const confirmTitle: Record<ContentAction, string> = {
    publish: 'cms.drafts.publish_confirm_title',
    unpublish: 'cms.drafts.unpublish_confirm_title',
    discard: 'cms.drafts.discard_confirm_title',
  };
  const confirmContent: Record<ContentAction, string> = {
    publish: translate('cms.drafts.publish_confirm'),
    unpublish: translate('cms.drafts.unpublish_confirm') + unsaved,
    discard: translate('cms.drafts.discard_confirm') + unsaved,
  };
  const icon = (action: ContentAction, shown: ReactElement) => (busy === action ? <CircularProgress size={16} color="inherit" /> : shown);

  return (
    <>
      <ButtonGroup variant="contained" color="success" disabled={busy !== null || (record.published && !record.hasDraft)}>
        <Button startIcon={icon('publish', <Publish />)} onClick={() => ask('publish')}>
          {translate(publishLabelKey(record))}
        </Button>
        <Button
          size="small"
          aria-label={translate('cms.drafts.publish_options')}
          aria-haspopup="menu"
          aria-controls={menu ? 'publish-menu' : undefined}
          onClick={(event) => setMenu(event.currentTarget)}
        >
          <ArrowDropDown />
        </Button>
      </ButtonGroup>
      <Menu id="publish-menu" anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setMenu(null);
            ask('publish', locale);
          }}
        >
          {translate('cms.drafts.publish_locale', { locale: locale.toUpperCase() })}
        </MenuItem>
      </Menu>
      <Button variant="outlined" startIcon={<Schedule />} disabled={busy !== null} onClick={() => setScheduling(true)}>
        {translate('cms.drafts.schedule')}
      </Button>
      <Button variant="text" startIcon={icon('discard', <Restore />)} disabled={busy !== null || !record.hasDraft} onClick={() => ask('discard')}>
        {translate('cms.drafts.discard')}
      </Button>
      {record.published && (
        <Button variant="text" color="warning" startIcon={icon('unpublish', <CloudOff />)} disabled={busy !== null} onClick={() => ask('unpublish')}>
          {translate('cms.drafts.unpublish')}
        </Button>
      )}
      <Confirm
        isOpen={asking !== null}
        title={asking ? confirmTitle[asking.action] : ''}
        content={asking ? confirmContent[asking.action] : ''}
        titleTranslateOptions={{ title: record.title }}
        onConfirm={() => asking && run(asking.action, asking.only)}
        onClose={() => setAsking(null)}
      />
      {scheduling && <ScheduleDialog record={record} locale={locale} dirty={dirty} onClose={() => setScheduling(false)} />}
    </>
  );
}

/** A schedule for the content in the editor's time zone: a publish time, an unpublish time, each clearable. */
function ScheduleDialog({ record, locale, dirty, onClose }: { record: ContentDto; locale: Lang; dirty: boolean; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const zone = browserTimeZone();
  const [typed, setTyped] = useState({ publishAt: toLocalInput(record.publishAt, zone), unpublishAt: toLocalInput(record.unpublishAt, zone) });
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const found = scheduleProblem(typed, zone);
    if (found) {
      setProblem(translate(found.key, found.args));
      return;
    }
    const body = scheduleBody(record, typed, zone);
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      await saveSchedule(record.id, body, locale);
      const cleared = !typed.publishAt.trim() && !typed.unpublishAt.trim();
      notify(cleared ? 'cms.drafts.schedule_cleared' : 'cms.drafts.schedule_saved', { type: 'success' });
      refresh();
      onClose();
    } catch (failure) {
      const message = actionErrorMessage(failure, translate);
      setProblem(message);
      notify(message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const input = (field: 'publishAt' | 'unpublishAt', label: string) => (
    <TextField
      type="datetime-local"
      label={translate(label)}
      value={typed[field]}
      onChange={(event) => {
        setProblem(null);
        setTyped((previous) => ({ ...previous, [field]: event.target.value }));
      }}
      fullWidth
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { step: 60 },
        input: {
          endAdornment: typed[field] ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={translate('cms.drafts.clear_time', { field: translate(label) })}
                onClick={() => {
                  setProblem(null);
                  setTyped((previous) => ({ ...previous, [field]: '' }));
                }}
              >
                <Clear fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );

  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="schedule-title">
      <DialogTitle id="schedule-title">{translate('cms.drafts.schedule_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {zone ? translate('cms.drafts.time_zone', { zone }) : translate('cms.drafts.time_zone_local')}
          </Typography>
          {input('publishAt', 'cms.drafts.publish_at')}
          {input('unpublishAt', 'cms.drafts.unpublish_at')}
          <Typography variant="body2" color="text.secondary">
            {translate('cms.drafts.schedule_help')}
          </Typography>
          {dirty && <Alert severity="warning">{translate('cms.drafts.unsaved_lost')}</Alert>}
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={saving} startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <Schedule />}>
          {translate('cms.drafts.schedule_save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { Status, type ContentBulkActionRequest, type ContentBulkActionResult } from '@cms/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import DriveFileMove from '@mui/icons-material/DriveFileMove';
import Publish from '@mui/icons-material/Publish';
import Label from '@mui/icons-material/Label';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { forwardRef, useId, useState } from 'react';
import { BulkDeleteButton, useCanAccess, useGetList, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { refusalText, runBulkAction, undoBulkAction } from './bulk-actions';

/** How long the Undo of a bulk action is offered. */
const UNDO_MS = 10_000;

type Asked = Omit<ContentBulkActionRequest, 'ids' | 'undo'>;

/** The toast after a bulk action: what changed, and Undo for a few seconds (the API refuses it for a content changed since). */
const BulkUndoNotice = forwardRef<HTMLDivElement, { result: ContentBulkActionResult }>(function BulkUndoNotice({ result }, ref) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const undo = async () => {
    setBusy(true);
    try {
      const undone = await undoBulkAction(result.undo);
      notify(translate('cms.palette.bulk.undone', { smart_count: undone.count }), { type: 'success' });
    } catch (error) {
      notify(translate('cms.palette.bulk.undo_failed', { error: refusalText(error, () => undefined) }), { type: 'error', multiLine: true });
    } finally {
      refresh();
    }
  };
  return (
    <Alert
      ref={ref}
      severity="success"
      variant="filled"
      action={
        result.undo.length > 0 && (
          <Button color="inherit" size="small" onClick={undo} disabled={busy}>
            {translate('cms.palette.bulk.undo')}
          </Button>
        )
      }
    >
      {result.count ? translate(`cms.palette.bulk.done.${result.action}`, { smart_count: result.count }) : translate('cms.palette.bulk.none_changed')}
    </Alert>
  );
});

/**
 * The contents list's bulk actions (issue 30): Publish, Unpublish, Change status and Move to…, each
 * asking first with the count and what will change, then one POST /api/contents/bulk-actions for
 * all of them (one transaction), and Undo offered for a few seconds after. Delete as before.
 */
export function ContentBulkActions() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { selectedIds, onUnselectItems, data } = useListContext();
  const { canAccess: canEdit } = useCanAccess({ resource: 'contents', action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'contents', action: 'delete' });
  const [asked, setAsked] = useState<Asked | null>(null);
  const [statusMenu, setStatusMenu] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: containers = [] } = useGetList(
    'containers',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'title', order: 'ASC' } },
    { enabled: asked?.action === 'move' },
  );
  const ids = useId();
  const count = selectedIds.length;
  const titleOf = (id: number) => (data ?? []).find((record) => record.id === id)?.title as string | undefined;

  const run = async () => {
    if (!asked) return;
    setBusy(true);
    try {
      const result = await runBulkAction({ ...asked, ids: selectedIds.map(Number) });
      setAsked(null);
      onUnselectItems();
      notify(<BulkUndoNotice result={result} />, { autoHideDuration: UNDO_MS });
    } catch (error) {
      notify(translate('cms.palette.bulk.failed', { error: refusalText(error, titleOf) }), { type: 'error', multiLine: true, autoHideDuration: 15_000 });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const containerTitle = containers.find((c) => c.id === asked?.containerId)?.title as string | undefined;
  const question = !asked
    ? ''
    : asked.action === 'status'
      ? translate('cms.palette.bulk.confirm.status', { smart_count: count, status: translate(`cms.status.${asked.status}`) })
      : asked.action === 'move'
        ? translate('cms.palette.bulk.confirm.move', { smart_count: count, container: containerTitle ?? '…' })
        : translate(`cms.palette.bulk.confirm.${asked.action}`, { smart_count: count });

  return (
    <>
      {canEdit && (
        <>
          <Button size="small" startIcon={<Publish />} onClick={() => setAsked({ action: 'publish' })}>
            {translate('cms.palette.bulk.publish')}
          </Button>
          <Button size="small" startIcon={<VisibilityOff />} onClick={() => setAsked({ action: 'unpublish' })}>
            {translate('cms.palette.bulk.unpublish')}
          </Button>
          <Button
            size="small"
            startIcon={<Label />}
            aria-haspopup="menu"
            aria-expanded={statusMenu ? 'true' : undefined}
            aria-controls={statusMenu ? `${ids}-status` : undefined}
            onClick={(event) => setStatusMenu(event.currentTarget)}
          >
            {translate('cms.palette.bulk.status')}
          </Button>
          <Menu id={`${ids}-status`} anchorEl={statusMenu} open={!!statusMenu} onClose={() => setStatusMenu(null)}>
            {Object.values(Status).map((status) => (
              <MenuItem
                key={status}
                onClick={() => {
                  setStatusMenu(null);
                  setAsked({ action: 'status', status });
                }}
              >
                {translate(`cms.status.${status}`)}
              </MenuItem>
            ))}
          </Menu>
          <Button size="small" startIcon={<DriveFileMove />} onClick={() => setAsked({ action: 'move' })}>
            {translate('cms.palette.bulk.move')}
          </Button>
        </>
      )}
      {canDelete && <BulkDeleteButton />}
      <Dialog open={!!asked} onClose={() => !busy && setAsked(null)} aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-text`} maxWidth="sm" fullWidth>
        <DialogTitle id={`${ids}-title`}>{question}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${ids}-text`}>
            {asked && translate(`cms.palette.bulk.explain.${asked.action}`)} {translate('cms.palette.bulk.undo_hint')}
          </DialogContentText>
          {asked?.action === 'move' && (
            <TextField
              select
              fullWidth
              margin="normal"
              label={translate('cms.palette.bulk.container')}
              value={asked.containerId ?? ''}
              onChange={(event) => setAsked({ action: 'move', containerId: Number(event.target.value) })}
            >
              {containers.map((container) => (
                <MenuItem key={container.id} value={container.id}>
                  {container.title}
                </MenuItem>
              ))}
            </TextField>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsked(null)} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" onClick={run} disabled={busy || (asked?.action === 'move' && !asked.containerId)}>
            {asked && translate(`cms.palette.bulk.${asked.action === 'status' ? 'apply' : asked.action}`)}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

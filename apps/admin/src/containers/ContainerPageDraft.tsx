import type { ContainerDto, Lang } from '@cms/contracts';
import Publish from '@mui/icons-material/Publish';
import Restore from '@mui/icons-material/Restore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useState, type ReactElement } from 'react';
import { Confirm, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { runContainerPageAction } from '../contents/content-actions';
import { actionErrorMessage } from '../contents/drafts';
import { PreviewButton } from '../contents/PreviewPanel';
import { HistoryButton } from '../history/HistoryDrawer';

type PageAction = 'publish' | 'discard';

/**
 * Above the form of a container with drafts: whether its page's sections and metadata wait as a
 * draft, and the Preview button (the panel shows the container's page with its draft); History on
 * every container.
 */
export function ContainerEditActions() {
  const record = useRecordContext<ContainerDto>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', py: 1, minHeight: 48 }}>
      {record.drafts ? (
        <Chip
          color={record.hasDraft ? 'warning' : 'success'}
          label={translate(record.hasDraft ? 'cms.drafts.state.changed' : 'cms.drafts.state.published')}
          data-testid="container-page-status"
        />
      ) : (
        <Box />
      )}
      <Stack direction="row" spacing={1}>
        {record.drafts && <PreviewButton />}
        <HistoryButton />
      </Stack>
    </Stack>
  );
}

/** What drafts change on a container's screen, said above its page sections. */
export function ContainerDraftNote() {
  const record = useRecordContext<ContainerDto>();
  const translate = useTranslate();
  if (!record?.drafts) return null;
  return (
    <Alert severity="info" sx={{ mt: 2, width: '100%' }}>
      {translate('cms.drafts.page_note')}
    </Alert>
  );
}

/** Publish page changes and Discard page changes, after the toolbar's Save: they act on what was saved. */
export function ContainerPageDraftActions({ locale }: { locale: Lang }) {
  const record = useRecordContext<ContainerDto>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState<PageAction | null>(null);
  const [asking, setAsking] = useState(false);
  if (!record?.drafts) return null;

  const run = async (action: PageAction) => {
    setAsking(false);
    setBusy(action);
    try {
      await runContainerPageAction(record.id, action);
      notify(action === 'publish' ? 'cms.drafts.page_published' : 'cms.drafts.page_discarded', { type: 'success' });
      refresh();
    } catch (failure) {
      notify(actionErrorMessage(failure, translate, action === 'discard' ? 'cms.drafts.no_draft' : undefined), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const icon = (action: PageAction, shown: ReactElement) => (busy === action ? <CircularProgress size={16} color="inherit" /> : shown);
  return (
    <>
      <Button
        variant="contained"
        color="success"
        startIcon={icon('publish', <Publish />)}
        disabled={busy !== null || !record.hasDraft}
        onClick={() => run('publish')}
        data-locale={locale}
      >
        {translate('cms.drafts.page_publish')}
      </Button>
      <Button variant="text" startIcon={icon('discard', <Restore />)} disabled={busy !== null || !record.hasDraft} onClick={() => setAsking(true)}>
        {translate('cms.drafts.page_discard')}
      </Button>
      <Confirm
        isOpen={asking}
        title="cms.drafts.page_discard_confirm_title"
        content="cms.drafts.page_discard_confirm"
        titleTranslateOptions={{ title: record.title }}
        onConfirm={() => run('discard')}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

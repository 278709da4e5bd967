import type { ContentState } from '@cms/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { browserTimeZone, describeState, type StateFields } from './drafts';

const COLOURS: Record<ContentState, ChipProps['color']> = {
  draft: 'default',
  published: 'success',
  changed: 'warning',
  scheduled: 'info',
};

/**
 * Where a content stands: Draft, Published, Changed since publishing or Scheduled for a date, with
 * "Unpublishes …" beside it when an unpublish time waits. Dates are in the interface language and
 * the editor's time zone. It reads the record of its context (an edit screen, a list row).
 */
export function ContentStatusChip({ size = 'small' }: { size?: ChipProps['size'] }) {
  const record = useRecordContext<StateFields & { id: number }>();
  const translate = useTranslate();
  const [uiLocale] = useLocaleState();
  if (!record) return null;
  const { state, label, unpublish } = describeState(
    { published: !!record.published, hasDraft: !!record.hasDraft, publishAt: record.publishAt ?? null, unpublishAt: record.unpublishAt ?? null },
    uiLocale,
    browserTimeZone(),
  );
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }} data-testid="content-status" data-state={state}>
      <Chip size={size} color={COLOURS[state]} variant={state === 'draft' ? 'outlined' : 'filled'} label={translate(label.key, label.args)} />
      {unpublish && <Chip size={size} variant="outlined" color="warning" label={translate(unpublish.key, unpublish.args)} />}
    </Stack>
  );
}

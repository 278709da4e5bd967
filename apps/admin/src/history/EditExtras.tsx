import { ConflictDialog } from './ConflictDialog';
import { HistoryDrawer } from './HistoryDrawer';
import { PresenceBanner } from './Presence';

type ConflictActions = Parameters<typeof ConflictDialog>[0];

/**
 * What every edit form carries beside its inputs: who else has the record open, the history
 * drawer (opened by the History button of the screen's actions) and the conflict dialog.
 */
export function EditExtras(props: ConflictActions = {}) {
  return (
    <>
      <PresenceBanner />
      <HistoryDrawer />
      <ConflictDialog {...props} />
    </>
  );
}

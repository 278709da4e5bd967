import Alert from '@mui/material/Alert';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useRef, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { announcePresence, leavePresence } from './history-api';
import { fullTime, relativeTime } from './relative-time';
import { useHistoryTarget } from './use-target';
import { type HistoryTarget, type SeenViewer, type Viewer, withFirstSeen } from './versions';

const EVERY_MS = 30_000;

/** The others who have the record open, asked every 30 s while the screen is; the screen says it left when it goes. */
export function usePresence(target: HistoryTarget | null): SeenViewer[] {
  const [others, setOthers] = useState<SeenViewer[]>([]);
  const since = useRef(new Map<string, string>());
  const key = target ? `${target.resource}/${target.id ?? 0}` : null;
  useEffect(() => {
    if (!target || !key) return;
    since.current = new Map();
    let live = true;
    const ask = () =>
      announcePresence(target).then(
        (viewers) => {
          if (live) setOthers(withFirstSeen(viewers, since.current));
        },
        // Presence is a courtesy: a failed call changes nothing on the screen.
        () => undefined,
      );
    void ask();
    const timer = window.setInterval(ask, EVERY_MS);
    const leave = () => leavePresence(target);
    window.addEventListener('pagehide', leave);
    return () => {
      live = false;
      window.clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      leave();
      setOthers([]);
    };
    // `key` stands for the target: a new object for the same record must not restart the calls.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return others;
}

/** Above the form: who else has this record open, and since when. */
export function PresenceBanner() {
  const target = useHistoryTarget();
  const others = usePresence(target);
  const translate = useTranslate();
  const [uiLocale] = useLocaleState();
  if (others.length === 0) return null;
  const nameOf = (viewer: Viewer) => viewer.userName || translate('cms.presence.someone');
  const [first] = others;
  return (
    <Tooltip title={others.map((viewer) => `${nameOf(viewer)} · ${fullTime(viewer.since, uiLocale)}`).join('\n')}>
      <Alert severity="warning" variant="outlined" sx={{ mb: 2, width: '100%' }} data-testid="presence-banner" role="status">
        {others.length === 1
          ? translate('cms.presence.one', { name: nameOf(first), when: relativeTime(first.since, uiLocale) })
          : translate('cms.presence.many', { names: others.map(nameOf).join(', ') })}
      </Alert>
    </Tooltip>
  );
}

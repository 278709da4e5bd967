import { useCallback } from 'react';
import { type HttpError, useNotify } from 'react-admin';
import { conflictOf } from '../http/conflict';
import { useEditSession } from './EditSession';

/**
 * An edit screen's `mutationOptions.onError`: a save refused because someone else saved first
 * opens the conflict dialog; any other error is told as react-admin tells it (no toast for field
 * errors, which the form shows under their inputs).
 */
export function useSaveErrors(): (error: unknown) => void {
  const session = useEditSession();
  const notify = useNotify();
  return useCallback(
    (error: unknown) => {
      const conflict = conflictOf(error);
      if (conflict && session) {
        session.setConflict(conflict);
        return;
      }
      const fieldErrors = (error as HttpError)?.body?.errors;
      if (fieldErrors && Object.keys(fieldErrors).length > 0) return;
      const message = typeof error === 'string' ? error : (error as Error)?.message;
      notify(message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message } });
    },
    [session, notify],
  );
}

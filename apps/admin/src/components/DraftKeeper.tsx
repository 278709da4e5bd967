import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { onSessionExpired } from '../http/unauthorized';
import { draftStore } from './draft-store';

/**
 * Inside an edit form: when the session expires mid-work, what was typed is kept in session
 * storage for this screen and this user; after signing in again (which brings the editor back
 * here) it is put back into the form, still unsaved.
 */
export function DraftKeeper() {
  const { getValues, reset } = useFormContext();
  const { pathname } = useLocation();
  const { me } = useAuth();
  const userId = me?.id;

  useEffect(
    () =>
      onSessionExpired(() => {
        if (userId !== undefined) draftStore.save(pathname, userId, getValues());
      }),
    [pathname, userId, getValues],
  );

  useEffect(() => {
    if (userId === undefined) return;
    const draft = draftStore.take(pathname, userId);
    if (!draft) return;
    // react-admin resets the form to the record in its own effect, which runs after this one.
    const timer = window.setTimeout(() => reset(draft, { keepDefaultValues: true }), 0);
    return () => window.clearTimeout(timer);
  }, [pathname, userId, reset]);

  return null;
}

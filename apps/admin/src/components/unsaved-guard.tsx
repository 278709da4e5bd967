import { SIGN_IN_PATH } from '@cms/contracts';
import { useEffect, useState } from 'react';
import { useBlocker, useTranslate } from 'react-admin';
import { type Control, useFormState } from 'react-hook-form';

/**
 * react-admin's unsaved-changes warning (its prompt before an in-app navigation, the browser's
 * before a reload or a closed tab), but for the way to /sign-in: a session that expired has kept
 * the typed values (DraftKeeper) and must reach the sign-in screen without a question nobody can
 * usefully answer.
 */
function WarnUnlessSigningIn({ formRootPathName, formControl }: { enable?: boolean; formRootPathName?: string; formControl?: Control }) {
  const translate = useTranslate();
  const { isSubmitSuccessful, dirtyFields } = useFormState(formControl ? { control: formControl } : undefined);
  const shouldNotBlock = Object.keys(dirtyFields).length === 0 || isSubmitSuccessful;
  const [asking, setAsking] = useState(false);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (shouldNotBlock || nextLocation.pathname === SIGN_IN_PATH) return false;
    const root = formRootPathName || currentLocation.pathname;
    // Moving between the tabs of one form is not leaving it.
    return !(nextLocation.pathname.startsWith(root) && !nextLocation.pathname.startsWith(`${root}/show`));
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // A save or a delete that succeeded resets the form in the same tick as its redirect.
    if (shouldNotBlock) blocker.proceed?.();
    else setAsking(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state, shouldNotBlock]);

  useEffect(() => {
    if (!asking) return;
    setAsking(false);
    if (window.confirm(translate('ra.message.unsaved_changes'))) blocker.proceed?.();
    else blocker.reset?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asking, translate]);

  useEffect(() => {
    if (shouldNotBlock) return;
    const beforeunload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', beforeunload);
    return () => window.removeEventListener('beforeunload', beforeunload);
  }, [shouldNotBlock]);

  return null;
}

/** Spread on every create and edit form: leaving it with unsaved changes asks first. */
export const UNSAVED_GUARD = { warnWhenUnsavedChanges: true, WarnWhenUnsavedChangesComponent: WarnUnlessSigningIn } as const;

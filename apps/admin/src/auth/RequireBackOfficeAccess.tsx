import { AUTH_GUARD_LOG, NOT_FOUND_PATH, SIGN_IN_PATH } from '@cms/contracts';
import { decidePageAccess, holdsAnyRight } from '@cms/rights';
import { type ReactNode, useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { CenteredSpinner } from '../components/CenteredSpinner';
import { useAuth } from './AuthContext';

/** Every back-office page requires a signed-in user who holds at least one right. */
const BACK_OFFICE_PAGE = { requireAuth: true };

/**
 * Guards /admin/*: a signed-out visitor is sent to /sign-in with the page remembered; a signed-in
 * user without any right goes to /not-found. Per-resource rights are checked by react-admin
 * through the auth provider's canAccess.
 */
export function RequireBackOfficeAccess({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const translate = useTranslate();
  const { status, me } = auth;

  let decision: 'wait' | 'allow' | 'sign-in' | 'not-found';
  if (status === 'initializing' || status === 'loading-profile') decision = 'wait';
  else {
    const page = decidePageAccess(BACK_OFFICE_PAGE, status === 'signed-in' ? me : null);
    decision = page.kind === 'allow' && !holdsAnyRight(me) ? 'not-found' : page.kind;
  }
  const here = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (decision === 'sign-in') {
      // A sign-out is already on its way to /sign-in and must not be sent back here afterwards.
      if (auth.isSigningOut()) return;
      auth.rememberRoute(here);
      console.log(AUTH_GUARD_LOG);
      navigate(SIGN_IN_PATH, { replace: true });
    } else if (decision === 'not-found') {
      console.log(AUTH_GUARD_LOG);
      navigate(NOT_FOUND_PATH, { replace: true });
    }
  }, [decision, here, auth, navigate]);

  if (decision === 'wait') return <CenteredSpinner text={translate('cms.app.loading')} />;
  return decision === 'allow' ? <>{children}</> : null;
}

import { AUTH_GUARD_LOG, NOT_FOUND_PATH } from '@cms/contracts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * react-admin shows this when canAccess refuses a page: the spec sends such users to /not-found
 * (outside the /admin basename) and logs the guard redirection.
 */
export function AccessDenied() {
  const navigate = useNavigate();
  useEffect(() => {
    console.log(AUTH_GUARD_LOG);
    navigate(NOT_FOUND_PATH, { replace: true });
  }, [navigate]);
  return null;
}

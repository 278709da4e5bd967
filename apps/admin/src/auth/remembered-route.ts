import { ADMIN_BASE_PATH, NOT_FOUND_PATH, SIGN_IN_PATH } from '@cms/contracts';

/**
 * Where a signed-out visitor of a protected page was headed; sign-in sends them back there.
 * Kept in session storage so that a full navigation to /sign-in (from the public site, or a
 * reload of the sign-in screen) keeps it; cleared whenever the current route is not /sign-in.
 */
export const REMEMBERED_ROUTE_STORAGE_KEY = 'signInRedirect';

/** Only same-origin paths: `//host` and `/\host` would leave the site. */
export function isSafeLocalPath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

function pathnameOf(path: string): string {
  return path.split(/[?#]/)[0];
}

/** Paths this single-page app renders; anything else belongs to the public site. */
export function isBackOfficePath(path: string): boolean {
  const pathname = pathnameOf(path);
  return (
    pathname === SIGN_IN_PATH ||
    pathname === NOT_FOUND_PATH ||
    pathname === ADMIN_BASE_PATH ||
    pathname.startsWith(`${ADMIN_BASE_PATH}/`)
  );
}

/** The destination after a successful sign-in: the remembered page, else the home page. */
export function destinationAfterSignIn(remembered: string | null): string {
  if (isSafeLocalPath(remembered) && pathnameOf(remembered) !== SIGN_IN_PATH) return remembered;
  return '/';
}

export const rememberedRoute = {
  get(): string | null {
    try {
      return window.sessionStorage.getItem(REMEMBERED_ROUTE_STORAGE_KEY);
    } catch {
      return null;
    }
  },
  set(path: string): void {
    if (!isSafeLocalPath(path)) return;
    try {
      window.sessionStorage.setItem(REMEMBERED_ROUTE_STORAGE_KEY, path);
    } catch {
      // Without storage the visitor lands on the home page after signing in.
    }
  },
  clear(): void {
    try {
      window.sessionStorage.removeItem(REMEMBERED_ROUTE_STORAGE_KEY);
    } catch {
      // Nothing was stored.
    }
  },
};

import { ADMIN_BASE_PATH, NOT_FOUND_PATH, SIGN_IN_PATH, SIGN_IN_REDIRECT_STORAGE_KEY } from '@cms/contracts';

/**
 * Where a signed-out visitor of a protected page was headed; sign-in sends them back there.
 * Kept in session storage so that a full navigation to /sign-in (from the public site, or a
 * reload of the sign-in screen) keeps it; cleared whenever the current route is not /sign-in.
 */
const REMEMBERED_ROUTE_STORAGE_KEY = SIGN_IN_REDIRECT_STORAGE_KEY;

/** Any origin will do: only whether a path stays on it matters. */
const PROBE_ORIGIN = 'http://same-origin.invalid';

/**
 * The path itself, normalised, when it stays on this origin; null otherwise. Browsers drop tabs and
 * line breaks anywhere in a URL and read `\` as `/`, so `/\t/evil.example` and `/\\evil.example`
 * lead to another host just as `//evil.example` does: such characters are refused outright, and
 * what remains is resolved the way the browser would before its origin is compared.
 */
export function sameOriginPath(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return null;
  let url: URL;
  try {
    url = new URL(path, PROBE_ORIGIN);
  } catch {
    return null;
  }
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  // `/..//evil.example` resolves to `//evil.example`, which the browser would read as a host.
  if (url.origin !== PROBE_ORIGIN || resolved.startsWith('//')) return null;
  return resolved;
}

/** Only same-origin paths may be remembered and followed after sign-in. */
export function isSafeLocalPath(path: unknown): path is string {
  return sameOriginPath(path) !== null;
}

function pathnameOf(path: string): string {
  return path.split(/[?#]/)[0];
}

/** Paths this single-page app renders; anything else belongs to the public site. */
export function isBackOfficePath(path: string): boolean {
  const pathname = pathnameOf(path);
  return pathname === SIGN_IN_PATH || pathname === NOT_FOUND_PATH || pathname === ADMIN_BASE_PATH || pathname.startsWith(`${ADMIN_BASE_PATH}/`);
}

/** The destination after a successful sign-in: the remembered page, else the home page. */
export function destinationAfterSignIn(remembered: string | null): string {
  const path = sameOriginPath(remembered);
  return path !== null && pathnameOf(path) !== SIGN_IN_PATH ? path : '/';
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
    const safe = sameOriginPath(path);
    if (safe === null) return;
    try {
      window.sessionStorage.setItem(REMEMBERED_ROUTE_STORAGE_KEY, safe);
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

import { SIGN_IN_REDIRECT_STORAGE_KEY } from '@cms/contracts';

/**
 * The back office remembers where a visitor was headed before /sign-in and must forget it on any
 * other route (spec section 2). Public pages are other routes too: without this, a destination
 * remembered earlier would survive a visit to the site and send a later sign-in there.
 */
export function forgetSignInDestination(win: Pick<Window, 'sessionStorage'>): void {
  try {
    win.sessionStorage.removeItem(SIGN_IN_REDIRECT_STORAGE_KEY);
  } catch {
    // Storage blocked (privacy modes, sandboxed frames): nothing can have been remembered.
  }
}

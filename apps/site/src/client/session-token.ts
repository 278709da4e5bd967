import { TOKEN_STORAGE_KEY } from '@cms/contracts';
import { localStorageOf } from './consent-storage';

/** The session token the back office keeps in this origin's local storage, or null (signed out, storage refused). */
export function readToken(win: Window): string | null {
  try {
    return localStorageOf(win)?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * Drops a token the API refused (spec: a profile answer of 403 signs the user out and stops the
 * retries), as the back office does: no later page asks /api/me with it again.
 */
export function clearToken(win: Window): void {
  try {
    localStorageOf(win)?.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage refused: there was nothing this page could read back either.
  }
}

/** The API refused the token itself (the back office's isSessionRejected): retrying cannot help. */
export function isSessionRejected(status: number): boolean {
  return status === 403 || status === 401;
}

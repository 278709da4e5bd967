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

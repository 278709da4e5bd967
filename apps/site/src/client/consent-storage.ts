/** Where the visitor's cookie choice is remembered (local storage of the site's origin). */
export const CONSENT_STORAGE_KEY = 'cookie-consent';

export type ConsentChoice = 'accepted' | 'declined';

export function isConsentChoice(value: unknown): value is ConsentChoice {
  return value === 'accepted' || value === 'declined';
}

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

/** The remembered choice, or null when none was made or storage is unavailable (privacy modes, sandboxed frames). */
export function readConsent(storage: ReadableStorage | null): ConsentChoice | null {
  try {
    const value = storage?.getItem(CONSENT_STORAGE_KEY);
    return isConsentChoice(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers the choice; false when storage refused it (the banner then shows again next visit). */
export function writeConsent(storage: WritableStorage | null, choice: ConsentChoice): boolean {
  try {
    if (!storage) return false;
    storage.setItem(CONSENT_STORAGE_KEY, choice);
    return true;
  } catch {
    return false;
  }
}

/** Reading `window.localStorage` itself throws where storage is blocked. */
export function localStorageOf(win: Pick<Window, 'localStorage'>): Storage | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}

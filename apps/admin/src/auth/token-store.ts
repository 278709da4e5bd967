import { TOKEN_STORAGE_KEY } from '@cms/contracts';

type Listener = () => void;

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

let token: string | null = readStoredToken();
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * The session token, in memory and in local storage under `token` (the public site reads the
 * same key). Kept outside React so the data provider's HTTP client can read it synchronously.
 */
export const tokenStore = {
  get(): string | null {
    return token;
  },
  set(next: string | null): void {
    token = next;
    try {
      if (next) window.localStorage.setItem(TOKEN_STORAGE_KEY, next);
      else window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    } catch {
      // Storage can be unavailable (private mode, embedded frame): memory still holds the token.
    }
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// A sign-in or sign-out in another tab changes the stored token: follow it.
window.addEventListener('storage', (event) => {
  if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
  const stored = readStoredToken();
  if (stored === token) return;
  token = stored;
  emit();
});

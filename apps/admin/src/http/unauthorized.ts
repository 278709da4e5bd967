type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The auth layer registers how to sign out when a data call answers 401. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

type ExpiryListener = () => void;
const expiryListeners = new Set<ExpiryListener>();

/** Screens holding unsaved input keep a draft when the session dies under them (before the sign-out). */
export function onSessionExpired(listener: ExpiryListener): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

export function notifyUnauthorized(): void {
  for (const listener of [...expiryListeners]) {
    try {
      listener();
    } catch {
      // A draft that cannot be kept must not stop the sign-out.
    }
  }
  unauthorizedHandler?.();
}

/**
 * The version of each record as the back office last read or wrote it (the API's ETag), so that a
 * save says which version it changes (`If-Match`) and the API can refuse it when someone else saved
 * in between, instead of one editor's work silently replacing the other's.
 */
export interface EtagStore {
  /** What an answer said; an answer without an ETag leaves the last one known. */
  remember(key: string, etag: string | null | undefined): void;
  get(key: string): string | undefined;
  forget(key: string): void;
  /**
   * Runs the writes of one record one after the other: a write sent while another is under way
   * would carry the version the first one is about to replace, and be refused as a conflict
   * with oneself (an autosave and a click on Save).
   */
  serialize<T>(key: string, write: () => Promise<T>): Promise<T>;
}

/** A record's key: its API path and id (`contents/12`, `layout/0`), one for every locale of it. */
export function etagKey(path: string, id: unknown): string {
  return `${path}/${String(id)}`;
}

export function createEtagStore(): EtagStore {
  const known = new Map<string, string>();
  const running = new Map<string, Promise<unknown>>();
  return {
    remember(key, etag) {
      if (typeof etag === 'string' && etag.trim() !== '') known.set(key, etag.trim());
    },
    get: (key) => known.get(key),
    forget(key) {
      known.delete(key);
    },
    serialize<T>(key: string, write: () => Promise<T>): Promise<T> {
      const before = running.get(key) ?? Promise.resolve();
      const next = before.then(write, write);
      const settled = next.then(
        () => undefined,
        () => undefined,
      );
      running.set(key, settled);
      void settled.then(() => {
        if (running.get(key) === settled) running.delete(key);
      });
      return next;
    },
  };
}

/** The one store of the app: the data provider and the screens that write outside it (layout) share it. */
export const etags = createEtagStore();

/** The `If-Match` header of a write to the record, when its version is known. */
export function ifMatch(store: EtagStore, key: string): Record<string, string> {
  const etag = store.get(key);
  return etag ? { 'If-Match': etag } : {};
}

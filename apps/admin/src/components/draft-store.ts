/** Unsaved form values per screen, in session storage: they die with the tab, never shared. */
const PREFIX = 'cms.draft:';

interface StoredDraft {
  userId: number | string;
  values: Record<string, unknown>;
}

export const draftStore = {
  save(path: string, userId: number | string, values: Record<string, unknown>): void {
    try {
      window.sessionStorage.setItem(PREFIX + path, JSON.stringify({ userId, values } satisfies StoredDraft));
    } catch {
      // No storage (or full): the draft is lost, as it would have been without this.
    }
  },
  /** The draft of this screen, once: it is removed as it is read. Another user's draft is dropped. */
  take(path: string, userId: number | string): Record<string, unknown> | null {
    try {
      const raw = window.sessionStorage.getItem(PREFIX + path);
      if (raw === null) return null;
      window.sessionStorage.removeItem(PREFIX + path);
      const draft = JSON.parse(raw) as Partial<StoredDraft>;
      if (draft.userId !== userId || !draft.values || typeof draft.values !== 'object') return null;
      return draft.values;
    } catch {
      return null;
    }
  },
};

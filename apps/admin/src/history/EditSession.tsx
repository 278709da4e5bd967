import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { EditConflict } from '../http/conflict';
import type { HistoryTarget } from './versions';

/**
 * What an edit screen's history, conflict dialog, autosave and presence share: whether the
 * history drawer is open, the conflict a save met, and which record and locale the screen edits.
 * The provider sits above react-admin's <Edit> so that its actions bar (the History button) and
 * its save callbacks (a 409) reach the same state as the form's inside.
 */
export interface EditSession {
  historyOpen: boolean;
  setHistoryOpen(open: boolean): void;
  conflict: EditConflict | null;
  setConflict(conflict: EditConflict | null): void;
  /** The locale of the form (a version's state is compared in it); en for records without locales. */
  locale: string;
  /** The record, when the screen does not get it from react-admin's record context (the layout). */
  target?: HistoryTarget;
  /** A screen of several records (the settings): the ones whose history can be chosen, and how. */
  choices?: HistoryChoice[];
  chooseTarget?(target: HistoryTarget): void;
}

export interface HistoryChoice {
  label: string;
  target: HistoryTarget;
}

const EditSessionContext = createContext<EditSession | null>(null);

export function EditSessionProvider({
  locale = 'en',
  target,
  choices,
  chooseTarget,
  children,
}: {
  locale?: string;
  target?: HistoryTarget;
  choices?: HistoryChoice[];
  chooseTarget?(target: HistoryTarget): void;
  children: ReactNode;
}) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const value = useMemo(
    () => ({ historyOpen, setHistoryOpen, conflict, setConflict, locale, target, choices, chooseTarget }),
    [historyOpen, conflict, locale, target, choices, chooseTarget],
  );
  return <EditSessionContext.Provider value={value}>{children}</EditSessionContext.Provider>;
}

/** The screen's session; null outside an edit screen that has one. */
export function useEditSession(): EditSession | null {
  return useContext(EditSessionContext);
}

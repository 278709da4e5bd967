import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { Fragment, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';

/** Where typing goes into the page: there `?` is a character, not a shortcut. */
export function isTextEntry(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(element.type);
  return element.getAttribute('role') === 'textbox' || element.getAttribute('role') === 'combobox';
}

/** The dialog on top, when one is open: its forms come before the screen's. */
function topDialog(): Element | null {
  const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter((dialog) => dialog.getClientRects().length > 0);
  return dialogs.at(-1) ?? null;
}

/**
 * The Save button of the form being worked on: the form holding the focus, else the one form of
 * the open dialog or of the screen that has a submit button (a list's filter form has none).
 */
export function currentSubmitButton(): HTMLButtonElement | null {
  const submitOf = (form: Element | null | undefined) => form?.querySelector<HTMLButtonElement>('button[type="submit"]') ?? null;
  const focused = submitOf(document.activeElement?.closest('form'));
  if (focused) return focused;
  const scope = topDialog() ?? document.getElementById('main-content') ?? document.body;
  const forms = [...scope.querySelectorAll('form')].filter((form) => submitOf(form));
  return forms.length === 1 ? submitOf(forms[0]) : null;
}

/** The first field of the screen's form, once it has drawn: where the focus starts on a create or edit screen. */
function firstField(): HTMLElement | null {
  const main = document.getElementById('main-content');
  const form = [...(main?.querySelectorAll('form') ?? [])].find((candidate) => candidate.querySelector('button[type="submit"]'));
  if (!form) return null;
  const fields = form.querySelectorAll<HTMLElement>(
    'input:not([type="hidden"]):not([disabled]):not([aria-hidden="true"]), textarea:not([disabled]):not([aria-hidden="true"]), [role="combobox"]:not([aria-disabled="true"]), [contenteditable="true"]',
  );
  const first = [...fields].find((field) => field.getClientRects().length > 0 && field.tabIndex >= 0) ?? null;
  // An autocomplete opens its list on focus: a screen that starts with one is left as it is.
  return first?.getAttribute('aria-autocomplete') ? null : first;
}

/** Moves the focus to the first field of a create or edit screen when it opens (unless the user already went somewhere). */
function useFocusFirstField() {
  const { pathname } = useLocation();
  useEffect(() => {
    let done = false;
    // What had the focus when the screen changed (the link or button that opened it, or nothing).
    const startedOn = document.activeElement;
    const tryFocus = () => {
      if (done) return;
      const active = document.activeElement;
      // The user went somewhere since (a field, a menu, a dialog): leave the focus where it is.
      const untouched = !active || active === document.body || (active === startedOn && !active.closest('[role="menu"], [role="dialog"], [role="listbox"]'));
      if (!untouched) {
        done = true;
        return;
      }
      const field = firstField();
      if (field) {
        done = true;
        field.focus();
      }
    };
    const observer = new MutationObserver(tryFocus);
    const main = document.getElementById('main-content') ?? document.body;
    observer.observe(main, { childList: true, subtree: true });
    tryFocus();
    // An edit screen draws its form when its record has loaded; after a few seconds, stop watching.
    const stop = window.setTimeout(() => observer.disconnect(), 5000);
    return () => {
      done = true;
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [pathname]);
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The back office's keyboard shortcuts, listened to on the whole document: Ctrl/⌘+S saves the
 * current form (in the rich-text editor too, and instead of the browser's "save page"), `?` outside
 * a text field opens the list of shortcuts. Esc closes dialogs and menus (MUI's own).
 */
export function KeyboardShortcuts() {
  const translate = useTranslate();
  const notify = useNotify();
  const [helpOpen, setHelpOpen] = useState(false);
  useFocusFirstField();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        const button = currentSubmitButton();
        if (!button) {
          notify('cms.a11y.nothing_to_save', { type: 'info' });
          return;
        }
        if (button.disabled) {
          notify('cms.a11y.no_changes', { type: 'info' });
          return;
        }
        button.click();
        return;
      }
      if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !event.defaultPrevented && !isTextEntry(document.activeElement)) {
        event.preventDefault();
        setHelpOpen(true);
      }
    };
    // Capture phase: before the rich-text editor or a field swallows the keys.
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [notify]);

  // Key names in the user's language (Maj, Espace...); ⌘ and the arrows are the same everywhere.
  const key = (name: string) => translate(`cms.a11y.keys.${name}`);
  const mod = isMac() ? '⌘' : key('ctrl');
  const rows: [keys: string[][], label: string][] = [
    [[[mod, 'S']], 'cms.a11y.save'],
    [[[mod, 'K']], 'cms.a11y.palette'],
    [[[key('esc')]], 'cms.a11y.close'],
    [[['?']], 'cms.a11y.help'],
    [[[key('tab')], [key('shift'), key('tab')]], 'cms.a11y.move_focus'],
    [[[key('enter')], [key('space')]], 'cms.a11y.activate'],
    [[[key('space')], ['↑'], ['↓'], [key('space')]], 'cms.a11y.reorder'],
  ];

  return (
    <Dialog open={helpOpen} onClose={() => setHelpOpen(false)} aria-labelledby="shortcuts-title" maxWidth="sm" fullWidth>
      <DialogTitle id="shortcuts-title">{translate('cms.a11y.title')}</DialogTitle>
      <DialogContent>
        <Table size="small" aria-labelledby="shortcuts-title">
          <TableBody>
            {rows.map(([keys, label]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', width: '1%' }}>
                  {keys.map((combo, index) => (
                    <Fragment key={index}>
                      {index > 0 && ' '}
                      {combo.map((key, at) => (
                        <Fragment key={at}>
                          {at > 0 && '+'}
                          <kbd>{key}</kbd>
                        </Fragment>
                      ))}
                    </Fragment>
                  ))}
                </TableCell>
                <TableCell>{translate(label)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setHelpOpen(false)}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

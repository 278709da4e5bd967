import { EMBEDDED_CLASS } from '../shared/dom-contract';

/** A page is embedded when its window is not the top one; a cross-origin parent may refuse the look. */
export function isEmbedded(win: { self: unknown; top: unknown }): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}

export function markEmbedded(win: Window, body: HTMLElement): void {
  if (isEmbedded(win)) body.classList.add(EMBEDDED_CLASS);
}

/**
 * Theme-on-scroll (spec section 4): the most visible section decides the body's theme class
 * (black gives dark-theme, grey gives grey-theme, otherwise none) and whether the first or only
 * section is showing. Pure, so the server can render the initial state and the client can
 * recompute it from measured boxes.
 */
export const SECTION_THEMES = ['black', 'grey', 'white'] as const;
export type SectionTheme = (typeof SECTION_THEMES)[number];

export type ThemeClass = 'dark-theme' | 'grey-theme';
export const THEME_CLASSES: readonly ThemeClass[] = ['dark-theme', 'grey-theme'];

export function isSectionTheme(value: unknown): value is SectionTheme {
  return typeof value === 'string' && (SECTION_THEMES as readonly string[]).includes(value);
}

export function themeClassFor(theme: string | null | undefined): ThemeClass | null {
  if (theme === 'black') return 'dark-theme';
  if (theme === 'grey') return 'grey-theme';
  return null;
}

/** A section's vertical extent relative to the viewport, as getBoundingClientRect gives it. */
interface SectionBox {
  top: number;
  bottom: number;
  theme: string | null | undefined;
}

export interface ScrollState {
  themeClass: ThemeClass | null;
  /** True while the first (or only) section is the most visible one, or when there is none. */
  firstSection: boolean;
}

export function visibleHeight(box: Pick<SectionBox, 'top' | 'bottom'>, viewportHeight: number): number {
  return Math.max(0, Math.min(box.bottom, viewportHeight) - Math.max(box.top, 0));
}

/** Index of the section with the most pixels on screen; the earlier one wins a tie, -1 if none shows. */
export function mostVisibleIndex(boxes: readonly Pick<SectionBox, 'top' | 'bottom'>[], viewportHeight: number): number {
  let best = -1;
  let bestHeight = 0;
  boxes.forEach((box, index) => {
    const height = visibleHeight(box, viewportHeight);
    if (height > bestHeight) {
      best = index;
      bestHeight = height;
    }
  });
  return best;
}

export function scrollState(boxes: readonly SectionBox[], viewportHeight: number): ScrollState {
  const index = mostVisibleIndex(boxes, viewportHeight);
  if (index < 0) return { themeClass: themeClassFor(boxes[0]?.theme), firstSection: true };
  return { themeClass: themeClassFor(boxes[index].theme), firstSection: index === 0 };
}

/** What the page shows before any measurement: the top of the first section. */
export function initialScrollState(themes: readonly (string | null | undefined)[]): ScrollState {
  return { themeClass: themeClassFor(themes[0]), firstSection: true };
}

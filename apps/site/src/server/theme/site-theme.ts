import { COLOR_PATTERN, DEFAULT_BACKGROUND_COLOR, DEFAULT_PRIMARY_COLOR, type ThemeResponse } from '@cms/contracts';

export const DEFAULT_THEME: ThemeResponse = { primaryColor: DEFAULT_PRIMARY_COLOR, backgroundColor: DEFAULT_BACKGROUND_COLOR };

/** A colour as the API stores it (`COLOR_PATTERN`, #RRGGBB), upper-case, or the fallback: nothing else ever reaches the page's CSS. */
export function normalizeColor(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const trimmed = value.trim();
  return COLOR_PATTERN.test(trimmed) ? trimmed.toUpperCase() : fallback;
}

export function sanitizeTheme(value: unknown): ThemeResponse {
  const raw = (value && typeof value === 'object' ? value : {}) as Partial<Record<keyof ThemeResponse, unknown>>;
  return {
    primaryColor: normalizeColor(raw.primaryColor, DEFAULT_THEME.primaryColor),
    backgroundColor: normalizeColor(raw.backgroundColor, DEFAULT_THEME.backgroundColor),
  };
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #RRGGBB colour. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => channel(parseInt(hex.slice(start, start + 2), 16)));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const DARK_TEXT = '#111318';
const LIGHT_TEXT = '#FFFFFF';

/** Near-black or white, whichever contrasts more with the colour (text on a primary-coloured button). */
export function readableTextOn(hex: string): string {
  const l = luminance(hex);
  const withDarkText = (l + 0.05) / (luminance(DARK_TEXT) + 0.05);
  const withLightText = (1 + 0.05) / (l + 0.05);
  return withDarkText >= withLightText ? DARK_TEXT : LIGHT_TEXT;
}

/** WCAG contrast ratio of two #RRGGBB colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

function mix(from: string, to: string, share: number): string {
  const at = (hex: string, start: number) => parseInt(hex.slice(start, start + 2), 16);
  const channels = [1, 3, 5].map((start) => Math.round(at(from, start) * (1 - share) + at(to, start) * share));
  return `#${channels
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}

/** Section backgrounds besides the theme's own (site.css --cms-grey and --cms-black). */
const GREY = '#F0F1F3';
const BLACK = '#0E1014';
/** WCAG AA for body text. */
const TEXT_CONTRAST = 4.5;

/**
 * The colour as text on these backgrounds: itself when it reads well enough (WCAG AA), else mixed
 * towards the backgrounds' text colour, step by step, until it does. An editor's light green stays
 * green on a white page, only darker.
 */
export function inkOn(hex: string, backgrounds: string[]): string {
  const toward = readableTextOn(backgrounds[0]);
  for (let share = 0; share < 1; share += 0.05) {
    const ink = mix(hex, toward, share);
    if (backgrounds.every((background) => contrast(ink, background) >= TEXT_CONTRAST)) return ink;
  }
  return toward;
}

/** The CSS of the themes met so far, by their two colours: a site has one theme, and the contrast search is run once for it, not at every page. */
const cssOfColours = new Map<string, string>();
const KEPT_THEMES = 64;

/** The theme as CSS custom properties; the inputs are normalized, so the output is safe inside <style>. */
export function themeCss(theme: ThemeResponse): string {
  const primary = normalizeColor(theme.primaryColor, DEFAULT_THEME.primaryColor);
  const background = normalizeColor(theme.backgroundColor, DEFAULT_THEME.backgroundColor);
  const key = `${primary} ${background}`;
  let css = cssOfColours.get(key);
  if (css === undefined) {
    css =
      `:root{--cms-primary:${primary};--cms-on-primary:${readableTextOn(primary)};` +
      `--cms-primary-ink:${inkOn(primary, [background, GREY])};--cms-primary-ink-on-black:${inkOn(primary, [BLACK])};` +
      `--cms-background:${background};--cms-on-background:${readableTextOn(background)}}`;
    // Editors try colours one after another: the map is bounded, not an LRU (a miss costs microseconds).
    if (cssOfColours.size >= KEPT_THEMES) cssOfColours.clear();
    cssOfColours.set(key, css);
  }
  return css;
}

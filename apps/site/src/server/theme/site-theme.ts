import { DEFAULT_BACKGROUND_COLOR, DEFAULT_PRIMARY_COLOR, type ThemeResponse } from '@cms/contracts';

export const DEFAULT_THEME: ThemeResponse = { primaryColor: DEFAULT_PRIMARY_COLOR, backgroundColor: DEFAULT_BACKGROUND_COLOR };

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A #RGB or #RRGGBB colour as #RRGGBB, or the fallback: nothing else ever reaches the page's CSS. */
export function normalizeColor(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const trimmed = value.trim();
  if (!HEX.test(trimmed)) return fallback;
  const digits = trimmed.slice(1);
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return `#${full.toUpperCase()}`;
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

/** The theme as CSS custom properties; the inputs are normalized, so the output is safe inside <style>. */
export function themeCss(theme: ThemeResponse): string {
  const primary = normalizeColor(theme.primaryColor, DEFAULT_THEME.primaryColor);
  const background = normalizeColor(theme.backgroundColor, DEFAULT_THEME.backgroundColor);
  return (
    `:root{--cms-primary:${primary};--cms-on-primary:${readableTextOn(primary)};` +
    `--cms-background:${background};--cms-on-background:${readableTextOn(background)}}`
  );
}

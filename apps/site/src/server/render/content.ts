import { safeHref } from '@cms/contracts';

/**
 * Readers for a section's JSON content: a block takes what it can use and ignores the rest, so
 * a malformed section renders less rather than breaking the page.
 */
export type Content = Record<string, unknown>;

export function asContent(value: unknown): Content | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Content) : null;
}

export function readText(content: Content, key: string): string | undefined {
  const value = content[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export interface LinkContent {
  label: string;
  href: string;
}

export function readLink(content: Content, key: string): LinkContent | undefined {
  const link = asContent(content[key]);
  if (!link) return undefined;
  const label = readText(link, 'label');
  const href = safeHref(link.href);
  return label && href ? { label, href } : undefined;
}

export function readList(content: Content, key: string): Content[] {
  const value = content[key];
  return Array.isArray(value) ? value.map(asContent).filter((item): item is Content => item !== null) : [];
}

import { RICH_TEXT_LINK_SCHEMES } from '@cms/contracts';

/** A link the API's sanitiser keeps: a site path, an anchor, or a URL of an allowed scheme (never protocol-relative). */
export function isAllowedLink(url: string): boolean {
  if (url === '' || /[\u0000-\u001f\u007f\s]/.test(url) || url.startsWith('//')) return false;
  if (url.startsWith('/') || url.startsWith('#')) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  return scheme !== undefined && (RICH_TEXT_LINK_SCHEMES as readonly string[]).includes(scheme);
}

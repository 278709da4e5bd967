import { LINK_PREFETCH_MARGIN_PX } from '@cms/contracts';
import { NO_PREFETCH_ATTR } from '../shared/dom-contract';

/** Paths that are not pages: the API and the site's own assets. */
const SKIPPED_PREFIXES = ['/api/', '/_site/'];

/**
 * The URL worth prefetching for a link on `page`, or null: only same-origin http(s) pages other
 * than the current one (a link to an anchor of this page loads nothing).
 */
export function prefetchUrl(href: string, page: string): string | null {
  let url: URL;
  let current: URL;
  try {
    current = new URL(page);
    url = new URL(href, current);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== current.origin) return null;
  if (SKIPPED_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return null;
  url.hash = '';
  current.hash = '';
  if (url.href === current.href) return null;
  return url.href;
}

interface NetworkInformationLike {
  saveData?: boolean;
}

/** Adds one `<link rel="prefetch">` per URL for the links that come within 200px of the viewport. */
export function startLinkPrefetch(win: Window, doc: Document): void {
  if (typeof IntersectionObserver !== 'function') return;
  const connection = (win.navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (connection?.saveData) return;

  const requested = new Set<string>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const url = prefetchUrl((entry.target as HTMLAnchorElement).href, win.location.href);
        if (!url || requested.has(url)) continue;
        requested.add(url);
        const link = doc.createElement('link');
        link.rel = 'prefetch';
        link.href = url;
        doc.head.appendChild(link);
      }
    },
    { rootMargin: `${LINK_PREFETCH_MARGIN_PX}px` },
  );
  for (const anchor of Array.from(doc.querySelectorAll<HTMLAnchorElement>('a[href]'))) {
    if (anchor.hasAttribute('download') || anchor.hasAttribute(NO_PREFETCH_ATTR)) continue;
    if (prefetchUrl(anchor.href, win.location.href)) observer.observe(anchor);
  }
}

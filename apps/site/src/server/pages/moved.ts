/**
 * A page the API says has moved (GET /api/pages answered 301 or 302 with a Location): a renamed or
 * moved page, another locale's address, or a redirect staff made. The site passes it on to the
 * visitor with the same status, and the visitor's query string kept.
 */
export interface Moved {
  status: 301 | 302;
  /** A site address (`/fr/blog/new`, %-encoded) or an absolute https:// URL. */
  location: string;
}

/** `segment` decoded when it is %-encoded, as it is otherwise (a `%` that escapes nothing). */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The Location the API sent, checked and %-encoded for a header: a site address (starting with one
 * `/`, each segment encoded once whether the API sent it encoded or decoded) or an https:// URL
 * (as the URL parser writes it). Anything else (another scheme, `//host`, a backslash) is null:
 * the site never sends a visitor where the API could not mean.
 */
export function movedLocation(raw: string | null): string | null {
  if (!raw) return null;
  if (raw.startsWith('/') && !raw.startsWith('//') && !raw.includes('\\')) {
    const queryStart = raw.search(/[?#]/);
    const path = queryStart < 0 ? raw : raw.slice(0, queryStart);
    const rest = queryStart < 0 ? '' : raw.slice(queryStart);
    const segments = path
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => encodeURIComponent(decodedSegment(segment)));
    // A query or fragment of the target: what a header cannot hold (spaces, non-ASCII) %-encoded, the rest as sent.
    return `/${segments.join('/')}${rest.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c))}`;
  }
  if (/^https:\/\//i.test(raw)) {
    try {
      const url = new URL(raw);
      return url.protocol === 'https:' && url.hostname !== '' ? url.href : null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * `location` with the visitor's query string (without its `?`) added after the target's own, the
 * target's fragment kept at the end: `/new?a=1` and `ref=mail` give `/new?a=1&ref=mail`.
 */
export function withVisitorQuery(location: string, query: string): string {
  if (query === '') return location;
  const hashStart = location.indexOf('#');
  const base = hashStart < 0 ? location : location.slice(0, hashStart);
  const hash = hashStart < 0 ? '' : location.slice(hashStart);
  const joiner = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${joiner}${query}${hash}`;
}

/**
 * How long browsers and proxies may keep a moved answer: a permanent one a few minutes (staff may
 * edit or delete a redirect, and the site's own answers follow the purges at once), a temporary
 * one not at all.
 */
export function movedCacheControl(status: 301 | 302): string {
  return status === 301 ? 'public, max-age=300' : 'no-cache';
}

import { DEFAULT_LANG, isLang, type Lang, REDIRECT_FROM_MAX_LENGTH, REDIRECT_TO_MAX_LENGTH, type RedirectStatusCode } from '@cms/contracts';
import { addressOf } from './redirects.service';

/**
 * The rules of a redirect's `from`, `to` and `status`, and of the set of redirects (one per
 * `from`, no chain, no loop), shared by the redirects routes and the CSV import. Pure: the
 * service reads the rows the rules need and writes what they plan.
 */

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const bad = <T>(problem: string): Checked<T> => ({ ok: false, problem });

/** First segments the site answers itself: a redirect from under them would never be asked of the API. */
const RESERVED_SEGMENTS = new Set(['api', 'admin', '_site']);
const RESERVED_ADDRESSES = new Set(['/sitemap.xml', '/robots.txt']);

/**
 * A site address as redirects store it (addressOf's form): segments decoded, no empty ones, no
 * trailing slash, `/` alone for en's home. Refuses a query string, a fragment, control
 * characters, malformed %-escapes, an encoded `/` and `.`/`..` segments.
 */
function siteAddress(raw: string): Checked<string> {
  if (!raw.startsWith('/') || raw.startsWith('//')) return bad('must be a site address starting with / (like /old-page)');
  if (/[?#]/.test(raw)) return bad("must not hold a query string or a fragment (the visitor's query string is kept by itself)");
  if (/[\u0000-\u001f\u007f]/.test(raw)) return bad('must not contain control characters');
  const segments: string[] = [];
  for (const segment of raw.split('/')) {
    if (segment === '') continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return bad(`holds a malformed %-escape in "${segment.slice(0, 100)}"`);
    }
    if (decoded.includes('/')) return bad('must not encode / as %2F');
    if (/[\u0000-\u001f\u007f]/.test(decoded)) return bad('must not contain control characters');
    if (decoded === '.' || decoded === '..') return bad('must not hold . or .. segments');
    segments.push(decoded);
  }
  return ok(addressOf(DEFAULT_LANG, segments.join('/')));
}

/** `from`: a site address that the site asks the API about, at most REDIRECT_FROM_MAX_LENGTH characters. */
export function checkFrom(raw: unknown): Checked<string> {
  if (typeof raw !== 'string' || raw.trim() === '') return bad('is required: a site address starting with /');
  const address = siteAddress(raw.trim());
  if (!address.ok) return address;
  if (address.value.length > REDIRECT_FROM_MAX_LENGTH) return bad(`must be at most ${REDIRECT_FROM_MAX_LENGTH} characters long`);
  const first = address.value.split('/')[1] ?? '';
  if (RESERVED_SEGMENTS.has(first.toLowerCase()) || RESERVED_ADDRESSES.has(address.value.toLowerCase())) {
    return bad('must not be under /api/, /admin or /_site/, nor the sitemap or robots.txt: the site answers those itself');
  }
  return address;
}

/**
 * `to`: a site address (stored like `from`) or an absolute https:// URL off the site (`siteOrigin`,
 * PUBLIC_URL's, when known: a URL on it must be given as its site address).
 */
export function checkTo(raw: unknown, siteOrigin?: string): Checked<string> {
  if (typeof raw !== 'string' || raw.trim() === '') return bad('is required: a site address starting with / or an https:// URL');
  const text = raw.trim();
  if (text.length > REDIRECT_TO_MAX_LENGTH) return bad(`must be at most ${REDIRECT_TO_MAX_LENGTH} characters long`);
  if (text.startsWith('/') && !text.startsWith('//')) return siteAddress(text);
  if (!/^https:\/\//i.test(text)) return bad('needs https:// for an address off the site (or a site address starting with /)');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return bad('is not a valid https:// URL');
  }
  if (url.hostname === '') return bad('is not a valid https:// URL: it names no host');
  if (url.username !== '' || url.password !== '') return bad('must not hold a user name or password');
  if (siteOrigin !== undefined && url.origin === siteOrigin) return bad(`is on this site: give its address starting with / (${url.pathname})`);
  if (url.href.length > REDIRECT_TO_MAX_LENGTH) return bad(`must be at most ${REDIRECT_TO_MAX_LENGTH} characters long`);
  return ok(url.href);
}

/** `status`: 301 (the default) or 302; CSV cells and JSON numbers alike. */
export function checkStatus(raw: unknown): Checked<RedirectStatusCode> {
  if (raw === undefined || raw === null || raw === '') return ok(301);
  const value = typeof raw === 'string' ? raw.trim() : raw;
  if (value === 301 || value === '301') return ok(301);
  if (value === 302 || value === '302') return ok(302);
  return bad('must be 301 (permanent) or 302 (temporary)');
}

/** The locale and path of a site address: `/fr/blog/a` is (fr, /blog/a), `/blog/a` and `/` are en's, `/fr` is fr's home `/`. */
export function splitAddress(address: string): { locale: Lang; path: string } {
  const segments = address.split('/').filter((segment) => segment !== '');
  const [first, ...rest] = segments;
  if (first !== undefined && first !== DEFAULT_LANG && isLang(first)) return { locale: first, path: `/${rest.join('/')}` };
  return { locale: DEFAULT_LANG, path: `/${segments.join('/')}` };
}

/** A stored redirect, as the plan reads it. */
export interface StoredRedirect {
  id: number;
  from: string;
  to: string;
}

/** A redirect being written; `key` names it in errors (the body's fields, or a CSV line). */
export interface IncomingRedirect<K> {
  key: K;
  from: string;
  to: string;
}

export interface RedirectPlan<K> {
  /** The `to` each incoming redirect is stored with (chains followed), by key. */
  targets: Map<K, string>;
  /** Stored redirects that led to an incoming `from` and now lead where it leads. */
  repointed: { id: number; from: string; to: string }[];
  /** Incoming redirects that would lead back to their own `from`, with the way round. */
  loops: { key: K; path: string[] }[];
}

/**
 * Plans writing `incoming` redirects (at most one per `from`) among `stored` ones (those whose
 * `from` is an incoming `from` or `to`, and those leading to an incoming `from`: the others are
 * not touched), keeping the set flat:
 * - an incoming `to` that is another redirect's `from` is stored as where that one leads (A→B with
 *   B→C is stored A→C), through any number of incoming rows;
 * - stored redirects that led to an incoming `from` now lead where it leads (no chain either);
 * - an incoming redirect that would lead back to its own `from` is a loop, refused.
 * The stored redirects keyed by an incoming `from` are replaced by it.
 */
export function planRedirects<K>(stored: readonly StoredRedirect[], incoming: readonly IncomingRedirect<K>[]): RedirectPlan<K> {
  const incomingFroms = new Set(incoming.map((row) => row.from));
  // Where each address leads in one step, once the incoming rows are written.
  const next = new Map<string, string>();
  for (const row of stored) if (!incomingFroms.has(row.from)) next.set(row.from, row.to);
  for (const row of incoming) next.set(row.from, row.to);

  /** The addresses from `from` on, until one that leads nowhere or one seen already (a loop). */
  const walk = (from: string): { path: string[]; loop: boolean } => {
    const path = [from];
    const seen = new Set(path);
    let at = next.get(from);
    while (at !== undefined) {
      path.push(at);
      if (seen.has(at)) return { path, loop: true };
      seen.add(at);
      at = next.get(at);
    }
    return { path, loop: false };
  };

  const targets = new Map<K, string>();
  const loops: RedirectPlan<K>['loops'] = [];
  for (const row of incoming) {
    const { path, loop } = walk(row.from);
    if (loop) loops.push({ key: row.key, path });
    else targets.set(row.key, path[path.length - 1]);
  }
  const repointed: RedirectPlan<K>['repointed'] = [];
  if (loops.length === 0) {
    for (const row of stored) {
      if (incomingFroms.has(row.from) || !incomingFroms.has(row.to)) continue;
      const { path, loop } = walk(row.from);
      // A stored redirect the incoming ones would lead back to its own `from`: that incoming row loops too, reported above.
      if (!loop) repointed.push({ id: row.id, from: row.from, to: path[path.length - 1] });
    }
  }
  return { targets, repointed, loops };
}

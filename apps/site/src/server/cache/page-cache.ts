import { isLang } from '@cms/contracts';
import { sitePath } from '../pages/map-page';

/**
 * What the API's RevalidationService emits: purge everything, or some page paths (`/blog/x`,
 * `/` for the home page) in some locales.
 */
export type RevalidationEvent = { scope: 'all' } | { scope: 'paths'; paths: string[]; locales: string[] };

export interface PageKey {
  /** `https://host`: the same path on two hosts (or schemes) renders different absolute links. */
  origin: string;
  locale: string;
  /** Site path without locale prefix ('' for the home page). */
  path: string;
  /** `?page=` of paginating contents blocks; purged with its path. */
  page?: number;
}

export interface PageCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  /** A safety net: entries are dropped this long after they were stored even without a purge. */
  ttlMs?: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  bytes: number;
  expires: number;
  group: string;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

interface PageCache<V> {
  /** Changes on every purge; a render started under another epoch must not be stored. */
  readonly epoch: number;
  /** The kept value; a miss is counted unless `countMiss` is false (a look-up the caller will make again). */
  get(key: PageKey, countMiss?: boolean): V | undefined;
  /** Stores a render begun at `epoch`; refused (false) when a purge happened since, or when it is too big. */
  set(key: PageKey, value: V, bytes: number, epoch: number): boolean;
  revalidate(event: RevalidationEvent): void;
  clear(): void;
  stats(): PageCacheStats;
}

const DEFAULT_MAX_ENTRIES = 1000;
const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
const DEFAULT_TTL_MS = 5 * 60 * 1000;

const groupOf = (locale: string, path: string) => `${locale}\n${path}`;
const keyOf = (key: PageKey) => `${key.origin}\n${groupOf(key.locale, key.path)}${key.page && key.page > 1 ? `\n${key.page}` : ''}`;

/**
 * Rendered pages by (origin, locale, path), least recently used first out, bounded in count and
 * bytes, each kept at most `ttlMs`. Purges name (locale, path) pairs; a secondary index finds
 * every origin's copy of them.
 */
export function createPageCache<V>(options: PageCacheOptions = {}): PageCache<V> {
  const { maxEntries = DEFAULT_MAX_ENTRIES, maxBytes = DEFAULT_MAX_BYTES, ttlMs = DEFAULT_TTL_MS, now = Date.now } = options;
  // A Map iterates in insertion order: re-inserting on each hit keeps the least recently used first.
  const entries = new Map<string, Entry<V>>();
  const groups = new Map<string, Set<string>>();
  let bytes = 0;
  let epoch = 0;
  let hits = 0;
  let misses = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
    const group = groups.get(entry.group);
    group?.delete(key);
    if (group?.size === 0) groups.delete(entry.group);
  };

  const clear = () => {
    entries.clear();
    groups.clear();
    bytes = 0;
    epoch += 1;
  };

  return {
    get epoch() {
      return epoch;
    },
    get(pageKey, countMiss = true) {
      const key = keyOf(pageKey);
      const entry = entries.get(key);
      if (!entry || entry.expires <= now()) {
        if (entry) remove(key);
        if (countMiss) misses += 1;
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      hits += 1;
      return entry.value;
    },
    set(pageKey, value, size, startedAt) {
      if (startedAt !== epoch || size > maxBytes || maxEntries < 1) return false;
      const key = keyOf(pageKey);
      remove(key);
      const group = groupOf(pageKey.locale, pageKey.path);
      entries.set(key, { value, bytes: size, expires: now() + ttlMs, group });
      bytes += size;
      let members = groups.get(group);
      if (!members) groups.set(group, (members = new Set()));
      members.add(key);
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        remove(oldest);
      }
      return true;
    },
    revalidate(event) {
      if (!event || event.scope !== 'paths' || !Array.isArray(event.paths)) return clear();
      const locales = Array.isArray(event.locales) ? event.locales.filter(isLang) : [];
      // Paths without a locale to scope them: purge them in every locale rather than none.
      const scoped = locales.length > 0 ? locales : null;
      epoch += 1;
      for (const rawPath of event.paths) {
        if (typeof rawPath !== 'string') continue;
        const path = sitePath(rawPath);
        if (scoped) {
          for (const locale of scoped) for (const key of [...(groups.get(groupOf(locale, path)) ?? [])]) remove(key);
        } else {
          for (const [group, members] of [...groups]) if (group.endsWith(`\n${path}`)) for (const key of [...members]) remove(key);
        }
      }
    },
    clear,
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
  };
}

import { KeptValues } from '@cms/cache';
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
  locale: string;
  path: string;
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

const keyOf = (key: PageKey) => JSON.stringify([key.origin, key.locale, key.path, key.page && key.page > 1 ? key.page : 1]);

/**
 * Rendered pages by (origin, locale, path), least recently used first out, bounded in count and
 * bytes, each kept less than `ttlMs` (KeptValues). Purges name (locale, path) pairs and drop every
 * origin's copy of them.
 */
export function createPageCache<V>(options: PageCacheOptions = {}): PageCache<V> {
  const { maxEntries = DEFAULT_MAX_ENTRIES, maxBytes = DEFAULT_MAX_BYTES, ttlMs = DEFAULT_TTL_MS, now } = options;
  // lru-cache wants a count of at least one; a cache of no entries refuses every page below.
  const kept = new KeptValues<Entry<V>>({
    name: 'site_pages',
    max: Math.max(1, maxEntries),
    maxBytes,
    maxValueBytes: maxBytes,
    sizeOf: (entry) => entry.bytes,
    ttlMs,
    now,
  });
  let hits = 0;
  let misses = 0;

  return {
    get epoch() {
      return kept.generation;
    },
    get(pageKey, countMiss = true) {
      const entry = kept.get(keyOf(pageKey));
      if (!entry) {
        if (countMiss) misses += 1;
        return undefined;
      }
      hits += 1;
      return entry.value;
    },
    set(pageKey, value, size, startedAt) {
      if (maxEntries < 1) return false;
      return kept.set(keyOf(pageKey), { value, bytes: size, locale: pageKey.locale, path: pageKey.path }, startedAt);
    },
    revalidate(event) {
      if (!event || event.scope !== 'paths' || !Array.isArray(event.paths)) return kept.clear();
      const locales: string[] = Array.isArray(event.locales) ? event.locales.filter(isLang) : [];
      const paths = new Set(event.paths.filter((path): path is string => typeof path === 'string').map(sitePath));
      // Paths without a locale to scope them: purge them in every locale rather than none.
      kept.purgeWhere((_key, entry) => paths.has(entry.path) && (locales.length === 0 || locales.includes(entry.locale)));
    },
    clear: () => kept.clear(),
    stats: () => ({ entries: kept.size, bytes: kept.bytes, hits, misses }),
  };
}

import { LRUCache } from 'lru-cache';

interface KeptValuesOptions<V> {
  /**
   * The cache's name in metrics (`cms_cache_hits_total{cache="…"}`): a named cache is listed by
   * `keptValuesStats()` while it lives. Instances of one name (two apps in one process) add up.
   */
  name?: string;
  /** At most this many values. */
  max: number;
  /** At most this many bytes in all (with `sizeOf`); a value over an eighth of it is not kept. */
  maxBytes?: number;
  /** A value over this many bytes is not kept (an eighth of `maxBytes` unless said). */
  maxValueBytes?: number;
  sizeOf?: (value: V) => number;
  /** A value is kept for less than this long (a safety net under the owner's own purges). */
  ttlMs?: number;
  /** The clock for `ttlMs` in milliseconds (tests move it by hand); `performance.now()` otherwise. */
  now?: () => number;
}

/**
 * Values kept in memory by key: least recently used out first, bounded in count (and bytes), each
 * for at most `ttlMs` (lru-cache). The API's caches of sessions, contents-list pages and page reads
 * are each one of these and keep their own rule for what a purge drops.
 *
 * A value read from the source while a purge happened is never kept: the caller takes `generation`
 * before reading, and `set` refuses the value if a purge (`purge` or `clear`) came since, so a slow
 * read of old data cannot undo a purge.
 */
export class KeptValues<V extends NonNullable<unknown>> {
  private readonly cache: LRUCache<string, V>;
  private readonly maxEntryBytes: number;
  private readonly sizeOf?: (value: V) => number;
  private readonly ttlMs?: number;
  private purges = 0;
  /** Reads that found a value, and reads that did not (`get`), since the cache was made. */
  hits = 0;
  misses = 0;
  readonly name?: string;

  constructor(options: KeptValuesOptions<V>) {
    const { name, max, maxBytes, maxValueBytes, sizeOf, ttlMs, now } = options;
    this.name = name;
    if (name !== undefined) register(name, this);
    this.maxEntryBytes = maxValueBytes ?? (maxBytes !== undefined ? maxBytes / 8 : Infinity);
    this.cache = new LRUCache<string, V>({
      max,
      ...(maxBytes !== undefined && sizeOf ? { maxSize: maxBytes, sizeCalculation: (value: V) => Math.max(1, sizeOf(value)) } : {}),
      ...(ttlMs !== undefined ? { ttl: ttlMs, ttlAutopurge: false } : {}),
      // lru-cache otherwise reuses one reading of the clock for a millisecond, longer than a test's step.
      ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
    });
    this.sizeOf = sizeOf;
    this.ttlMs = ttlMs;
  }

  /** Changes at every purge: taken before reading the source, handed back to `set`. */
  get generation(): number {
    return this.purges;
  }

  get size(): number {
    return this.cache.size;
  }

  /** Bytes of all values kept (by `sizeOf`; 0 without it). */
  get bytes(): number {
    return this.cache.calculatedSize;
  }

  get(key: string): V | undefined {
    const value = this.cache.get(key);
    // lru-cache still serves a value at exactly its time to live; "less than ttlMs" drops it then.
    if (value !== undefined && this.ttlMs !== undefined && this.cache.getRemainingTTL(key) <= 0) {
      this.cache.delete(key);
      this.misses += 1;
      return undefined;
    }
    if (value === undefined) this.misses += 1;
    else this.hits += 1;
    return value;
  }

  /** Keeps a value read since `generation`; false when a purge came since or the value is too big. */
  set(key: string, value: V, generation: number): boolean {
    if (generation !== this.purges || (this.sizeOf && this.sizeOf(value) > this.maxEntryBytes)) return false;
    this.cache.set(key, value);
    return true;
  }

  /** Drops one value that changed at its source (a purge: reads under way are not kept). */
  purge(key: string): void {
    this.purges += 1;
    this.cache.delete(key);
  }

  /**
   * Drops, in one purge, every value whose key (or value) passes `test`: for owners whose purges
   * name something other than a key. The generation moves even when nothing matched.
   */
  purgeWhere(test: (key: string, value: V) => boolean): void {
    this.purges += 1;
    for (const [key, value] of [...this.cache.entries()]) if (test(key, value)) this.cache.delete(key);
  }

  /** Drops one value that went stale on its own (no purge). */
  forget(key: string): void {
    this.cache.delete(key);
  }

  /** Drops every value (a purge). */
  clear(): void {
    this.purges += 1;
    this.cache.clear();
  }
}

/** What `keptValuesStats` reports per cache name: the sums over the live caches of that name. */
export interface KeptValuesStats {
  name: string;
  hits: number;
  misses: number;
  size: number;
  bytes: number;
}

/** What the registry reads of a cache. */
type Counted = Pick<KeptValues<NonNullable<unknown>>, 'hits' | 'misses' | 'size' | 'bytes'>;
type Registry = Map<string, Set<WeakRef<Counted>>>;

/**
 * The named caches of this process. On `globalThis` under a registered symbol, so that a bundle
 * with its own copy of this library (the site's server, loaded by the API) lists its caches in the
 * same place. Weak references: a cache that is no longer used goes with its owner.
 */
function registry(): Registry {
  const key = Symbol.for('@cms/cache:kept-values');
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (holder[key] ??= new Map());
}

function register(name: string, cache: Counted): void {
  const caches = registry();
  let named = caches.get(name);
  if (!named) caches.set(name, (named = new Set()));
  named.add(new WeakRef(cache));
}

/** Hits, misses, values and bytes of every named cache of this process, by name (sorted). */
export function keptValuesStats(): KeptValuesStats[] {
  const stats: KeptValuesStats[] = [];
  for (const [name, refs] of registry()) {
    const total: KeptValuesStats = { name, hits: 0, misses: 0, size: 0, bytes: 0 };
    for (const ref of refs) {
      const cache = ref.deref();
      if (!cache) {
        refs.delete(ref);
        continue;
      }
      total.hits += cache.hits;
      total.misses += cache.misses;
      total.size += cache.size;
      total.bytes += cache.bytes;
    }
    stats.push(total);
  }
  return stats.sort((a, b) => a.name.localeCompare(b.name));
}

import { LRUCache } from 'lru-cache';

interface KeptValuesOptions<V> {
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

  constructor(options: KeptValuesOptions<V>) {
    const { max, maxBytes, maxValueBytes, sizeOf, ttlMs, now } = options;
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
      return undefined;
    }
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

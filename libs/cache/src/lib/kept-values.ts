import { LRUCache } from 'lru-cache';

interface KeptValuesOptions<V> {
  /** At most this many values. */
  max: number;
  /** At most this many bytes in all (with `sizeOf`); a value over an eighth of it is not kept. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  /** A value is kept at most this long (a safety net under the owner's own purges). */
  ttlMs?: number;
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
  private purges = 0;

  constructor(options: KeptValuesOptions<V>) {
    const { max, maxBytes, sizeOf, ttlMs } = options;
    this.maxEntryBytes = maxBytes !== undefined ? maxBytes / 8 : Infinity;
    this.cache = new LRUCache<string, V>({
      max,
      ...(maxBytes !== undefined && sizeOf ? { maxSize: maxBytes, sizeCalculation: (value: V) => Math.max(1, sizeOf(value)) } : {}),
      ...(ttlMs !== undefined ? { ttl: ttlMs, ttlAutopurge: false } : {}),
    });
    this.sizeOf = sizeOf;
  }

  /** Changes at every purge: taken before reading the source, handed back to `set`. */
  get generation(): number {
    return this.purges;
  }

  get size(): number {
    return this.cache.size;
  }

  get(key: string): V | undefined {
    return this.cache.get(key);
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

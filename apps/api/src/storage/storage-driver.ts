import type { Readable } from 'node:stream';

/** Bytes `start` to `end`, both included, as HTTP ranges count them. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A Range header's one range: from `start` (to `end`, or to the end), or the last `suffix` bytes. */
export type RangeRequest = { start: number; end?: number } | { suffix: number };

export interface StoredObjectInfo {
  /** Size of the whole object in bytes. */
  size: number;
  /** A quoted entity tag that changes whenever the object's bytes do. */
  etag: string;
  lastModified: Date;
}

export interface StoredObject extends StoredObjectInfo {
  /** The object's bytes, or those of `range`. Destroy it when not reading it to the end. */
  body: Readable;
  /** Set when a range was asked for. */
  range?: ByteRange;
}

export interface PutOptions {
  contentType: string;
  /** Length of the body when known beforehand (lets an object store take it in one request). */
  size?: number;
}

/**
 * Where uploaded files live. Keys are server-generated paths (`ab12….webp`,
 * `variants/ab12…/w640.webp`); a put replaces the object whole or leaves it as it was, so
 * readers never see a partial file.
 */
export interface StorageDriver {
  /** For logs: where the files are. */
  readonly description: string;
  put(key: string, body: Readable, options: PutOptions): Promise<StoredObjectInfo>;
  /** null when there is no such object; throws RangeNotSatisfiableError for a range past its end. */
  get(key: string, range?: RangeRequest): Promise<StoredObject | null>;
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Removes every object under a folder (`prefix` ends with `/`); answers how many. */
  deletePrefix(prefix: string): Promise<number>;
}

export const STORAGE = Symbol('STORAGE');

export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`The range lies outside the object's ${size} bytes`);
  }
}

/** Lower-case letters, digits, `_`, `-` and `.` in `/`-separated segments; no empty, `.` or `..` segment. */
const KEY = /^[a-z0-9][a-z0-9_.-]{0,127}(\/[a-z0-9][a-z0-9_.-]{0,127}){0,7}$/;

/** Drivers refuse any key that could leave their folder or bucket prefix, whoever built it. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((segment) => segment === '.' || segment === '..' || segment.includes('..'))) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

export function assertStoragePrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`A storage prefix ends with "/": ${JSON.stringify(prefix.slice(0, 200))}`);
  assertStorageKey(prefix.slice(0, -1));
}

/** The bytes a range request covers in an object of `size` bytes. */
export function resolveRange(range: RangeRequest, size: number): ByteRange {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) throw new RangeNotSatisfiableError(size);
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) throw new RangeNotSatisfiableError(size);
  const end = range.end === undefined ? size - 1 : Math.min(range.end, size - 1);
  if (end < range.start) throw new RangeNotSatisfiableError(size);
  return { start: range.start, end };
}

/** Whether the driver holds an object under `key`. */
export async function isStored(storage: StorageDriver, key: string): Promise<boolean> {
  return (await storage.stat(key)) !== null;
}

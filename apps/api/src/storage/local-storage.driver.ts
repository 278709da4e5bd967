import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, assertStoragePrefix, resolveRange } from './storage-driver';
import type { PutOptions, RangeRequest, StorageDriver, StoredObject, StoredObjectInfo } from './storage-driver';

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** Like nginx and express: size and modification time, which change whenever the file does. */
function etagOf(stat: { size: number; mtimeMs: number }): string {
  return `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
}

/**
 * Files under one folder (DATA_DIR/uploads by default). A put writes a temporary file beside the
 * target and renames it into place, so readers see the old file or the new one, never half of it.
 */
export class LocalStorageDriver implements StorageDriver {
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = `local folder ${root}`;
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable, _options: PutOptions): Promise<StoredObjectInfo> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.part-${randomBytes(6).toString('hex')}`;
    // Opened before the copy starts: a write stream opens its file asynchronously, and a body that
    // failed at once let that open land after the removal below, leaving the part file behind.
    const handle = await fs.open(partial, 'wx');
    try {
      await pipeline(body, handle.createWriteStream());
      await fs.rename(partial, target);
    } catch (error) {
      await handle.close().catch(() => undefined);
      await fs.rm(partial, { force: true });
      throw error;
    }
    const stat = await fs.stat(target);
    return { size: stat.size, etag: etagOf(stat), lastModified: stat.mtime };
  }

  async get(key: string, range?: RangeRequest): Promise<StoredObject | null> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      const info = { size: stat.size, etag: etagOf(stat), lastModified: stat.mtime };
      const resolved = range ? resolveRange(range, stat.size) : undefined;
      // The stream reads from the handle opened above, so a file removed meanwhile still reads whole.
      const body = handle.createReadStream(resolved ? { start: resolved.start, end: resolved.end } : {});
      return resolved ? { ...info, body, range: resolved } : { ...info, body };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const stat = await fs.stat(this.pathOf(key));
      return stat.isFile() ? { size: stat.size, etag: etagOf(stat), lastModified: stat.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertStoragePrefix(prefix);
    const dir = path.join(this.root, ...prefix.slice(0, -1).split('/'));
    let count = 0;
    try {
      const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
      count = entries.filter((entry) => entry.isFile() && !entry.name.includes('.part-')).length;
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    await fs.rm(dir, { recursive: true, force: true });
    return count;
  }
}

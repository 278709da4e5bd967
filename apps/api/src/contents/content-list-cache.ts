import { Injectable } from '@nestjs/common';
import { KeptValues } from '@cms/cache';
import { preparedQuery } from '../database/prepared-query';
import { ReadPool } from '../database/read-pool';

export interface ListPage {
  /** The JSON array, encoded once: a kept page is written as it is. */
  body: Buffer;
  count: number;
  total: number;
  start: number;
}

const MAX_BYTES = 32 * 1024 * 1024;
const VERSION_SQL = `SELECT "version"::text AS "version" FROM "cache_version" WHERE "name" = 'contents'`;

/**
 * Pages of the contents list, by query, as the database was at one version of the list (migration
 * ContentListVersion: every statement that changes content rows, their field documents or their
 * slugs moves it, in its own transaction). Each read asks the current version, one indexed row, and
 * serves a kept page only if it was read at that version: a write is seen by the next read on every
 * instance, whatever path made it. Kept pages are bounded by size, least recently used first out.
 */
@Injectable()
export class ContentListCache {
  private version: string | null = null;
  private readonly pages = new KeptValues<ListPage>({ name: 'content_lists', max: 10_000, maxBytes: MAX_BYTES, sizeOf: (page) => page.body.length });
  /** The version query under way, and the one that callers arriving meanwhile wait for. */
  private running: Promise<string> | null = null;
  private queued: Promise<string> | null = null;

  constructor(private readonly reads: ReadPool) {}

  /**
   * The list's current version, read by a query that started after this call (so it sees every
   * write committed before the request came), shared by every caller that came while the previous
   * one ran: under load, one query serves a batch of requests.
   */
  currentVersion(): Promise<string> {
    if (!this.running) return this.start();
    this.queued ??= this.running.then(
      () => this.startQueued(),
      () => this.startQueued(),
    );
    return this.queued;
  }

  private startQueued(): Promise<string> {
    this.queued = null;
    return this.start();
  }

  private start(): Promise<string> {
    const running = this.readVersion().finally(() => {
      if (this.running === running) this.running = null;
    });
    this.running = running;
    return running;
  }

  /** Pages kept at an older version than the one read are dropped. */
  private async readVersion(): Promise<string> {
    const [row] = await preparedQuery<{ version: string }>(this.reads, VERSION_SQL, []);
    const version = row?.version ?? '0';
    if (this.version === null || BigInt(version) > BigInt(this.version)) {
      this.pages.clear();
      this.version = version;
    }
    return version;
  }

  get(key: string, version: string): ListPage | undefined {
    return version === this.version ? this.pages.get(key) : undefined;
  }

  /**
   * Keeps a page read after `version` was asked. A write committed in between makes the page newer
   * than its version, never older: the next read sees a newer version and reads again.
   */
  set(key: string, version: string, page: ListPage): void {
    if (version === this.version) this.pages.set(key, page, this.pages.generation);
  }
}

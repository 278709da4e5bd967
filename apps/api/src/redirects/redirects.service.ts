import { DEFAULT_LANG, type Lang } from '@cms/contracts';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { preparedQuery } from '../database/prepared-query';
import { ReadPool } from '../database/read-pool';
import type { RedirectStatus } from '../pages/page-moved';

/** One address of the public site that changed: a path with its locale prefix (`/fr/blog/old` → `/fr/blog/new`). */
export interface AddressMove {
  from: string;
  to: string;
}

/** Where an address leads, as the page read answers it. */
export interface RedirectTarget {
  id: number;
  to: string;
  status: RedirectStatus;
}

/**
 * The site address of a path in a locale, as redirects store it (`from` and a site `to`): the
 * locale's prefix (none for en), then the path's segments as the visitor's URL reads once decoded,
 * no trailing slash: `addressOf('fr', '/blog/old/')` is `/fr/blog/old`, `addressOf('en', '/')` is `/`,
 * `addressOf('fr', '')` is `/fr`. For page paths it equals localePath (their segments need no encoding).
 */
export function addressOf(locale: Lang, path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  const prefix = locale === DEFAULT_LANG ? '' : `/${locale}`;
  return segments.length > 0 ? `${prefix}/${segments.join('/')}` : prefix || '/';
}

/** How often the hits counted in memory are written to the table. */
const HITS_FLUSH_MS = 5000;

const RESOLVE_SQL = `SELECT id, "to", status FROM "redirect" WHERE "from" = $1`;

/**
 * The redirects of the public site (table `redirect`, migration Redirects): the rules that keep
 * them without chains or loops, the lookup the page read makes when no page lives at an address,
 * and the count of their use.
 *
 * Invariants, kept by every write here and by the redirects routes: one redirect per `from`;
 * `to` is never the `from` of another redirect (A→B→C is stored as A→C); no redirect leaves an
 * address where a page lives (the page would shadow it anyway); `from` is never `to`.
 */
@Injectable()
export class RedirectsService implements OnModuleDestroy {
  private readonly logger = new Logger(RedirectsService.name);
  /** Hits counted since the last flush, by redirect id. */
  private hits = new Map<number, number>();
  private flushTimer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ReadPool,
  ) {}

  /**
   * Inside the write's transaction that renamed or moved pages: every old address now redirects
   * (301, `auto`) to the new one, the redirects that led to an old address lead to the new one
   * (no chains), and none is left from an address a page now has (no loops: a page moved back to
   * an address it had drops the redirect from there). Three statements, whatever the number.
   */
  async recordMoves(manager: EntityManager, moves: readonly AddressMove[]): Promise<void> {
    // One move per old address (the last wins), none that goes nowhere.
    const byFrom = new Map<string, string>();
    for (const move of moves) if (move.from !== move.to) byFrom.set(move.from, move.to);
    if (byFrom.size === 0) return;
    const froms = [...byFrom.keys()];
    const tos = [...byFrom.values()];
    await manager.query(
      `UPDATE "redirect" r SET "to" = m."to", "updatedAt" = now()
       FROM unnest($1::varchar[], $2::varchar[]) AS m("from", "to")
       WHERE r."to" = m."from" AND r."from" <> m."to"`,
      [froms, tos],
    );
    // Those the update would have turned into loops (their `from` is the new address) go below.
    await manager.query(
      `INSERT INTO "redirect" ("from", "to", "status", "auto")
       SELECT m."from", m."to", 301, true FROM unnest($1::varchar[], $2::varchar[]) AS m("from", "to")
       ON CONFLICT ("from") DO UPDATE SET "to" = EXCLUDED."to", "status" = 301, "auto" = true, "updatedAt" = now()`,
      [froms, tos],
    );
    await this.addressesTaken(manager, tos);
  }

  /** Inside a write that gave pages these addresses: redirects from them are dropped (the page answers there now). */
  async addressesTaken(manager: EntityManager, addresses: readonly string[]): Promise<void> {
    if (addresses.length === 0) return;
    await manager.query(`DELETE FROM "redirect" WHERE "from" = ANY($1::varchar[])`, [[...new Set(addresses)]]);
  }

  /** Where an address of the site leads (a path with its locale prefix), or null; counts the hit. */
  async resolve(address: string): Promise<RedirectTarget | null> {
    const [row] = await preparedQuery<{ id: number; to: string; status: number }>(this.reads, RESOLVE_SQL, [address]);
    if (!row) return null;
    this.countHit(row.id);
    return { id: row.id, to: row.to, status: row.status === 302 ? 302 : 301 };
  }

  /** A hit of a redirect answered from a cache (the lookup was not made again). */
  countHit(id: number): void {
    this.hits.set(id, (this.hits.get(id) ?? 0) + 1);
    this.flushTimer ??= setTimeout(() => void this.flushHits(), HITS_FLUSH_MS).unref();
  }

  /** Writes the hits counted so far (one statement); a failure is logged and the hits kept for the next flush. */
  async flushHits(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.hits.size === 0) return;
    const counted = this.hits;
    this.hits = new Map();
    try {
      await this.dataSource.query(
        `UPDATE "redirect" r SET "hits" = r."hits" + h.n, "lastUsedAt" = now()
         FROM unnest($1::int[], $2::int[]) AS h(id, n) WHERE r.id = h.id`,
        [[...counted.keys()], [...counted.values()]],
      );
    } catch (error) {
      this.logger.warn(`Redirect hits could not be written, kept for the next try: ${error instanceof Error ? error.message : String(error)}`);
      for (const [id, n] of counted) this.hits.set(id, (this.hits.get(id) ?? 0) + n);
      this.flushTimer ??= setTimeout(() => void this.flushHits(), HITS_FLUSH_MS).unref();
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.flushHits();
  }
}

import { HttpException, HttpStatus } from '@nestjs/common';
import type { DataSource } from 'typeorm';

/** 429 with Retry-After (the global error filter sends `responseHeaders`). */
export class TooManyRequestsException extends HttpException {
  readonly responseHeaders: Record<string, string>;

  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ statusCode: HttpStatus.TOO_MANY_REQUESTS, message }, HttpStatus.TOO_MANY_REQUESTS);
    this.responseHeaders = { 'Retry-After': String(retryAfterSeconds) };
  }
}

/** The tables made by migrations for the limiters: (key, points, expire in epoch ms). */
type RateLimitTable = 'sign_in_limit' | 'form_submission_limit';

interface Count {
  /** Attempts in the key's window, this one included. */
  points: number;
  /** When the window ends, in epoch milliseconds. */
  resetsAt: number;
}

/**
 * Fixed-window counters kept in PostgreSQL, so every API instance shares them. An attempt is
 * counted before the work it guards, in one statement that increments and answers the counts
 * (INSERT ... ON CONFLICT DO UPDATE ... RETURNING): concurrent attempts each see their own
 * count, so a burst cannot slip through between a check and a write.
 *
 * Sign-ins and form submissions are two configurations of this limiter. Plain SQL with unnamed
 * parameters rather than rate-limiter-flexible's Postgres store: that store uses named prepared
 * statements, which collide on the embedded database (PGlite serves every pooled connection from
 * one backend session).
 */
export class RateLimiter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly table: RateLimitTable,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt under every key and answers each key's count. */
  async hit(keys: readonly string[], now = Date.now()): Promise<Map<string, Count>> {
    // Sorted and distinct: one row is updated once per statement, and concurrent statements lock rows in one order (no deadlock).
    const distinct = [...new Set(keys)].sort();
    const values = distinct.map((_, index) => `($${index + 3}, 1, $1)`).join(', ');
    const rows: { key: string; points: number; expire: string }[] = await this.dataSource.query(
      `INSERT INTO "${this.table}" AS l ("key", "points", "expire") VALUES ${values}
       ON CONFLICT ("key") DO UPDATE SET
         "points" = CASE WHEN l."expire" <= $2 THEN 1 ELSE l."points" + 1 END,
         "expire" = CASE WHEN l."expire" <= $2 THEN EXCLUDED."expire" ELSE l."expire" END
       RETURNING "key", "points", "expire"`,
      [now + this.windowMs, now, ...distinct],
    );
    // Keep the table small: forget windows that are over.
    if (Math.random() < 0.02) await this.dataSource.query(`DELETE FROM "${this.table}" WHERE "expire" <= $1`, [now]);
    return new Map(rows.map((row) => [row.key, { points: Number(row.points), resetsAt: Number(row.expire) }]));
  }

  /** The counts of the keys whose window is not over (absent keys: none yet), counting nothing. */
  async peek(keys: readonly string[], now = Date.now()): Promise<Map<string, Count>> {
    if (!keys.length) return new Map();
    const rows: { key: string; points: number; expire: string }[] = await this.dataSource.query(
      `SELECT "key", "points", "expire" FROM "${this.table}" WHERE "key" = ANY($1) AND "expire" > $2`,
      [[...keys], now],
    );
    return new Map(rows.map((row) => [row.key, { points: Number(row.points), resetsAt: Number(row.expire) }]));
  }

  /** Takes back one attempt under these keys (an attempt that turned out not to count). */
  async undo(keys: readonly string[]): Promise<void> {
    if (keys.length) await this.dataSource.query(`UPDATE "${this.table}" SET "points" = GREATEST("points" - 1, 0) WHERE "key" = ANY($1)`, [[...keys]]);
  }

  /** Forgets the counts under these keys. */
  async reset(keys: readonly string[]): Promise<void> {
    if (keys.length) await this.dataSource.query(`DELETE FROM "${this.table}" WHERE "key" = ANY($1)`, [[...keys]]);
  }
}

/** Seconds until `resetsAt`, at least one: what Retry-After says. */
export function secondsUntil(resetsAt: number, now = Date.now()): number {
  return Math.max(1, Math.ceil((resetsAt - now) / 1000));
}

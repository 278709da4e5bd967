import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export class TooManySubmissionsException extends HttpException {
  readonly responseHeaders: Record<string, string>;

  constructor(retryAfterSeconds: number) {
    super({ statusCode: HttpStatus.TOO_MANY_REQUESTS, message: `Too many messages from your address. Try again in ${retryAfterSeconds} seconds.` }, HttpStatus.TOO_MANY_REQUESTS);
    this.responseHeaders = { 'Retry-After': String(retryAfterSeconds) };
  }
}

const WINDOW_MS = 60_000;

/**
 * Counts form submissions per client IP in one-minute windows kept in PostgreSQL, so every API
 * instance shares the count (FORM_SUBMISSIONS_PER_MINUTE, default 10). One plain statement with
 * unnamed parameters: named prepared statements collide on the embedded database.
 */
@Injectable()
export class SubmissionLimiter {
  private readonly limit: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limit = config.forms.submissionsPerMinute;
  }

  /** Counts one submission from `ip`; throws 429 with Retry-After once the window's count is used up. */
  async hit(ip: string): Promise<void> {
    const now = Date.now();
    const [row]: { points: number; expire: string }[] = await this.dataSource.query(
      `INSERT INTO "form_submission_limit" AS l ("key", "points", "expire") VALUES ($1, 1, $2)
       ON CONFLICT ("key") DO UPDATE SET
         "points" = CASE WHEN l."expire" <= $3 THEN 1 ELSE l."points" + 1 END,
         "expire" = CASE WHEN l."expire" <= $3 THEN EXCLUDED."expire" ELSE l."expire" END
       RETURNING "points", "expire"`,
      [`ip:${ip}`, now + WINDOW_MS, now],
    );
    // Keep the table small: forget windows that are over.
    if (Math.random() < 0.01) await this.dataSource.query(`DELETE FROM "form_submission_limit" WHERE "expire" <= $1`, [now]);
    if (row.points > this.limit) throw new TooManySubmissionsException(Math.max(1, Math.ceil((Number(row.expire) - now) / 1000)));
  }
}

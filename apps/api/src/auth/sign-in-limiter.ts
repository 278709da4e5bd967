import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export class TooManyAttemptsException extends HttpException {
  readonly responseHeaders: Record<string, string>;

  constructor(readonly retryAfterSeconds: number) {
    super(
      { statusCode: HttpStatus.TOO_MANY_REQUESTS, message: `Too many failed sign-ins. Try again in ${retryAfterSeconds} seconds.` },
      HttpStatus.TOO_MANY_REQUESTS,
    );
    this.responseHeaders = { 'Retry-After': String(retryAfterSeconds) };
  }
}

interface Counter {
  key: string;
  points: number;
  expire: string;
}

/**
 * Counts failed sign-ins per account (normalised e-mail) and per client IP in fixed windows kept
 * in PostgreSQL, so every API instance sees the same counts. Only failures count; a success
 * clears the account's count.
 *
 * Plain SQL rather than rate-limiter-flexible's Postgres store: that store uses named prepared
 * statements, which collide on the embedded database (PGlite serves every pooled connection from
 * one backend session).
 */
@Injectable()
export class SignInLimiter {
  private readonly windowMs: number;
  private readonly limits: Record<'account' | 'ip', number>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.windowMs = config.signIn.windowSeconds * 1000;
    this.limits = { account: config.signIn.maxFailuresPerAccount, ip: config.signIn.maxFailuresPerIp };
  }

  /** Throws 429, with the seconds to wait, when either counter is used up. */
  async assertAllowed(email: string, ip: string): Promise<void> {
    const now = Date.now();
    const rows: Counter[] = await this.dataSource.query(
      `SELECT "key", "points", "expire" FROM "sign_in_limit" WHERE "key" IN ($1, $2) AND "expire" > $3`,
      [`account:${email}`, `ip:${ip}`, now],
    );
    const waits = rows
      .filter((row) => row.points >= (row.key.startsWith('account:') ? this.limits.account : this.limits.ip))
      .map((row) => Number(row.expire) - now);
    if (waits.length) throw new TooManyAttemptsException(Math.max(1, Math.ceil(Math.max(...waits) / 1000)));
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const now = Date.now();
    await this.dataSource.query(
      `INSERT INTO "sign_in_limit" AS l ("key", "points", "expire") VALUES ($1, 1, $3), ($2, 1, $3)
       ON CONFLICT ("key") DO UPDATE SET
         "points" = CASE WHEN l."expire" <= $4 THEN 1 ELSE l."points" + 1 END,
         "expire" = CASE WHEN l."expire" <= $4 THEN EXCLUDED."expire" ELSE l."expire" END`,
      [`account:${email}`, `ip:${ip}`, now + this.windowMs, now],
    );
    // Keep the table small: forget windows that are over.
    if (Math.random() < 0.05) await this.dataSource.query(`DELETE FROM "sign_in_limit" WHERE "expire" <= $1`, [now]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "sign_in_limit" WHERE "key" = $1`, [`account:${email}`]);
  }
}

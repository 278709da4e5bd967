import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { limitedAddress } from '../common/rate-limit/client-address';
import { RateLimiter, secondsUntil, TooManyRequestsException } from '../common/rate-limit/rate-limiter';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** The first wait once an account's attempts pass its limit; each further attempt doubles it. */
const BACKOFF_BASE_MS = 500;

/** What an admitted attempt was counted under, to take it back when it succeeds. */
export interface SignInAttempt {
  keys: { pair: string; address: string; account: string };
}

/** Milliseconds an attempt waits when `over` attempts on the account went past its limit (0 for none). */
export function backoffMs(over: number, maxMs: number): number {
  if (over <= 0 || maxMs <= 0) return 0;
  return Math.min(maxMs, BACKOFF_BASE_MS * 2 ** Math.min(over - 1, 30));
}

/**
 * Sign-in attempts, counted before the password is checked (see RateLimiter), in 15-minute windows:
 * - per (account, address), SIGNIN_MAX_FAILURES_PER_ACCOUNT, and per address (an IPv6 /64),
 *   SIGNIN_MAX_FAILURES_PER_IP: past them, 429. A flood against an account from one address
 *   stops that address, not the owner signing in from another;
 * - per account from every address: past SIGNIN_MAX_FAILURES_PER_ACCOUNT, each attempt waits
 *   longer before its check (doubling up to SIGNIN_BACKOFF_MAX) rather than being refused, so a
 *   distributed flood slows guessing without locking the owner out.
 * A successful attempt is taken back: only failures count.
 */
@Injectable()
export class SignInLimiter {
  private readonly counters: RateLimiter;
  private readonly limits: { pair: number; address: number };
  private readonly backoffMaxMs: number;

  constructor(@InjectDataSource() dataSource: DataSource, @Inject(APP_CONFIG) config: AppConfig) {
    this.counters = new RateLimiter(dataSource, 'sign_in_limit', config.signIn.windowSeconds * 1000);
    this.limits = { pair: config.signIn.maxFailuresPerAccount, address: config.signIn.maxFailuresPerIp };
    this.backoffMaxMs = config.signIn.backoffMaxSeconds * 1000;
  }

  /**
   * Counts an attempt on `email` (normalised) from `ip`; throws 429 with Retry-After past a hard
   * limit, and otherwise answers once the account's backoff, if any, has passed.
   */
  async admit(email: string, ip: string): Promise<SignInAttempt> {
    // The e-mail is hashed: keys stay short whatever its length, and the table keeps no addresses of people.
    const account = createHash('sha256').update(email).digest('hex');
    const address = limitedAddress(ip);
    const keys = { pair: `pair:${address}|${account}`, address: `ip:${address}`, account: `account:${account}` };
    const counts = await this.counters.hit(Object.values(keys));
    const refused = [[counts.get(keys.pair)!, this.limits.pair] as const, [counts.get(keys.address)!, this.limits.address] as const]
      .filter(([count, limit]) => count.points > limit)
      .map(([count]) => count.resetsAt);
    if (refused.length) {
      const seconds = secondsUntil(Math.max(...refused));
      throw new TooManyRequestsException(`Too many failed sign-ins. Try again in ${seconds} seconds.`, seconds);
    }
    const wait = backoffMs(counts.get(keys.account)!.points - this.limits.pair, this.backoffMaxMs);
    if (wait > 0) await sleep(wait);
    return { keys };
  }

  /** The attempt succeeded: it no longer counts, and this address starts afresh on this account. */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    await this.counters.reset([attempt.keys.pair]);
    await this.counters.undo([attempt.keys.address, attempt.keys.account]);
  }
}

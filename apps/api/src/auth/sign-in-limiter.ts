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
const HOUR_MS = 60 * 60 * 1000;
/** How long an address that signed in to an account stays known to it (its way in under a flood). */
const KNOWN_ADDRESS_MS = 30 * 24 * HOUR_MS;

/** What an admitted attempt was counted under, to take it back when it succeeds. */
interface SignInAttempt {
  keys: { pair: string; address: string; checks: string; known: string };
}

/** An account's key in the limits table: the e-mail (normalised) hashed, so that keys stay short whatever its length, and the table keeps no addresses of people. */
export function accountKey(email: string): string {
  return createHash('sha256').update(email).digest('hex');
}

/** Milliseconds an attempt waits when `over` attempts on the account went past its limit (0 for none). */
export function backoffMs(over: number, maxMs: number): number {
  if (over <= 0 || maxMs <= 0) return 0;
  return Math.min(maxMs, BACKOFF_BASE_MS * 2 ** Math.min(over - 1, 30));
}

/**
 * Sign-in attempts, counted before the password is checked (see RateLimiter):
 * - per (account, address), SIGNIN_MAX_FAILURES_PER_ACCOUNT, and per address (an IPv6 /64),
 *   SIGNIN_MAX_FAILURES_PER_IP, in 15-minute windows: past them, 429. A flood against an
 *   account from one address stops that address, not the owner signing in from another;
 * - per account from every address, SIGNIN_MAX_CHECKS_PER_ACCOUNT_HOUR password checks an hour:
 *   past it, 429 for addresses that never signed in to the account (a sleep alone did not stop
 *   guesses sent in parallel from many addresses). An address that signed in to it in the last
 *   30 days keeps its per-address allowance: the owner's way in while a reset link does not exist;
 * - past SIGNIN_MAX_FAILURES_PER_ACCOUNT checks on the account, each attempt from an unknown
 *   address waits longer before its check (doubling up to SIGNIN_BACKOFF_MAX).
 * Only password checks count against the account: an attempt refused with 429 is taken back, so a
 * flood of refused attempts neither uses the account's allowance nor lengthens anyone's wait.
 * A successful attempt is taken back too: only failures count.
 */
@Injectable()
export class SignInLimiter {
  private readonly counters: RateLimiter;
  private readonly checks: RateLimiter;
  private readonly known: RateLimiter;
  private readonly limits: { pair: number; address: number; checks: number };
  private readonly backoffMaxMs: number;

  constructor(@InjectDataSource() dataSource: DataSource, @Inject(APP_CONFIG) config: AppConfig) {
    // One table, three windows: each row carries its own expiry.
    this.counters = new RateLimiter(dataSource, 'sign_in_limit', config.signIn.windowSeconds * 1000);
    this.checks = new RateLimiter(dataSource, 'sign_in_limit', HOUR_MS);
    this.known = new RateLimiter(dataSource, 'sign_in_limit', KNOWN_ADDRESS_MS);
    this.limits = { pair: config.signIn.maxFailuresPerAccount, address: config.signIn.maxFailuresPerIp, checks: config.signIn.maxChecksPerAccountHour };
    this.backoffMaxMs = config.signIn.backoffMaxSeconds * 1000;
  }

  /**
   * Counts an attempt on `email` (normalised) from `ip`; throws 429 with Retry-After past a hard
   * limit, and otherwise answers once the account's backoff, if any, has passed.
   */
  async admit(email: string, ip: string): Promise<SignInAttempt> {
    const account = accountKey(email);
    const address = limitedAddress(ip);
    const keys = { pair: `pair:${address}|${account}`, address: `ip:${address}`, checks: `checks:${account}`, known: `known:${address}|${account}` };
    const counts = await this.counters.hit([keys.pair, keys.address]);
    const refused = [[counts.get(keys.pair)!, this.limits.pair] as const, [counts.get(keys.address)!, this.limits.address] as const]
      .filter(([count, limit]) => count.points > limit)
      .map(([count]) => count.resetsAt);
    if (refused.length) {
      const seconds = secondsUntil(Math.max(...refused));
      throw new TooManyRequestsException(`Too many failed sign-ins. Try again in ${seconds} seconds.`, seconds);
    }
    // Counted before the check like the others: concurrent attempts each see their own count, so
    // no more than the cap are checked; the ones past it are taken back.
    const checks = (await this.checks.hit([keys.checks])).get(keys.checks)!;
    const known = (await this.known.peek([keys.known])).has(keys.known);
    if (!known && checks.points > this.limits.checks) {
      await this.checks.undo([keys.checks]);
      const seconds = secondsUntil(checks.resetsAt);
      throw new TooManyRequestsException(
        `Too many failed sign-ins on this account. Try again in ${seconds} seconds, or from an address that signed in to it before.`,
        seconds,
      );
    }
    const wait = known ? 0 : backoffMs(checks.points - this.limits.pair, this.backoffMaxMs);
    if (wait > 0) await sleep(wait);
    return { keys };
  }

  /** The attempt succeeded: it no longer counts, this address starts afresh on this account, and is known to it. */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    await this.counters.reset([attempt.keys.pair]);
    await this.counters.undo([attempt.keys.address, attempt.keys.checks]);
    // Forgotten and counted again: the 30 days start from the latest success.
    await this.known.reset([attempt.keys.known]);
    await this.known.hit([attempt.keys.known]);
  }
}

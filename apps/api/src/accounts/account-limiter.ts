import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { limitedAddress } from '../common/rate-limit/client-address';
import { RateLimiter, secondsUntil, TooManyRequestsException } from '../common/rate-limit/rate-limiter';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Limits on the account routes a stranger can call, counted before the work like sign-ins (in the
 * same table, under keys of their own):
 * - reset-link requests: per e-mail (PASSWORD_RESET_MAX_PER_ACCOUNT an hour, so nobody floods a
 *   mailbox) and per client address (PASSWORD_RESET_MAX_PER_IP an hour). The e-mail is counted
 *   whether or not it is an account's, so a 429 tells nothing about who has one;
 * - uses of one-time links (reset, invitation) and second-factor codes: per client address and per
 *   account, the sign-in limits' windows and figures.
 */
@Injectable()
export class AccountLimiter {
  private readonly hourly: RateLimiter;
  private readonly windowed: RateLimiter;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.hourly = new RateLimiter(dataSource, 'sign_in_limit', HOUR_MS);
    this.windowed = new RateLimiter(dataSource, 'sign_in_limit', config.signIn.windowSeconds * 1000);
  }

  /** Counts a reset-link request for `email` (normalised) from `ip`; 429 past either limit. */
  async admitResetRequest(email: string, ip: string): Promise<void> {
    const account = `reset:${createHash('sha256').update(email).digest('hex')}`;
    const address = `reset-ip:${limitedAddress(ip)}`;
    const counts = await this.hourly.hit([account, address]);
    const over = [
      [counts.get(account)!, this.config.accounts.resetMaxPerAccount],
      [counts.get(address)!, this.config.accounts.resetMaxPerIp],
    ] as const;
    const refused = over.filter(([count, limit]) => count.points > limit).map(([count]) => count.resetsAt);
    if (refused.length) {
      const seconds = secondsUntil(Math.max(...refused));
      throw new TooManyRequestsException(`Too many password reset requests. Try again in ${seconds} seconds.`, seconds);
    }
  }

  /** Counts an attempt at a one-time link or a code (`what` names the kind and, for codes, the account); 429 past the limits. */
  async admitAttempt(what: string, ip: string): Promise<{ keys: string[] }> {
    const address = `${what.split(':')[0]}-ip:${limitedAddress(ip)}`;
    const keys = [address, ...(what.includes(':') ? [what] : [])];
    const counts = await this.windowed.hit(keys);
    const limits: Record<string, number> = { [address]: this.config.signIn.maxFailuresPerIp };
    if (keys[1]) limits[keys[1]] = this.config.signIn.maxFailuresPerAccount;
    const refused = keys.filter((key) => counts.get(key)!.points > limits[key]).map((key) => counts.get(key)!.resetsAt);
    if (refused.length) {
      const seconds = secondsUntil(Math.max(...refused));
      throw new TooManyRequestsException(`Too many attempts. Try again in ${seconds} seconds.`, seconds);
    }
    return { keys };
  }

  /** The attempt succeeded: only failures count. */
  async succeeded(attempt: { keys: string[] }): Promise<void> {
    await this.windowed.undo(attempt.keys);
  }
}

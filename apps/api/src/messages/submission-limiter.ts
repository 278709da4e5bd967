import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { limitedAddress } from '../common/rate-limit/client-address';
import { RateLimiter, secondsUntil, TooManyRequestsException } from '../common/rate-limit/rate-limiter';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** Form submissions per client address (an IPv6 /64) and minute: FORM_SUBMISSIONS_PER_MINUTE, default 10. */
@Injectable()
export class SubmissionLimiter {
  private readonly limit: number;
  private readonly counters: RateLimiter;

  constructor(@InjectDataSource() dataSource: DataSource, @Inject(APP_CONFIG) config: AppConfig) {
    this.limit = config.forms.submissionsPerMinute;
    this.counters = new RateLimiter(dataSource, 'form_submission_limit', 60_000);
  }

  /** Counts one submission from `ip`; throws 429 with Retry-After once the window's count is used up. */
  async hit(ip: string): Promise<void> {
    const key = `ip:${limitedAddress(ip)}`;
    const count = (await this.counters.hit([key])).get(key)!;
    if (count.points > this.limit) {
      const seconds = secondsUntil(count.resetsAt);
      throw new TooManyRequestsException(`Too many messages from your address. Try again in ${seconds} seconds.`, seconds);
    }
  }
}

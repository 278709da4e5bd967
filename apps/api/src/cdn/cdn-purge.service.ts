import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { AppMetrics } from '../observability/metrics';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RevalidationService, type RevalidationEvent } from '../revalidation/revalidation.service';
import type { CdnPurgeTarget } from './cdn-config';
import { pageKey, SITE_KEY } from './surrogate-keys';

/** Keys of one write are gathered this long, so that a burst of writes goes out as few requests. */
const GATHER_MS = 25;
/** Tries of one batch before it is given up (logged as an error): the first and four retries. */
const MAX_ATTEMPTS = 5;
/** One try's time limit. */
const TIMEOUT_MS = 5000;
/** Beyond this many keys waiting, a purge of everything (`site`) is one request instead of many. */
const MAX_PENDING_KEYS = 2000;

/** What the purges did since start-up (for /metrics). */
export interface CdnPurgeStats {
  /** Revalidation events this instance emitted and passed on. */
  events: number;
  /** Keys sent in requests that succeeded. */
  keys: number;
  /** Purge requests that succeeded. */
  requests: number;
  /** Tries that failed (each retry counts). */
  failures: number;
  /** Batches given up after their last try. */
  abandoned: number;
}

/** `{keys}`, `{keys_csv}` and `{keys_json}` in a template, each value made by `encode`. */
export function fillTemplate(template: string, keys: readonly string[], encode: (value: string) => string = (value) => value): string {
  return template
    .replaceAll('{keys_json}', encode(JSON.stringify(keys)))
    .replaceAll('{keys_csv}', encode(keys.join(',')))
    .replaceAll('{keys}', encode(keys.join(' ')));
}

/** The request that purges `keys` at `target`. */
export function purgeRequestOf(target: CdnPurgeTarget, keys: readonly string[]): { url: string; init: RequestInit } {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(target.headers)) headers[name] = fillTemplate(value, keys);
  if (target.kind === 'varnish') {
    // docker/varnish/default.vcl bans every object whose Surrogate-Key holds one of them.
    headers['X-Purge-Keys'] = keys.join(' ');
    return { url: target.url, init: { method: target.method, headers } };
  }
  const body = target.body === undefined ? undefined : fillTemplate(target.body, keys);
  return { url: fillTemplate(target.url, keys, encodeURIComponent), init: { method: target.method, headers, body } };
}

/**
 * Tells the shared cache in front (Varnish, a CDN) what changed: every revalidation event this
 * instance emits (its own writes: the others send theirs, so each purge leaves once) becomes the
 * keys of the pages it names (`p-<locale>-<hash>`; a purge of everything is `site`), gathered for
 * a moment, sent in batches, each retried with a doubling wait and logged, and sent again
 * `repeatMs` later (what the cache fetched while the write committed, or from an instance that
 * had not yet heard the purge, would otherwise stay for CDN_MAX_AGE). Never awaited by a write:
 * a save succeeds whatever the CDN answers.
 */
@Injectable()
export class CdnPurgeService implements OnModuleDestroy {
  private readonly logger = new Logger('CdnPurge');
  private readonly target: CdnPurgeTarget | null;
  private readonly pending = new Set<string>();
  private gather?: NodeJS.Timeout;
  /** Keys purged once, to purge again after `repeatMs`. */
  private readonly repeats = new Set<string>();
  private repeat?: NodeJS.Timeout;
  private readonly retries = new Set<NodeJS.Timeout>();
  private readonly counts: CdnPurgeStats = { events: 0, keys: 0, requests: 0, failures: 0, abandoned: 0 };
  private readonly unsubscribe?: () => void;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    revalidation: RevalidationService,
    metrics: AppMetrics,
  ) {
    this.target = config.cdn.purge;
    if (this.target) metrics.watchCdnPurges(() => this.counts);
    if (this.target) this.unsubscribe = revalidation.onEmit((event) => this.purge(event));
  }

  /** Counters since start-up: a copy. */
  stats(): CdnPurgeStats {
    return { ...this.counts };
  }

  /** The keys an event purges. */
  static keysOf(event: RevalidationEvent): string[] {
    if (event.scope === 'all') return [SITE_KEY];
    return event.locales.flatMap((locale) => event.paths.map((path) => pageKey(locale, path)));
  }

  private purge(event: RevalidationEvent): void {
    if (this.stopped) return;
    this.counts.events++;
    for (const key of CdnPurgeService.keysOf(event)) this.pending.add(key);
    if (this.pending.size > MAX_PENDING_KEYS) {
      this.pending.clear();
      this.pending.add(SITE_KEY);
    }
    if (this.gather) return;
    this.gather = setTimeout(() => this.flush(), GATHER_MS);
    this.gather.unref();
  }

  private flush(): void {
    this.gather = undefined;
    const keys = this.take(this.pending);
    this.sendAll(keys);
    if (this.config.cdn.repeatMs === 0) return;
    for (const key of keys) this.repeats.add(key);
    if (this.repeat) return;
    this.repeat = setTimeout(() => {
      this.repeat = undefined;
      this.sendAll(this.take(this.repeats));
    }, this.config.cdn.repeatMs);
    this.repeat.unref();
  }

  /** The keys of a set, emptied; a purge of everything makes every other key of the moment redundant. */
  private take(keys: Set<string>): string[] {
    const taken = keys.has(SITE_KEY) ? [SITE_KEY] : [...keys];
    keys.clear();
    return taken;
  }

  private sendAll(keys: string[]): void {
    const size = this.config.cdn.batch;
    for (let start = 0; start < keys.length; start += size) void this.send(keys.slice(start, start + size), 1);
  }

  private async send(keys: string[], attempt: number): Promise<void> {
    if (this.stopped || !this.target) return;
    const { url, init } = purgeRequestOf(this.target, keys);
    let problem: string;
    try {
      const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) {
        this.counts.requests++;
        this.counts.keys += keys.length;
        this.logger.log(
          `Purged ${keys.length} key(s) at the ${this.target.kind === 'varnish' ? 'Varnish' : 'CDN'}: ${keys.slice(0, 5).join(' ')}${keys.length > 5 ? ' …' : ''}`,
        );
        return;
      }
      problem = `answered ${response.status}`;
    } catch (error) {
      problem = (error as Error).message;
    }
    this.counts.failures++;
    if (attempt >= MAX_ATTEMPTS || this.stopped) {
      this.counts.abandoned++;
      this.logger.error(
        `Gave up purging ${keys.length} key(s) after ${attempt} tries (${init.method} ${new URL(url).origin} ${problem}): cached copies expire within CDN_MAX_AGE`,
      );
      return;
    }
    const wait = this.config.cdn.retryMs * 2 ** (attempt - 1);
    this.logger.warn(
      `Purging ${keys.length} key(s) failed (${init.method} ${new URL(url).origin} ${problem}): try ${attempt + 1} of ${MAX_ATTEMPTS} in ${wait} ms`,
    );
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      void this.send(keys, attempt + 1);
    }, wait);
    timer.unref();
    this.retries.add(timer);
  }

  onModuleDestroy(): void {
    this.stopped = true;
    this.unsubscribe?.();
    clearTimeout(this.gather);
    clearTimeout(this.repeat);
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
  }
}

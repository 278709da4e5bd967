import { keptValuesStats } from '@cms/cache';
import type { FastifyInstance } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { ReadPool } from '../database/read-pool';
import type { RevalidationEvent } from '../revalidation/revalidation.service';

/** How long a scrape reuses the outbox counts read by the last one, and how long it waits for them. */
const OUTBOX_CACHE_MS = 5_000;
const OUTBOX_TIMEOUT_MS = 1_000;

/** Label of requests no route matched (a 404 before any handler): one value, not their URLs. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The application's Prometheus metrics (prom-client), one registry per application. Provided to
 * Nest as `AppMetrics`, so that a module may register its own metrics on `registry` (a CDN purge
 * counter beside `cms_purges_total`, for instance).
 *
 * - `cms_http_requests_total` and `cms_http_request_duration_seconds` by method, route pattern
 *   (`/api/pages/:id`, `/*` for the site's pages: never the raw URL, so the label values are
 *   bounded by the routes) and status code;
 * - `cms_db_pool_connections{pool,state}` and `cms_db_pool_waiting{pool}`: TypeORM's pool
 *   (`writes`) and, on a PostgreSQL server, the hot reads' pool (`reads`). The embedded PGlite is
 *   reached through TypeORM's pool of one connection, which is what it reports;
 * - `cms_cache_hits_total`, `cms_cache_misses_total`, `cms_cache_entries` per named `KeptValues`;
 * - `cms_outbox_pending{queue}`: mails and webhook deliveries not yet sent nor given up, counted at
 *   scrape time (at most every 5 s, within a second, else the last counts are kept);
 * - `cms_purges_total{scope}`: cache purges (revalidation events) this instance received;
 * - Node's process metrics (`process_*`, `nodejs_*`).
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'cms_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });
  private readonly durations = new Histogram({
    name: 'cms_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly purges = new Counter({
    name: 'cms_purges_total',
    help: 'Cache purges (revalidation events) received by this instance, by scope (paths or all)',
    labelNames: ['scope'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Counts one answered request; `route` is the route's pattern, never the URL. */
  observeRequest(method: string, route: string | undefined, statusCode: number, elapsedMs: number): void {
    const labels = { method, route: route ?? UNMATCHED_ROUTE, status_code: statusCode };
    this.requests.inc(labels);
    this.durations.observe(labels, elapsedMs / 1000);
  }

  countPurge(event: RevalidationEvent): void {
    this.purges.inc({ scope: event.scope });
  }

  /**
   * Registers the CDN purges this instance sent (cdn/cdn-purge.service.ts), read at scrape time
   * from its running counts: `cms_cdn_purge_events_total`, `cms_cdn_purge_keys_total`,
   * `cms_cdn_purge_requests_total{outcome="sent|failed|abandoned"}`.
   */
  watchCdnPurges(stats: () => { events: number; keys: number; requests: number; failures: number; abandoned: number }): void {
    const registers = [this.registry];
    const seen = new Map<string, number>();
    /** Adds what a running count grew by since the last scrape. */
    const grow = (counter: Counter<string>, key: string, value: number, labels?: Record<string, string>) => {
      const before = seen.get(key) ?? 0;
      if (labels) counter.inc(labels, Math.max(0, value - before));
      else counter.inc(Math.max(0, value - before));
      seen.set(key, Math.max(before, value));
    };
    new Counter({
      name: 'cms_cdn_purge_events_total',
      help: "Purge events this instance's writes passed on to the CDN (CDN_PURGE)",
      registers,
      collect() {
        grow(this, 'events', stats().events);
      },
    });
    new Counter({
      name: 'cms_cdn_purge_keys_total',
      help: 'Surrogate keys sent in CDN purge requests that succeeded',
      registers,
      collect() {
        grow(this, 'keys', stats().keys);
      },
    });
    new Counter({
      name: 'cms_cdn_purge_requests_total',
      help: 'CDN purge requests: sent (succeeded), failed (each try, retried), abandoned (batches given up)',
      labelNames: ['outcome'] as const,
      registers,
      collect() {
        const now = stats();
        grow(this, 'sent', now.requests, { outcome: 'sent' });
        grow(this, 'failed', now.failures, { outcome: 'failed' });
        grow(this, 'abandoned', now.abandoned, { outcome: 'abandoned' });
      },
    });
  }

  /** Registers the metrics read at scrape time: pools, caches and outboxes. */
  watch(dataSource: DataSource, reads: ReadPool): void {
    const registers = [this.registry];
    const pools = (): [string, Pool | undefined][] => [
      // TypeORM's driver keeps its pg pool as `master` (no public API for it).
      ['writes', (dataSource.driver as unknown as { master?: Pool }).master],
      ['reads', reads.pool],
    ];
    new Gauge({
      name: 'cms_db_pool_connections',
      help: 'Database connections per pool (writes: TypeORM, reads: the hot reads) in use or idle',
      labelNames: ['pool', 'state'] as const,
      registers,
      collect() {
        this.reset();
        for (const [name, pool] of pools()) {
          if (!pool) continue;
          this.set({ pool: name, state: 'in_use' }, pool.totalCount - pool.idleCount);
          this.set({ pool: name, state: 'idle' }, pool.idleCount);
        }
      },
    });
    new Gauge({
      name: 'cms_db_pool_waiting',
      help: 'Queries waiting for a database connection, per pool',
      labelNames: ['pool'] as const,
      registers,
      collect() {
        this.reset();
        for (const [name, pool] of pools()) if (pool) this.set({ pool: name }, pool.waitingCount);
      },
    });

    const caches = { hits: new Map<string, number>(), misses: new Map<string, number>() };
    const cacheCounter = (kind: 'hits' | 'misses') =>
      new Counter({
        name: `cms_cache_${kind}_total`,
        help: `Reads of each in-memory cache (KeptValues) that ${kind === 'hits' ? 'found' : 'did not find'} a value`,
        labelNames: ['cache'] as const,
        registers,
        collect() {
          for (const stats of keptValuesStats()) {
            // The caches count on their own; the counter takes the difference since the last scrape.
            const seen = caches[kind].get(stats.name) ?? 0;
            // Every named cache is listed, 0 until it is read; a cache gone with its owner does not count backwards.
            this.inc({ cache: stats.name }, Math.max(0, stats[kind] - seen));
            caches[kind].set(stats.name, stats[kind]);
          }
        },
      });
    cacheCounter('hits');
    cacheCounter('misses');
    new Gauge({
      name: 'cms_cache_entries',
      help: 'Values kept by each in-memory cache (KeptValues)',
      labelNames: ['cache'] as const,
      registers,
      collect() {
        this.reset();
        for (const stats of keptValuesStats()) this.set({ cache: stats.name }, stats.size);
      },
    });

    let outbox: { at: number; counts: Promise<{ mail: number; webhooks: number } | null> } | undefined;
    let last: { mail: number; webhooks: number } | undefined;
    const outboxCounts = async () => {
      if (!outbox || performance.now() - outbox.at > OUTBOX_CACHE_MS) {
        outbox = { at: performance.now(), counts: countOutboxes(dataSource).catch(() => null) };
      }
      const counts = await outbox.counts;
      if (counts) last = counts;
      return last;
    };
    new Gauge({
      name: 'cms_outbox_pending',
      help: 'Mails (mail) and webhook deliveries (webhooks) waiting to be sent or retried',
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        const counts = await outboxCounts();
        if (!counts) return;
        this.set({ queue: 'mail' }, counts.mail);
        this.set({ queue: 'webhooks' }, counts.webhooks);
      },
    });
  }
}

/** Both outboxes' pending rows in one statement (the webhook count reads a partial index); null past a second. */
async function countOutboxes(dataSource: DataSource): Promise<{ mail: number; webhooks: number }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The outbox counts took too long')), OUTBOX_TIMEOUT_MS);
  });
  const rows = (await Promise.race([
    dataSource.query(
      `SELECT (SELECT count(*) FROM "mail_outbox" WHERE "sentAt" IS NULL AND "failedAt" IS NULL)::int AS "mail",
              (SELECT count(*) FROM "webhook_delivery" WHERE "deliveredAt" IS NULL AND "failedAt" IS NULL)::int AS "webhooks"`,
    ),
    late,
  ]).finally(() => clearTimeout(timer))) as { mail: number; webhooks: number }[];
  return rows[0];
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Who may read /metrics: a caller that sends `Authorization: Bearer <METRICS_TOKEN>`, or one on
 * this host: the client address (as TRUST_PROXY makes it, `clientAddressOf`) and the socket's
 * peer both loopback, and no forwarding header at all, so that a proxy on this host forwarding a
 * remote caller (whatever TRUST_PROXY says, and whatever the caller wrote in X-Forwarded-For)
 * never opens it.
 */
export function metricsAccess(token: string | undefined, clientAddressOf: (req: IncomingMessage) => string | undefined) {
  const expected = token ? digest(token) : undefined;
  return (req: IncomingMessage): boolean => {
    const authorization = req.headers.authorization;
    if (expected && typeof authorization === 'string' && authorization.startsWith('Bearer ')) {
      return timingSafeEqual(digest(authorization.slice('Bearer '.length).trim()), expected);
    }
    if (FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined)) return false;
    return isLoopback(req.socket.remoteAddress) && isLoopback(clientAddressOf(req));
  };
}

/** GET /metrics, in Prometheus's text format; 401 without a word more for callers not let in. */
export function mountMetrics(fastify: FastifyInstance, metrics: AppMetrics, allowed: (req: IncomingMessage) => boolean): void {
  fastify.route({
    method: ['GET', 'HEAD'],
    url: '/metrics',
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      if (!allowed(request.raw)) {
        return reply.code(401).header('WWW-Authenticate', 'Bearer').header('Cache-Control', 'no-store').send({ statusCode: 401, message: 'Unauthorized' });
      }
      const body = await metrics.registry.metrics();
      return reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType).send(body);
    },
  });
}

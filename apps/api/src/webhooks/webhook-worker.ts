import type { WebhookDeliveryEvent, WebhookPayload, WebhookRecordType } from '@cms/contracts';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntitySubscriberInterface, type TransactionCommitEvent } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { QUEUED_DELIVERIES } from './webhook-events.service';
import { signature, WebhookSender, type SendOutcome } from './webhook-sender';

interface DueDelivery {
  id: number;
  webhookId: number;
  event: WebhookDeliveryEvent;
  recordType: WebhookRecordType;
  recordId: number;
  locales: string[];
  occurredAt: Date;
  attempts: number;
  ageSeconds: number;
  url: string;
  secret: string;
  /** A later delivery of the same webhook and record waits for this one. */
  holdsBack: boolean;
}

/** Deliveries a worker claims at a time (sent in parallel). */
const BATCH = 20;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** Finished deliveries kept per webhook, whatever their age. */
export const DELIVERIES_KEPT_PER_WEBHOOK = 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** How long a kick waits, gathering the deliveries of writes committed meanwhile. */
const KICK_DELAY_MS = 25;

/** The exact bytes a delivery posts (and signs). */
export function payloadOf(delivery: Pick<DueDelivery, 'id' | 'event' | 'occurredAt' | 'recordType' | 'recordId' | 'locales'>): string {
  const payload: WebhookPayload = {
    id: delivery.id,
    event: delivery.event,
    occurredAt: new Date(delivery.occurredAt).toISOString(),
    record: { type: delivery.recordType, id: delivery.recordId, locales: delivery.locales },
  };
  return JSON.stringify(payload);
}

/**
 * Sends the webhook outbox (`webhook_delivery`). Each instance polls for due rows and claims them
 * in one short statement with FOR UPDATE SKIP LOCKED, leasing them for a try, so several instances
 * never send a delivery twice at once and a restart picks up whatever was left. A row waits while
 * an earlier one of the same webhook and record is pending (in order per record). A try that
 * gets no 2xx is retried with exponential backoff until WEBHOOK_RETRY_FOR (a day) has passed, then
 * the row is failed; a refused target (SSRF guard) fails at once.
 */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap, OnModuleDestroy, EntitySubscriberInterface {
  private readonly logger = new Logger('Webhooks');
  private readonly sender: WebhookSender;
  private timer?: NodeJS.Timeout;
  private pruner?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private dueAt = Infinity;
  private stopped = false;
  private started = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.sender = new WebhookSender({ allowPrivate: config.webhooks.allowPrivate, timeoutMs: config.webhooks.timeoutMs });
    // Told of every commit, to look at once after one that queued deliveries.
    dataSource.subscribers.push(this);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const data = event.queryRunner.data as Record<string, unknown> | undefined;
    if (!data?.[QUEUED_DELIVERIES]) return;
    delete data[QUEUED_DELIVERIES];
    this.kick();
  }

  onApplicationBootstrap(): void {
    // WEBHOOK_DELIVERY=false: this instance queues deliveries and leaves the sending to the others.
    if (!this.config.webhooks.deliver) return;
    this.started = true;
    if (this.config.webhooks.allowPrivate) this.logger.warn('WEBHOOK_ALLOW_PRIVATE=true: webhooks may call private, loopback and link-local addresses');
    this.schedule(0);
    this.pruner = setInterval(() => void this.prune(), PRUNE_EVERY_MS);
    this.pruner.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pruner);
    const index = this.dataSource.subscribers.indexOf(this);
    if (index >= 0) this.dataSource.subscribers.splice(index, 1);
    await this.running;
    this.sender.close();
  }

  /**
   * Looks for due deliveries soon rather than at the next poll: after KICK_DELAY_MS, so that the
   * deliveries of writes committed close together are claimed and recorded in one statement each.
   */
  kick(): void {
    if (this.started) this.schedule(KICK_DELAY_MS);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.running) {
      if (delayMs <= KICK_DELAY_MS) this.again = true;
      return;
    }
    // A run already due sooner stays as it is.
    if (this.timer && this.dueAt <= Date.now() + delayMs) return;
    clearTimeout(this.timer);
    this.dueAt = Date.now() + delayMs;
    this.timer = setTimeout(() => void this.run(), delayMs);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    this.dueAt = Infinity;
    this.again = false;
    this.running = this.drain().catch((error: unknown) => this.logger.error(`Webhook outbox: ${error instanceof Error ? error.message : String(error)}`));
    await this.running;
    this.running = undefined;
    this.schedule(this.again ? KICK_DELAY_MS : this.config.webhooks.pollMs);
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const due = await this.claim();
      if (due.length === 0) return;
      const outcomes = await Promise.all(due.map((delivery) => this.send(delivery)));
      await this.record(due, outcomes);
      // A short batch took every due row but those it held back (a later delivery of a record it
      // sent); what a write queues meanwhile kicks another run.
      if (due.length < BATCH && !due.some((delivery) => delivery.holdsBack)) return;
    }
  }

  /** One statement: due rows no other worker holds and no earlier pending row of their record holds back, leased for a try. */
  private async claim(): Promise<DueDelivery[]> {
    const leaseSeconds = Math.ceil(this.config.webhooks.timeoutMs / 1000) + 30;
    const [rows] = (await this.dataSource.query(
      `WITH due AS (
         SELECT d.id FROM "webhook_delivery" d
         WHERE d."deliveredAt" IS NULL AND d."failedAt" IS NULL AND d."nextAttemptAt" <= now()
           AND NOT EXISTS (
             SELECT 1 FROM "webhook_delivery" e
             WHERE e."webhookId" = d."webhookId" AND e."recordType" = d."recordType" AND e."recordId" = d."recordId"
               AND e.id < d.id AND e."deliveredAt" IS NULL AND e."failedAt" IS NULL)
         ORDER BY d."nextAttemptAt", d.id LIMIT $2 FOR UPDATE OF d SKIP LOCKED)
       UPDATE "webhook_delivery" d
       SET "attempts" = d."attempts" + 1, "nextAttemptAt" = now() + make_interval(secs => $1), "lastAttemptAt" = now()
       FROM due, "webhook" w WHERE d.id = due.id AND w.id = d."webhookId"
       RETURNING d.id, d."webhookId", d."event", d."recordType", d."recordId", d."locales", d."occurredAt", d."attempts",
         extract(epoch FROM now() - d."createdAt")::float8 AS "ageSeconds", w."url", w."secret",
         EXISTS (
           SELECT 1 FROM "webhook_delivery" e
           WHERE e."webhookId" = d."webhookId" AND e."recordType" = d."recordType" AND e."recordId" = d."recordId"
             AND e.id > d.id AND e."deliveredAt" IS NULL AND e."failedAt" IS NULL) AS "holdsBack"`,
      [leaseSeconds, BATCH],
    )) as [DueDelivery[], number];
    return rows.sort((a, b) => a.id - b.id);
  }

  private send(delivery: DueDelivery): Promise<SendOutcome> {
    const body = payloadOf(delivery);
    return this.sender.post(delivery.url, body, {
      'x-webhook-event': delivery.event,
      'x-webhook-delivery': String(delivery.id),
      'x-signature': signature(delivery.secret, body),
    });
  }

  /**
   * Writes how each try went, in one statement. Should it fail, the lease runs out and the rows
   * are sent again (at least once, never lost).
   */
  private async record(due: DueDelivery[], outcomes: SendOutcome[]): Promise<void> {
    const { retryBaseMs, retryForSeconds } = this.config.webhooks;
    const rows = due.map((delivery, index) => {
      const outcome = outcomes[index];
      // Exponential backoff with jitter, so that retries from many instances spread out.
      const waitSeconds = (Math.min(MAX_BACKOFF_MS, retryBaseMs * 2 ** (delivery.attempts - 1)) * (0.8 + Math.random() * 0.4)) / 1000;
      const failed = !outcome.delivered && (outcome.permanent || delivery.ageSeconds + waitSeconds > retryForSeconds);
      const what = `Webhook ${delivery.webhookId} delivery ${delivery.id} (${delivery.event}, try ${delivery.attempts}) to ${delivery.url}`;
      const answer = `${outcome.status ?? 'no answer'}${outcome.body ? `: ${outcome.body.slice(0, 200)}` : ''}`;
      if (outcome.delivered) this.logger.debug(`${what}: ${answer}`);
      else if (failed) this.logger.warn(`${what} failed for good: ${outcome.error ?? answer}`);
      else this.logger.warn(`${what} not delivered, retrying in ${Math.round(waitSeconds)} s: ${outcome.error ?? answer}`);
      return { id: delivery.id, outcome, failed, waitSeconds };
    });
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.dataSource.query(
          `UPDATE "webhook_delivery" d SET
             "deliveredAt" = CASE WHEN o.delivered THEN now() END,
             "failedAt" = CASE WHEN o.failed THEN now() END,
             "nextAttemptAt" = CASE WHEN o.delivered OR o.failed THEN d."nextAttemptAt" ELSE now() + make_interval(secs => o.wait) END,
             "responseStatus" = o.status, "responseBody" = o.body, "error" = o.error, "durationMs" = o.ms
           FROM unnest($1::int[], $2::bool[], $3::bool[], $4::float8[], $5::int[], $6::text[], $7::text[], $8::int[])
             AS o(id, delivered, failed, wait, status, body, error, ms)
           WHERE d.id = o.id`,
          [
            rows.map((row) => row.id),
            rows.map((row) => row.outcome.delivered),
            rows.map((row) => row.failed),
            rows.map((row) => row.waitSeconds),
            rows.map((row) => row.outcome.status),
            rows.map((row) => row.outcome.body),
            rows.map((row) => row.outcome.error?.slice(0, 1000) ?? null),
            rows.map((row) => row.outcome.durationMs),
          ],
        );
        return;
      } catch (error) {
        if (attempt >= 3) {
          this.logger.error(`Could not record ${rows.length} webhook deliveries: ${error instanceof Error ? error.message : String(error)}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  /** Drops finished deliveries older than WEBHOOK_KEEP_DAYS, and beyond the newest DELIVERIES_KEPT_PER_WEBHOOK of each webhook. */
  async prune(): Promise<number> {
    try {
      const [, byAge] = (await this.dataSource.query(
        `DELETE FROM "webhook_delivery" WHERE ("deliveredAt" IS NOT NULL OR "failedAt" IS NOT NULL) AND "createdAt" < now() - make_interval(days => $1)`,
        [this.config.webhooks.keepDays],
      )) as [unknown, number];
      const [, byCount] = (await this.dataSource.query(
        `DELETE FROM "webhook_delivery" d USING (
           SELECT id FROM (
             SELECT id, row_number() OVER (PARTITION BY "webhookId" ORDER BY id DESC) AS n
             FROM "webhook_delivery" WHERE "deliveredAt" IS NOT NULL OR "failedAt" IS NOT NULL) ranked
           WHERE n > $1) old
         WHERE d.id = old.id`,
        [DELIVERIES_KEPT_PER_WEBHOOK],
      )) as [unknown, number];
      return byAge + byCount;
    } catch (error) {
      this.logger.error(`Pruning the webhook delivery log: ${error instanceof Error ? error.message : String(error)}`);
      return 0;
    }
  }
}

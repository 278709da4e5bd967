import type { WebhookEvent, WebhookRecordType } from '@cms/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface WebhookEventRecord {
  event: WebhookEvent;
  recordType: Exclude<WebhookRecordType, 'webhook'>;
  recordId: number;
  /** The locales the event concerns (none for records without locales). */
  locales?: readonly string[];
}

/** Set on a transaction's query runner when it queued deliveries: the worker looks at once after the commit. */
export const QUEUED_DELIVERIES = 'webhookDeliveriesQueued';

/**
 * Queues the deliveries of what a write did, in the write's own transaction: they exist if and
 * only if the write committed. One INSERT … SELECT whatever the number of events and webhooks,
 * and no HTTP in the request: the worker (WebhookWorker) sends them.
 */
@Injectable()
export class WebhookEventsService {
  async emit(manager: EntityManager, events: readonly WebhookEventRecord[]): Promise<void> {
    if (events.length === 0) return;
    const [{ queued }] = (await manager.query(
      `WITH queued AS (
         INSERT INTO "webhook_delivery" ("webhookId", "event", "recordType", "recordId", "locales")
         SELECT w.id, e.event, e.type, e.id, string_to_array(e.locales, ',')
         FROM unnest($1::text[], $2::text[], $3::int[], $4::text[]) WITH ORDINALITY AS e(event, type, id, locales, n)
         JOIN "webhook" w ON w.enabled AND e.event = ANY (w.events)
         ORDER BY e.n, w.id
         RETURNING 1)
       SELECT count(*)::int AS queued FROM queued`,
      [events.map((e) => e.event), events.map((e) => e.recordType), events.map((e) => e.recordId), events.map((e) => (e.locales ?? []).join(','))],
    )) as { queued: number }[];
    if (queued > 0 && manager.queryRunner) manager.queryRunner.data[QUEUED_DELIVERIES] = true;
  }
}

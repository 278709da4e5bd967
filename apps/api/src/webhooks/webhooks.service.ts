import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, type WebhookDeliveryEvent, type WebhookEvent, type WebhookRecordType } from '@cms/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { InputErrors } from '../common/http/input-errors';
import { intFilter, oneOfFilter, parseListQuery, type ListPage, type ListSpec, type RawListQuery } from '../common/http/list-query';
import type { CreateWebhookDto, UpdateWebhookDto, WebhookDeliveryDto, WebhookDto } from './dto/webhook.dto';
import { webhookUrlProblem } from './webhook-url';
import { WebhookWorker } from './webhook-worker';

interface WebhookRow {
  id: number;
  url: string;
  events: string[];
  secret: string;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

interface DeliveryRow {
  id: number;
  webhookId: number;
  event: WebhookDeliveryEvent;
  recordType: WebhookRecordType;
  recordId: number;
  locales: string[];
  occurredAt: Date;
  createdAt: Date;
  attempts: number;
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
  failedAt: Date | null;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number | null;
}

const iso = (time: Date | null) => (time === null ? null : new Date(time).toISOString());

function toDto(row: WebhookRow): WebhookDto {
  // In the table's order, whatever order they were sent in.
  const events = WEBHOOK_EVENTS.filter((event) => row.events.includes(event));
  return {
    id: row.id,
    url: row.url,
    events,
    enabled: row.enabled,
    secretHint: `…${row.secret.slice(-4)}`,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

function toDeliveryDto(row: DeliveryRow): WebhookDeliveryDto {
  const status = row.deliveredAt ? 'delivered' : row.failedAt ? 'failed' : 'pending';
  return {
    id: row.id,
    webhookId: row.webhookId,
    event: row.event,
    record: { type: row.recordType, id: row.recordId, locales: row.locales },
    status,
    occurredAt: new Date(row.occurredAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
    attempts: row.attempts,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: status === 'pending' ? iso(row.nextAttemptAt) : null,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    error: row.error,
    durationMs: row.durationMs,
  };
}

const WEBHOOK_LIST: ListSpec<never> = {
  resource: 'webhooks',
  sortable: { id: 'w.id', url: 'w.url', enabled: 'w.enabled', createdAt: 'w."createdAt"', updatedAt: 'w."updatedAt"' },
  defaultSort: ['id', 'ASC'],
  filters: { id: intFilter('w.id') },
};

const DELIVERY_LIST: ListSpec<never> = {
  resource: 'deliveries',
  sortable: { id: 'd.id', createdAt: 'd."createdAt"' },
  defaultSort: ['id', 'DESC'],
  filters: { status: oneOfFilter('status', ['pending', 'delivered', 'failed']), event: oneOfFilter('d.event', [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT]) },
  maxPageSize: 200,
};

const STATUS_SQL: Record<string, string> = {
  pending: `d."deliveredAt" IS NULL AND d."failedAt" IS NULL`,
  delivered: `d."deliveredAt" IS NOT NULL`,
  failed: `d."failedAt" IS NOT NULL`,
};

/** Staff's webhooks (WebhooksController): their records, their delivery log, a test and a second try of a delivery. */
@Injectable()
export class WebhooksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly worker: WebhookWorker,
  ) {}

  async list(raw: RawListQuery): Promise<ListPage<WebhookDto>> {
    const query = parseListQuery(raw, WEBHOOK_LIST);
    const where: string[] = [];
    const values: unknown[] = [];
    const ids = query.filter.id;
    if (ids !== undefined) {
      values.push(Array.isArray(ids) ? ids : [ids]);
      where.push(`w.id = ANY($${values.length}::int[])`);
    }
    const condition = where.length ? `WHERE ${where.join(' AND ')}` : '';
    values.push(query.range.start, query.range.end - query.range.start + 1);
    const rows: (WebhookRow & { total: number })[] = await this.dataSource.query(
      `SELECT w.*, count(*) OVER ()::int AS total FROM "webhook" w ${condition}
       ORDER BY ${query.sort.column} ${query.sort.order}, w.id ${query.sort.order} OFFSET $${values.length - 1} LIMIT $${values.length}`,
      values,
    );
    const total = rows[0]?.total ?? (query.range.start > 0 ? await this.count(condition, values.slice(0, -2)) : 0);
    return { items: rows.map(toDto), total, start: query.range.start };
  }

  private async count(condition: string, values: unknown[]): Promise<number> {
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM "webhook" w ${condition}`, values);
    return total;
  }

  async get(id: number): Promise<WebhookDto> {
    return toDto(await this.find(this.dataSource.manager, id));
  }

  private async find(manager: EntityManager, id: number, lock = false): Promise<WebhookRow> {
    const [row] = await manager.query(`SELECT * FROM "webhook" WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    if (!row) throw new NotFoundException(`No webhook ${id}`);
    return row;
  }

  private checkUrl(url: string | undefined): void {
    if (url === undefined) return;
    const problem = webhookUrlProblem(url);
    if (problem) InputErrors.fail('url', problem);
  }

  async create(body: CreateWebhookDto): Promise<WebhookDto> {
    this.checkUrl(body.url);
    const [row] = await this.dataSource.query(`INSERT INTO "webhook" ("url", "events", "secret", "enabled") VALUES ($1, $2, $3, $4) RETURNING *`, [
      body.url,
      [...new Set(body.events)],
      body.secret,
      body.enabled ?? true,
    ]);
    return toDto(row);
  }

  async update(id: number, body: UpdateWebhookDto): Promise<WebhookDto> {
    this.checkUrl(body.url);
    return this.dataSource.transaction(async (manager) => {
      const current = await this.find(manager, id, true);
      // An UPDATE answers [rows, count].
      const [[row]] = await manager.query(
        `UPDATE "webhook" SET "url" = $2, "events" = $3, "secret" = $4, "enabled" = $5, "updatedAt" = now() WHERE id = $1 RETURNING *`,
        [
          id,
          body.url ?? current.url,
          body.events ? [...new Set<WebhookEvent>(body.events)] : current.events,
          body.secret ?? current.secret,
          body.enabled ?? current.enabled,
        ],
      );
      return toDto(row);
    });
  }

  /** Deletes the webhook with its delivery log; deliveries still pending are dropped. */
  async remove(id: number): Promise<WebhookDto> {
    return this.dataSource.transaction(async (manager) => {
      const current = await this.find(manager, id, true);
      await manager.query(`DELETE FROM "webhook" WHERE id = $1`, [id]);
      return toDto(current);
    });
  }

  async deliveries(webhookId: number, raw: RawListQuery): Promise<ListPage<WebhookDeliveryDto>> {
    await this.find(this.dataSource.manager, webhookId);
    const query = parseListQuery(raw, DELIVERY_LIST);
    const values: unknown[] = [webhookId];
    const where = [`d."webhookId" = $1`];
    const statuses = query.filter.status;
    if (statuses !== undefined)
      where.push(`(${(Array.isArray(statuses) ? statuses : [statuses]).map((s) => STATUS_SQL[s as string]).join(' OR ') || 'false'})`);
    const events = query.filter.event;
    if (events !== undefined) {
      values.push(Array.isArray(events) ? events : [events]);
      where.push(`d.event = ANY($${values.length}::text[])`);
    }
    const condition = where.join(' AND ');
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM "webhook_delivery" d WHERE ${condition}`, values);
    values.push(query.range.start, query.range.end - query.range.start + 1);
    const rows: DeliveryRow[] = await this.dataSource.query(
      `SELECT d.* FROM "webhook_delivery" d WHERE ${condition}
       ORDER BY ${query.sort.column} ${query.sort.order}, d.id ${query.sort.order} OFFSET $${values.length - 1} LIMIT $${values.length}`,
      values,
    );
    return { items: rows.map(toDeliveryDto), total, start: query.range.start };
  }

  /** Queues a test delivery (whatever the webhook listens to, enabled or not) and sends it soon. */
  async test(id: number): Promise<WebhookDeliveryDto> {
    await this.find(this.dataSource.manager, id);
    const [row] = await this.dataSource.query(
      `INSERT INTO "webhook_delivery" ("webhookId", "event", "recordType", "recordId", "locales") VALUES ($1, $2, 'webhook', $1, '{}') RETURNING *`,
      [id, WEBHOOK_TEST_EVENT],
    );
    this.worker.kick();
    return toDeliveryDto(row);
  }

  /**
   * "Send again": a new delivery of the same event, record and time (a new id, so that receivers
   * that drop ids they have seen take it), after the record's deliveries already pending.
   */
  async redeliver(deliveryId: number): Promise<WebhookDeliveryDto> {
    const [row] = await this.dataSource.query(
      `INSERT INTO "webhook_delivery" ("webhookId", "event", "recordType", "recordId", "locales", "occurredAt")
       SELECT "webhookId", "event", "recordType", "recordId", "locales", "occurredAt" FROM "webhook_delivery" WHERE id = $1
       RETURNING *`,
      [deliveryId],
    );
    if (!row) throw new NotFoundException(`No webhook delivery ${deliveryId}`);
    this.worker.kick();
    return toDeliveryDto(row);
  }
}

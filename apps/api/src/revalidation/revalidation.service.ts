import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** What to purge from the public pages' caches: everything, or some paths in some locales. */
export type RevalidationEvent = { scope: 'all' } | { scope: 'paths'; paths: string[]; locales: string[] };

const CHANNEL = 'cms_revalidate';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; a longer list becomes "all". */
const MAX_PAYLOAD = 7900;

/**
 * The bus of cache purges. Writes that change what a public page shows emit here; page caches
 * (the API's page cache, the site's rendered pages) subscribe. On a PostgreSQL server every event
 * is also broadcast with NOTIFY and received with LISTEN, so every instance purges; the embedded
 * database serves a single process, where the local bus is all there is.
 */
@Injectable()
export class RevalidationService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RevalidationService.name);
  private readonly bus = new EventEmitter();
  private readonly instanceId = randomUUID();
  private listener?: Client;
  private stopped = false;
  private retry?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.bus.setMaxListeners(50);
  }

  emit(event: RevalidationEvent): void {
    this.logger.log(event.scope === 'all' ? 'Revalidating every page' : `Revalidating ${event.paths.length} path(s)`);
    this.bus.emit('revalidate', event);
    if (this.config.databaseUrl) void this.broadcast(event);
  }

  subscribe(listener: (event: RevalidationEvent) => void): () => void {
    this.bus.on('revalidate', listener);
    return () => this.bus.off('revalidate', listener);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.databaseUrl) await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    this.bus.removeAllListeners();
    await this.listener?.end().catch(() => undefined);
  }

  private async broadcast(event: RevalidationEvent): Promise<void> {
    let payload = JSON.stringify({ origin: this.instanceId, event });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ origin: this.instanceId, event: { scope: 'all' } });
    try {
      await this.dataSource.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    } catch (error) {
      this.logger.error(`Could not broadcast a revalidation: ${(error as Error).message}`);
    }
  }

  /** A dedicated connection that LISTENs; it reconnects after a failure and then purges all. */
  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.config.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { origin, event } = JSON.parse(message.payload) as { origin: string; event: RevalidationEvent };
        if (origin !== this.instanceId) this.bus.emit('revalidate', event);
      } catch {
        this.logger.warn('Ignored a malformed revalidation notification');
      }
    });
    client.on('error', (error) => {
      this.logger.warn(`Revalidation listener lost its connection: ${error.message}`);
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.listener = client;
    } catch (error) {
      this.logger.warn(`Revalidation listener could not connect: ${(error as Error).message}`);
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      // Events may have been missed while disconnected.
      this.bus.emit('revalidate', { scope: 'all' } satisfies RevalidationEvent);
      void this.listen();
    }, 2000);
    this.retry.unref();
  }
}

import { INSTANCE_EVENTS_CHANNEL, type InstanceEventMessage } from '@cms/contracts';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

const CHANNEL = INSTANCE_EVENTS_CHANNEL;
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_EVENT_PAYLOAD = 7800;
const RECONNECT_MS = 2000;

/**
 * Events that every instance of the API must see: cache purges and invalidations. An event is
 * delivered at once to this process's subscribers and, on a PostgreSQL server, broadcast with
 * NOTIFY on one channel and received by the others over a dedicated LISTEN connection (standalone
 * site processes listen to its purges too). The embedded database serves a single process, where
 * the local delivery is all there is.
 *
 * A cache that relies on these events asks `reliable()` before keeping anything: while the LISTEN
 * connection is down, events from other instances may be missed, so nothing should be kept; when
 * it is lost and again when it comes back, `onResync` subscribers drop what they hold.
 */
@Injectable()
export class InstanceEventsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(InstanceEventsService.name);
  private readonly bus = new EventEmitter();
  private readonly instanceId = randomUUID();
  private listener?: Client;
  private listening = false;
  private stopped = false;
  private retry?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.bus.setMaxListeners(100);
  }

  /** Whether every instance's events reach this one now (always, on the embedded database). */
  reliable(): boolean {
    return !this.config.databaseUrl || this.listening;
  }

  /**
   * Delivers `payload` to this process's subscribers of `topic` now, then to the other
   * instances'. A payload too large for NOTIFY is sent as `oversized`, which subscribers must
   * treat as "everything changed".
   */
  publish<T>(topic: string, payload: T, oversized: T): void {
    this.bus.emit(topic, payload);
    if (!this.config.databaseUrl) return;
    let message = JSON.stringify({ origin: this.instanceId, topic, payload } satisfies InstanceEventMessage<T>);
    if (Buffer.byteLength(message) > MAX_EVENT_PAYLOAD)
      message = JSON.stringify({ origin: this.instanceId, topic, payload: oversized } satisfies InstanceEventMessage<T>);
    this.dataSource.query('SELECT pg_notify($1, $2)', [CHANNEL, message]).catch((error: Error) => {
      this.logger.error(`Could not broadcast a ${topic} event: ${error.message}`);
    });
  }

  subscribe<T>(topic: string, listener: (payload: T) => void): () => void {
    this.bus.on(topic, listener);
    return () => this.bus.off(topic, listener);
  }

  /** Called when the broadcast is interrupted and once it is back: events may have been missed. */
  onResync(listener: () => void): () => void {
    return this.subscribe('resync', listener);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.databaseUrl) await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    clearTimeout(this.retry);
    this.bus.removeAllListeners();
    await this.listener?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.config.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { origin, topic, payload } = JSON.parse(message.payload) as InstanceEventMessage;
        if (origin !== this.instanceId && typeof topic === 'string' && topic !== 'resync') this.bus.emit(topic, payload);
      } catch {
        this.logger.warn('Ignored a malformed instance event');
      }
    });
    client.on('error', (error) => {
      this.listening = false;
      this.logger.warn(`The instance-event listener lost its connection: ${error.message}`);
      // Events may already have been missed: what was kept goes now, and again once back.
      this.bus.emit('resync');
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.listener = client;
      this.listening = true;
    } catch (error) {
      this.logger.warn(`The instance-event listener could not connect: ${(error as Error).message}`);
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.listen().then(() => {
        if (this.listening) this.bus.emit('resync');
      });
    }, RECONNECT_MS);
    this.retry.unref();
  }
}

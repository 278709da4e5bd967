import { Module } from '@nestjs/common';
import { WebhookEventsService } from './webhook-events.service';
import { WebhookWorker } from './webhook-worker';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/** Webhooks: their records, the events writes queue (WebhookEventsService, exported), the worker that sends them. */
@Module({ controllers: [WebhooksController], providers: [WebhooksService, WebhookWorker, WebhookEventsService], exports: [WebhookEventsService] })
export class WebhooksModule {}

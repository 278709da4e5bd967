import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ImageBudget } from './image-budget';
import { MediasController } from './medias.controller';
import { MediasService } from './medias.service';

@Module({ imports: [StorageModule, WebhooksModule], controllers: [MediasController], providers: [MediasService, ImageBudget], exports: [ImageBudget] })
export class MediasModule {}

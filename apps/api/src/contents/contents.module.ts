import { Module } from '@nestjs/common';
import { PagePartsModule } from '../page-parts/page-parts.module';
import { SlugsModule } from '../slugs/slugs.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ContentFieldsService } from './content-fields.service';
import { ContentListCache } from './content-list-cache';
import { ContentsController } from './contents.controller';
import { ContentsService } from './contents.service';
import { ContentsBulkService } from './contents-bulk.service';
import { ContentsBulkActionsService } from './contents-bulk-actions.service';
import { ContentsExportService } from './contents-export.service';
import { ContentPublishingService } from './content-publishing.service';
import { ContentVersions } from './content-versions';
import { versionsController } from '../versions/versions.controller';
import { TranslationsController } from './translations/translations.controller';
import { TranslationsService } from './translations/translations.service';

@Module({
  imports: [SlugsModule, PagePartsModule, WebhooksModule],
  controllers: [ContentsController, TranslationsController, versionsController('contents', ContentVersions, 'content')],
  providers: [
    ContentsService,
    ContentsBulkService,
    ContentsBulkActionsService,
    ContentsExportService,
    TranslationsService,
    ContentFieldsService,
    ContentListCache,
    ContentPublishingService,
    ContentVersions,
  ],
  exports: [ContentsService, ContentFieldsService, ContentPublishingService],
})
export class ContentsModule {}

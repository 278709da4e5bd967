import { Module } from '@nestjs/common';
import { PagePartsModule } from '../page-parts/page-parts.module';
import { SlugsModule } from '../slugs/slugs.module';
import { ContentFieldsService } from './content-fields.service';
import { ContentListCache } from './content-list-cache';
import { ContentsController } from './contents.controller';
import { ContentsService } from './contents.service';
import { ContentPublishingService } from './content-publishing.service';
import { ContentVersions } from './content-versions';
import { versionsController } from '../versions/versions.controller';

@Module({
  imports: [SlugsModule, PagePartsModule],
  controllers: [ContentsController, versionsController('contents', ContentVersions, 'content')],
  providers: [ContentsService, ContentFieldsService, ContentListCache, ContentPublishingService, ContentVersions],
  exports: [ContentsService, ContentFieldsService, ContentPublishingService],
})
export class ContentsModule {}

import { Module } from '@nestjs/common';
import { PagePartsModule } from '../page-parts/page-parts.module';
import { SlugsModule } from '../slugs/slugs.module';
import { ContentFieldsService } from './content-fields.service';
import { ContentListCache } from './content-list-cache';
import { ContentsController } from './contents.controller';
import { ContentsService } from './contents.service';

@Module({
  imports: [SlugsModule, PagePartsModule],
  controllers: [ContentsController],
  providers: [ContentsService, ContentFieldsService, ContentListCache],
  exports: [ContentsService, ContentFieldsService],
})
export class ContentsModule {}

import { Module } from '@nestjs/common';
import { AccessesModule } from '../accesses/accesses.module';
import { MetadataModule } from '../metadata/metadata.module';
import { SectionsModule } from '../sections/sections.module';
import { SlugsModule } from '../slugs/slugs.module';
import { ContentFieldsService } from './content-fields.service';
import { ContentListCache } from './content-list-cache';
import { ContentsController } from './contents.controller';
import { ContentsService } from './contents.service';

@Module({
  imports: [SlugsModule, SectionsModule, MetadataModule, AccessesModule],
  controllers: [ContentsController],
  providers: [ContentsService, ContentFieldsService, ContentListCache],
  exports: [ContentsService, ContentFieldsService],
})
export class ContentsModule {}

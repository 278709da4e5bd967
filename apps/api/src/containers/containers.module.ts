import { Module } from '@nestjs/common';
import { AccessesModule } from '../accesses/accesses.module';
import { ContentsModule } from '../contents/contents.module';
import { MetadataModule } from '../metadata/metadata.module';
import { SectionsModule } from '../sections/sections.module';
import { PagePartsModule } from '../page-parts/page-parts.module';
import { SlugsModule } from '../slugs/slugs.module';
import { ContainersController } from './containers.controller';
import { ContainersService } from './containers.service';
import { ContainerDraftsService } from './container-drafts.service';
import { versionsController } from '../versions/versions.controller';

@Module({
  imports: [SlugsModule, SectionsModule, MetadataModule, AccessesModule, PagePartsModule, ContentsModule],
  controllers: [ContainersController, versionsController('containers', ContainerDraftsService, 'container')],
  providers: [ContainersService, ContainerDraftsService],
  exports: [ContainerDraftsService],
})
export class ContainersModule {}

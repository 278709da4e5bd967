import { Module } from '@nestjs/common';
import { AccessesModule } from '../accesses/accesses.module';
import { MetadataModule } from '../metadata/metadata.module';
import { RolesModule } from '../roles/roles.module';
import { SectionsModule } from '../sections/sections.module';
import { PagePartsService } from './page-parts.service';

/** A page's sections, metadata and accesses, written the same way for containers and contents. */
@Module({ imports: [SectionsModule, MetadataModule, AccessesModule, RolesModule], providers: [PagePartsService], exports: [PagePartsService] })
export class PagePartsModule {}

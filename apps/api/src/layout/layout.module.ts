import { Module } from '@nestjs/common';
import { SectionsModule } from '../sections/sections.module';
import { SlugsModule } from '../slugs/slugs.module';
import { LayoutController } from './layout.controller';
import { LayoutService } from './layout.service';

@Module({ imports: [SectionsModule, SlugsModule], controllers: [LayoutController], providers: [LayoutService] })
export class LayoutModule {}

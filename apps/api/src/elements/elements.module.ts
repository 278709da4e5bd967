import { Module } from '@nestjs/common';
import { SectionsModule } from '../sections/sections.module';
import { SlugsModule } from '../slugs/slugs.module';
import { ElementsController } from './elements.controller';
import { ElementsService } from './elements.service';
import { versionsController } from '../versions/versions.controller';

@Module({
  imports: [SectionsModule, SlugsModule],
  controllers: [ElementsController, versionsController('elements', ElementsService, 'element')],
  providers: [ElementsService],
})
export class ElementsModule {}

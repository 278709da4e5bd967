import { Module } from '@nestjs/common';
import { SectionsModule } from '../sections/sections.module';
import { SlugsModule } from '../slugs/slugs.module';
import { ElementsController } from './elements.controller';
import { ElementsService } from './elements.service';

@Module({ imports: [SectionsModule, SlugsModule], controllers: [ElementsController], providers: [ElementsService] })
export class ElementsModule {}

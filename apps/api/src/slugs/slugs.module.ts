import { Module } from '@nestjs/common';
import { AffectedPagesService } from './affected-pages.service';
import { SlugsController } from './slugs.controller';
import { SlugsService } from './slugs.service';

@Module({ controllers: [SlugsController], providers: [SlugsService, AffectedPagesService], exports: [SlugsService, AffectedPagesService] })
export class SlugsModule {}

import { Module } from '@nestjs/common';
import { MediaPacksController } from './media-packs.controller';
import { MediaPacksService } from './media-packs.service';

@Module({ controllers: [MediaPacksController], providers: [MediaPacksService] })
export class MediaPacksModule {}

import { Module } from '@nestjs/common';
import { MediasModule } from '../medias/medias.module';
import { StorageModule } from '../storage/storage.module';
import { UploadsController } from './uploads.controller';
import { UploadsService } from './uploads.service';
import { VariantsService } from './variants.service';

@Module({ imports: [StorageModule, MediasModule], controllers: [UploadsController], providers: [UploadsService, VariantsService] })
export class UploadsModule {}

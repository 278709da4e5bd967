import { Module } from '@nestjs/common';
import { RedirectsModule } from '../redirects/redirects.module';
import { AffectedPagesService } from './affected-pages.service';
import { SlugsController } from './slugs.controller';
import { SlugsService } from './slugs.service';

@Module({
  imports: [RedirectsModule],
  controllers: [SlugsController],
  providers: [SlugsService, AffectedPagesService],
  exports: [SlugsService, AffectedPagesService],
})
export class SlugsModule {}

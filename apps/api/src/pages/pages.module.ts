import { Module } from '@nestjs/common';
import { RedirectsModule } from '../redirects/redirects.module';
import { ContainersModule } from '../containers/containers.module';
import { ContentsModule } from '../contents/contents.module';
import { PageCache } from './page-cache';
import { PagesController } from './pages.controller';
import { PagesService } from './pages.service';

@Module({ imports: [ContentsModule, ContainersModule, RedirectsModule], controllers: [PagesController], providers: [PagesService, PageCache] })
export class PagesModule {}

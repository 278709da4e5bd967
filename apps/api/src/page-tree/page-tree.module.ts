import { Module } from '@nestjs/common';
import { ContainersModule } from '../containers/containers.module';
import { ContentsModule } from '../contents/contents.module';
import { SlugsModule } from '../slugs/slugs.module';
import { PageTreeController } from './page-tree.controller';
import { PageTreeService } from './page-tree.service';

/** The Pages tree: GET /api/slugs/tree and POST /api/slugs/{id}/move. */
@Module({ imports: [SlugsModule, ContentsModule, ContainersModule], controllers: [PageTreeController], providers: [PageTreeService] })
export class PageTreeModule {}

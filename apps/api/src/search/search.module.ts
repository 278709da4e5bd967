import { Module } from '@nestjs/common';
import { ContentsModule } from '../contents/contents.module';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/** GET /api/search: the back office's command palette. */
@Module({
  imports: [ContentsModule],
  controllers: [SearchController],
  providers: [SearchService],
})
export class SearchModule {}

import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth, Public } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { setContentRange } from '../common/http/list-query';
import { ListQueryDto } from '../common/http/list-query.dto';
import { SlugDto } from './dto/slug.dto';
import { SlugsService } from './slugs.service';
import { QueryDto } from '../common/http/query-params';

@ApiTags('slugs')
@Controller('slugs')
export class SlugsController {
  constructor(private readonly slugs: SlugsService) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: 'Page addresses',
    description:
      'Public: published slugs of the pages the caller may open (anonymously: pages without accesses). With a token holding VIEW_CONTENT: every slug. ra-data-simple-rest dialect (sort by id, full, basic, updatedAt, published; ' +
      'filter by id, parentId, containerId, contentId, published, q); without `range`, the first 10,000. The total is in Content-Range.',
  })
  @ApiOkResponse({ type: SlugDto, isArray: true })
  async list(@CurrentAuth() auth: AuthContext | undefined, @QueryDto() query: ListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<SlugDto[]> {
    const page = await this.slugs.list(query, auth);
    setContentRange(res, 'slugs', page.start, page.items.length, page.total);
    return page.items;
  }
}

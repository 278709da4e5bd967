import type { Lang } from '@cms/contracts';
import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiExtraModels, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth, Public } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { LocalePipe } from '../common/http/params';
import { PageContentRefDto, PageFieldDefinitionDto, PageFormDto, PageMediaDto, PageQueryDto, PageResponseDto } from './dto/page.dto';
import { PagesService } from './pages.service';

@ApiTags('pages')
@Controller('pages')
@ApiExtraModels(PageMediaDto, PageFormDto, PageContentRefDto, PageFieldDefinitionDto)
export class PagesController {
  constructor(private readonly pages: PagesService) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: 'Everything the site needs to render one page',
    description:
      'The container or content whose slug is `path` (`/` is the home page: the page whose slug is empty at the root), with its fields and sections in the locale ' +
      '(falling back to en), placed elements, forms, media, listed and referenced contents, the layout, metadata, theme, accesses and the alternate paths. ' +
      'Unpublished or unknown paths answer 404. A guarded page (its accesses, or for a content without any its container’s) answers 401 without a token, and 404, ' +
      'as a missing page, when the role is not among them (super-admin always passes). Listed and referenced contents are only those the caller could read as pages ' +
      '(the same rule); an answer to a caller with a token is `Cache-Control: private, no-store`. A constant number of queries, whatever the page holds.',
  })
  @ApiOkResponse({ type: PageResponseDto })
  @ApiNotFoundResponse({ description: 'No published page at this path that the role may read' })
  @ApiUnauthorizedResponse({ description: 'The page is guarded: send a token' })
  async read(
    @Query() query: PageQueryDto,
    @Query('locale', LocalePipe) locale: Lang,
    @CurrentAuth() auth: AuthContext | undefined,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const { body, guarded, personal } = await this.pages.read(query.path, locale, auth, query.page ?? 1);
    // A guarded page, or a page as one role sees it (its listings and references), must not be kept by shared caches.
    if (guarded || personal) res.header('Cache-Control', 'private, no-store');
    await res.type('application/json; charset=utf-8').send(body);
  }
}

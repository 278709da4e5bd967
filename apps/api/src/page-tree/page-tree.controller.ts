import { type Lang, PAGE_TREE_SORTS } from '@cms/contracts';
import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth, RequireRights } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { setContentRange } from '../common/http/list-query';
import { IdPipe, LocalePipe, type RawQuery } from '../common/http/params';
import { QueryParam } from '../common/http/query-params';
import { PageMoveDto, PageTreeNodeDto } from './page-tree.dto';
import { MAX_TREE_PAGE, PageTreeService, parseTreeQuery } from './page-tree.service';

const LOCALE_QUERY = { name: 'locale', required: false, enum: ['en', 'fr', 'tr', 'es', 'it'], description: 'The locale of the addresses (default en)' };

@ApiTags('slugs')
@Controller('slugs')
export class PageTreeController {
  constructor(private readonly tree: PageTreeService) {}

  @Get('tree')
  @RequireRights('pages', 'list')
  @ApiOperation({
    summary: 'The site as a tree of pages, one level at a time',
    description:
      'The pages right under `parentId` (absent: the top level, the home page first), each with its title, address, state and number of children; ' +
      `or, with \`q\`, the pages of the whole tree whose title or address holds the text. Paged by \`range\` (at most ${MAX_TREE_PAGE}), the total in Content-Range. ` +
      'Every bad value is a 400 naming its key.',
  })
  @ApiQuery({ name: 'parentId', required: false, type: Number, description: 'The slug id of the page whose children are listed' })
  @ApiQuery({ name: 'slugId', required: false, type: Number, description: 'One page by its slug id (a list of one, or none)' })
  @ApiQuery({ name: 'q', required: false, type: String, description: 'Text searched in titles and addresses across the whole tree (not with parentId)' })
  @ApiQuery({ name: 'sort', required: false, enum: PAGE_TREE_SORTS, description: 'title (default) or path' })
  @ApiQuery({
    name: 'range',
    required: false,
    type: String,
    example: '[0,49]',
    description: `The first and last index of the page (default [0,49], at most ${MAX_TREE_PAGE})`,
  })
  @ApiQuery({ name: 'notUnder', required: false, type: Number, description: 'Leaves out this page and every page under it (where a page may move)' })
  @ApiQuery(LOCALE_QUERY)
  @ApiOkResponse({ type: PageTreeNodeDto, isArray: true })
  @ApiBadRequestResponse({ description: 'A bad query value: `errors` names its key' })
  async level(
    @QueryParam('parentId') parentId: RawQuery<unknown>,
    @QueryParam('slugId') slugId: RawQuery<unknown>,
    @QueryParam('q') q: RawQuery<unknown>,
    @QueryParam('sort') sort: RawQuery<unknown>,
    @QueryParam('range') range: RawQuery<unknown>,
    @QueryParam('notUnder') notUnder: RawQuery<unknown>,
    @QueryParam('locale', LocalePipe) locale: Lang,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<PageTreeNodeDto[]> {
    const page = await this.tree.level(parseTreeQuery({ parentId, slugId, q, sort, range, notUnder }, locale));
    setContentRange(res, 'pages', page.start, page.items.length, page.total);
    return page.items;
  }

  @Post(':id/move')
  @HttpCode(200)
  @RequireRights('pages', 'edit')
  @ApiOperation({
    summary: 'Move a page under another, or to the top level',
    description:
      'Applies at once (a drafts container’s content too: the draft follows). Asks UPDATE_CONTENT for a content’s page, UPDATE_CONTAINER for a container’s. ' +
      'The pages under it move with it (their paths recomputed); the pages whose addresses changed are purged; a version of the container or content is kept. ' +
      'Answers the page in its new place (only `{ slugId }` to a caller without VIEW_CONTENT).',
  })
  @ApiQuery(LOCALE_QUERY)
  @ApiOkResponse({ type: PageTreeNodeDto })
  @ApiBadRequestResponse({ description: '`parentId` is missing, not a page, the page itself or one under it' })
  @ApiConflictResponse({ description: 'The page’s or a page under it’s new path is another page’s: the message names the path' })
  @ApiNotFoundResponse({ description: 'No such page' })
  move(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @Body() body: PageMoveDto,
    @QueryParam('locale', LocalePipe) locale: Lang,
  ): Promise<PageTreeNodeDto | Pick<PageTreeNodeDto, 'slugId'>> {
    return this.tree.move(auth, id, body.parentId, locale);
  }
}

import { type Lang, LANGS } from '@cms/contracts';
import { Body, Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth, RequireRights } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { setContentRange } from '../common/http/list-query';
import { IdPipe, LocalePipe } from '../common/http/params';
import { ContentsService } from './contents.service';
import { ContentDto, ContentListQueryDto, ContentSummaryDto, CreateContentDto, UpdateContentDto } from './dto/content.dto';
import { QueryDto, QueryParam } from '../common/http/query-params';

const LOCALE_QUERY = {
  name: 'locale',
  required: false,
  enum: LANGS,
  description: 'The locale of the fields, sections and metadata read or written (default en)',
};

@ApiTags('contents')
@Controller('contents')
export class ContentsController {
  constructor(private readonly contents: ContentsService) {}

  @Get()
  @RequireRights('contents', 'list')
  @ApiOperation({
    summary: 'List contents',
    description:
      'ra-data-simple-rest dialect: sort by id, title, updatedAt (default, DESC), published, status, containerId; filter by id, containerId, published, status and q ' +
      '(full-text search of the title and the STRING, PARAGRAPH and RICHTEXT fields in the locale; every word must match, as a prefix). The total is in Content-Range.',
  })
  @ApiOkResponse({ type: ContentSummaryDto, isArray: true })
  async list(@QueryDto() query: ContentListQueryDto, @QueryParam('locale', LocalePipe) locale: Lang, @Res() res: FastifyReply): Promise<void> {
    const page = await this.contents.list(query, locale);
    setContentRange(res, 'contents', page.start, page.count, page.total);
    // The service answers the JSON text itself (fields spliced in unparsed).
    await res.type('application/json; charset=utf-8').send(page.body);
  }

  @Get(':id')
  @RequireRights('contents', 'show')
  @ApiQuery(LOCALE_QUERY)
  @ApiOkResponse({ type: ContentDto })
  get(@Param('id', IdPipe) id: number, @QueryParam('locale', LocalePipe) locale: Lang): Promise<ContentDto> {
    return this.contents.get(id, locale);
  }

  @Post()
  @RequireRights('contents', 'create')
  @ApiQuery(LOCALE_QUERY)
  @ApiCreatedResponse({ type: ContentDto })
  @ApiBadRequestResponse({ description: 'A value breaks its field’s rules: `errors` names each, e.g. `{ "fields.price": ["must be at least 0"] }`' })
  @ApiConflictResponse({ description: 'The slug makes a path another page has' })
  create(@CurrentAuth() auth: AuthContext, @Body() body: CreateContentDto, @QueryParam('locale', LocalePipe) locale: Lang): Promise<ContentDto> {
    return this.contents.create(auth, body, locale);
  }

  @Put(':id')
  @RequireRights('contents', 'edit')
  @ApiQuery(LOCALE_QUERY)
  @ApiOkResponse({ type: ContentDto })
  @ApiBadRequestResponse({ description: 'A value breaks its field’s rules; nothing is written' })
  @ApiConflictResponse({ description: 'The slug makes a path another page has; nothing is written' })
  update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateContentDto,
    @QueryParam('locale', LocalePipe) locale: Lang,
  ): Promise<ContentDto> {
    return this.contents.update(auth, id, body, locale);
  }

  @Delete(':id')
  @RequireRights('contents', 'delete')
  @ApiOkResponse({ type: ContentDto, description: 'The deleted record' })
  @ApiConflictResponse({ description: 'Other pages hang under its slug' })
  remove(@Param('id', IdPipe) id: number): Promise<ContentDto> {
    return this.contents.remove(id);
  }
}

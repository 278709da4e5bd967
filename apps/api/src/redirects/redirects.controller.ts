import { REDIRECT_IMPORT_MAX_ROWS } from '@cms/contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequireRights } from '../common/auth/access.decorators';
import { setContentRange } from '../common/http/list-query';
import { ListQueryDto } from '../common/http/list-query.dto';
import { IdPipe } from '../common/http/params';
import { QueryDto } from '../common/http/query-params';
import { RedirectBodyDto, RedirectDto, RedirectImportBodyDto, RedirectImportResultDto } from './redirect.dto';
import { RedirectsAdminService } from './redirects-admin.service';

const RULES =
  '`from`: a site address starting with / (locale prefix, none for en; a trailing slash is dropped, %-escapes decoded), at most 1,100 characters, no query string or fragment, not under /api/, /admin or /_site/ nor the sitemap or robots.txt. ' +
  '`to`: a site address starting with / or an absolute https:// URL off the site. `status`: 301 (default) or 302. ' +
  'A `to` that is another redirect’s `from` is stored as where that one leads, and redirects that led to this `from` now lead to its `to` (no chains); one that would lead back to its own `from` is a 400 "would make a loop".';

/** Staff's redirects of the public site; who may read and write them is decided in libs/rights (RESOURCE_RULES.redirects). */
@ApiTags('redirects')
@Controller('redirects')
export class RedirectsController {
  constructor(private readonly redirects: RedirectsAdminService) {}

  @Get()
  @RequireRights('redirects', 'list')
  @ApiOperation({
    description:
      'ra-data-simple-rest dialect: sort by id, from, to, status, auto, hits, lastUsedAt, createdAt, updatedAt; filter by id, status, auto, q (in from or to). Total in Content-Range.',
  })
  @ApiOkResponse({ type: RedirectDto, isArray: true })
  async list(@QueryDto() query: ListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<RedirectDto[]> {
    const page = await this.redirects.list(query);
    setContentRange(res, 'redirects', page.start, page.items.length, page.total);
    return page.items;
  }

  @Post('import')
  @HttpCode(200)
  @RequireRights('redirects', 'create')
  @ApiOperation({
    summary: 'Import redirects from a CSV file',
    description:
      `multipart/form-data with the file in "file", or a text/csv body; UTF-8, a header row \`from,to,status\` (status optional), at most ${REDIRECT_IMPORT_MAX_ROWS} rows and 2 MB. ` +
      `Each row follows the rules of one redirect (${RULES}); a row whose \`from\` has a redirect replaces it. ` +
      'One bad row and nothing is written: the 400 lists the problems by line (`lines`: "line 7: to: needs https:// for an address off the site").',
  })
  @ApiConsumes('multipart/form-data', 'text/csv')
  @ApiBody({ type: RedirectImportBodyDto })
  @ApiOkResponse({ type: RedirectImportResultDto })
  @ApiBadRequestResponse({ description: 'A bad row (listed by line), a bad header, no row, more rows than allowed, a file that is not UTF-8' })
  @ApiPayloadTooLargeResponse({ description: 'A file larger than 2 MB' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Neither multipart/form-data nor text/csv' })
  import(@Req() req: FastifyRequest): Promise<RedirectImportResultDto> {
    return this.redirects.import(req.raw);
  }

  @Get(':id')
  @RequireRights('redirects', 'show')
  @ApiOkResponse({ type: RedirectDto })
  @ApiNotFoundResponse({ description: 'No redirect with this id' })
  get(@Param('id', IdPipe) id: number): Promise<RedirectDto> {
    return this.redirects.get(id);
  }

  @Post()
  @RequireRights('redirects', 'create')
  @ApiOperation({ description: RULES })
  @ApiCreatedResponse({ type: RedirectDto })
  @ApiBadRequestResponse({ description: 'A field that breaks its rule (named in `errors`), or a redirect that would make a loop' })
  @ApiConflictResponse({ description: 'A redirect from this address exists already, or a published page lives there' })
  create(@Body() body: RedirectBodyDto): Promise<RedirectDto> {
    return this.redirects.create(body);
  }

  @Put(':id')
  @RequireRights('redirects', 'edit')
  @ApiOperation({ description: `${RULES} An edited redirect counts as made by staff (\`auto\` false).` })
  @ApiOkResponse({ type: RedirectDto })
  @ApiBadRequestResponse({ description: 'A field that breaks its rule (named in `errors`), or a redirect that would make a loop' })
  @ApiConflictResponse({ description: 'Another redirect from this address exists, or a published page lives there' })
  @ApiNotFoundResponse({ description: 'No redirect with this id' })
  update(@Param('id', IdPipe) id: number, @Body() body: RedirectBodyDto): Promise<RedirectDto> {
    return this.redirects.update(id, body);
  }

  @Delete(':id')
  @RequireRights('redirects', 'delete')
  @ApiOkResponse({ type: RedirectDto, description: 'The deleted redirect' })
  @ApiNotFoundResponse({ description: 'No redirect with this id' })
  remove(@Param('id', IdPipe) id: number): Promise<RedirectDto> {
    return this.redirects.remove(id);
  }
}

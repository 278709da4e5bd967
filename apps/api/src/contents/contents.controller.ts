import { DEFAULT_LANG, type Lang, LANGS } from '@cms/contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth, RequireRights } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { setContentRange } from '../common/http/list-query';
import { IdPipe, LocalePipe, OptionalLocalePipe } from '../common/http/params';
import { ContentsService } from './contents.service';
import { ContentDto, ContentListQueryDto, ContentPreviewDto, ContentSummaryDto, CreateContentDto, UpdateContentDto } from './dto/content.dto';
import { ContentPublishingService } from './content-publishing.service';
import { QueryDto, QueryParam } from '../common/http/query-params';
import { VERSION_ETAG_HEADER, withEtag } from '../versions/etag';
import { VersionsService } from '../versions/versions.service';

const LOCALE_QUERY = {
  name: 'locale',
  required: false,
  enum: LANGS,
  description: 'The locale of the fields, sections and metadata read or written (default en)',
};

@ApiTags('contents')
@Controller('contents')
export class ContentsController {
  constructor(
    private readonly contents: ContentsService,
    private readonly publishing: ContentPublishingService,
    private readonly versions: VersionsService,
  ) {}

  @Get()
  @RequireRights('contents', 'list')
  @ApiOperation({
    summary: 'List contents',
    description:
      'ra-data-simple-rest dialect: sort by id, title, updatedAt (default, DESC), published, status, containerId; filter by id, containerId, published, status and q ' +
      '(full-text search of the title and the STRING, PARAGRAPH and RICHTEXT fields in the locale; every word must match, as a prefix), state, and translation ' +
      '(`{"locale":"tr","status":"missing"}`: the contents whose translation status in that locale is missing, outdated or complete, see ' +
      'GET /api/contents/{id}/translations). The total is in Content-Range. Each row’s statuses: GET /api/translations?contentIds=.',
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
  @ApiOperation({
    summary: 'One content in a locale',
    description:
      'In a container with drafts, the working draft when one waits (`hasDraft`); visitors and GET /api/pages keep the live version. ' +
      'The ETag names its latest version: send it back as If-Match on a PUT to be told (409) when someone saved it in between.',
  })
  get(@Param('id', IdPipe) id: number, @QueryParam('locale', LocalePipe) locale: Lang, @Res({ passthrough: true }) res: FastifyReply): Promise<ContentDto> {
    return withEtag(res, this.versions, 'contents', id, this.contents.read(id, locale));
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
  @ApiOperation({
    summary: 'Change a content',
    description:
      'In a container with drafts, the working draft changes (checked as a live write would be) and every public read keeps the live version until ' +
      'POST /api/contents/{id}/publish; `published` cannot change there. `publishAt` and `unpublishAt` apply at once: the scheduler publishes or ' +
      'unpublishes within a minute of them, once, whatever the number of instances. With If-Match (the ETag of a GET), a PUT made after someone ' +
      'else saved the content is a 409 that names who and when (`changedBy`, `changedAt`), and nothing is written; without it, the last save wins.',
  })
  @ApiOkResponse({ headers: VERSION_ETAG_HEADER, type: ContentDto })
  @ApiBadRequestResponse({ description: 'A value breaks its field’s rules; nothing is written' })
  @ApiConflictResponse({ description: 'The slug makes a path another page has, or If-Match names a version older than the latest; nothing is written' })
  update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateContentDto,
    @QueryParam('locale', LocalePipe) locale: Lang,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ContentDto> {
    return this.contents.update(auth, id, body, locale).then((answer) => withEtag(res, this.versions, 'contents', id, Promise.resolve(answer)));
  }

  @Post(':id/publish')
  @RequireRights('contents', 'edit')
  @HttpCode(200)
  @ApiQuery({ ...LOCALE_QUERY, description: 'Publish only this locale’s fields, sections and metadata (absent: all of the draft)' })
  @ApiOperation({
    summary: 'Make the draft live',
    description:
      'The draft (all locales, or `?locale=` alone: the changes every locale shares wait for a publish of all) becomes the live version, checked as a PUT ' +
      'is; the content is published and a waiting publishAt cleared; the pages that show it are purged on every instance. Without a draft it only publishes.',
  })
  @ApiOkResponse({ type: ContentDto, description: 'The content after it, in `?locale=` (en when absent)' })
  @ApiBadRequestResponse({ description: 'The draft no longer passes its container’s rules; nothing is published' })
  @ApiConflictResponse({ description: 'The draft’s slug makes a path another page has; nothing is published' })
  publish(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @QueryParam('locale', OptionalLocalePipe) locale: Lang | undefined,
  ): Promise<ContentDto> {
    return this.publishing.publish(auth, id, locale, locale ?? DEFAULT_LANG);
  }

  @Post(':id/unpublish')
  @RequireRights('contents', 'edit')
  @HttpCode(200)
  @ApiQuery(LOCALE_QUERY)
  @ApiOperation({
    summary: 'Take the page off the site',
    description: 'The draft, if any, is kept; a waiting unpublishAt is cleared; the pages that showed it are purged.',
  })
  @ApiOkResponse({ type: ContentDto })
  unpublish(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number, @QueryParam('locale', LocalePipe) locale: Lang): Promise<ContentDto> {
    return this.publishing.unpublish(auth, id, locale);
  }

  @Post(':id/discard')
  @RequireRights('contents', 'edit')
  @HttpCode(200)
  @ApiQuery(LOCALE_QUERY)
  @ApiOperation({ summary: 'Throw the draft away', description: 'The live version, untouched, is what staff read again.' })
  @ApiOkResponse({ type: ContentDto })
  @ApiConflictResponse({ description: 'The content has no draft' })
  discard(@Param('id', IdPipe) id: number, @QueryParam('locale', LocalePipe) locale: Lang): Promise<ContentDto> {
    return this.publishing.discard(id, locale);
  }

  @Post(':id/preview')
  @RequireRights('contents', 'edit')
  @HttpCode(200)
  @ApiQuery({ ...LOCALE_QUERY, description: 'The locale the preview shows (default en)' })
  @ApiOperation({
    summary: 'A link that shows the draft on the site',
    description:
      'A URL of the public site, valid for one hour, that renders the draft with the site’s own renderer, marked "Preview, not live", noindex and never cached. ' +
      'The same path without the token shows the live page.',
  })
  @ApiOkResponse({ type: ContentPreviewDto })
  @ApiConflictResponse({ description: 'The content has no page (no slug)' })
  preview(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number, @QueryParam('locale', LocalePipe) locale: Lang): Promise<ContentPreviewDto> {
    return this.publishing.previewLink(auth, id, locale);
  }

  @Delete(':id')
  @RequireRights('contents', 'delete')
  @ApiOkResponse({ type: ContentDto, description: 'The deleted record' })
  @ApiConflictResponse({ description: 'Other pages hang under its slug' })
  remove(@Param('id', IdPipe) id: number): Promise<ContentDto> {
    return this.contents.remove(id);
  }
}

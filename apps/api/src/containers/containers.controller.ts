import { DEFAULT_LANG, type Lang, LANGS } from '@cms/contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, ParseBoolPipe, Post, Put, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth, RequireRights } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { ChoiceDto } from '../common/http/choices';
import { setContentRange } from '../common/http/list-query';
import { IdPipe, LocalePipe, OptionalLocalePipe } from '../common/http/params';
import { ContentPreviewDto } from '../contents/dto/content.dto';
import { ContainerDraftsService } from './container-drafts.service';
import { ContainersService } from './containers.service';
import { ContainerDto, ContainerListItemDto, ContainerListQueryDto, ContainerSummaryDto, CreateContainerDto, UpdateContainerDto } from './dto/container.dto';
import { QueryDto, QueryParam } from '../common/http/query-params';
import { VERSION_ETAG_HEADER, withEtag } from '../versions/etag';
import { VersionsService } from '../versions/versions.service';

const LOCALE_QUERY = { name: 'locale', required: false, enum: LANGS, description: 'The locale of the PAGE sections and metadata read or written (default en)' };

@ApiTags('containers')
@Controller('containers')
@ApiExtraModels(ContainerListItemDto, ContainerSummaryDto)
export class ContainersController {
  constructor(
    private readonly containers: ContainersService,
    private readonly drafts: ContainerDraftsService,
    private readonly versions: VersionsService,
  ) {}

  @Get('choices')
  @RequireRights('containers', 'choices')
  @ApiOkResponse({ type: ChoiceDto, isArray: true, description: 'Id and title of every container by title, for the container picker of blocks' })
  choices(): Promise<ChoiceDto[]> {
    return this.containers.choices();
  }

  @Get()
  @RequireRights('containers', 'list')
  @ApiOperation({
    summary: 'List containers',
    description:
      'With only `q` (or nothing): `[{ id, title }]` of the containers whose title holds q, in creation order (at most 500; the admin top bar). ' +
      'With sort, range or filter: the ra-data-simple-rest dialect (sort by id, title, published, status, updatedAt; filter by id, published, status, q), total in Content-Range.',
  })
  @ApiOkResponse({
    schema: {
      oneOf: [
        { type: 'array', items: { $ref: getSchemaPath(ContainerListItemDto) } },
        { type: 'array', items: { $ref: getSchemaPath(ContainerSummaryDto) } },
      ],
    },
  })
  async list(@QueryDto() query: ContainerListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<ContainerListItemDto[] | ContainerSummaryDto[]> {
    const page = await this.containers.list(query);
    setContentRange(res, 'containers', page.start, page.items.length, page.total);
    return page.items;
  }

  @Get(':id')
  @RequireRights('containers', 'show')
  @ApiQuery(LOCALE_QUERY)
  @ApiOperation({
    summary: 'One container in a locale',
    description:
      'With drafts, its page’s sections and metadata are the working draft when one waits (`hasDraft`); visitors and GET /api/pages keep the live page.',
  })
  @ApiOkResponse({ type: ContainerDto })
  get(@Param('id', IdPipe) id: number, @QueryParam('locale', LocalePipe) locale: Lang, @Res({ passthrough: true }) res: FastifyReply): Promise<ContainerDto> {
    return withEtag(res, this.versions, 'containers', id, this.containers.read(id, locale));
  }

  @Post()
  @RequireRights('containers', 'create')
  @ApiQuery(LOCALE_QUERY)
  @ApiCreatedResponse({ type: ContainerDto })
  @ApiConflictResponse({ description: 'The slug makes a path another page has' })
  create(@CurrentAuth() auth: AuthContext, @Body() body: CreateContainerDto, @QueryParam('locale', LocalePipe) locale: Lang): Promise<ContainerDto> {
    return this.containers.create(auth, body, locale);
  }

  @Put(':id')
  @RequireRights('containers', 'edit')
  @ApiQuery(LOCALE_QUERY)
  @ApiOperation({
    summary: 'Change a container',
    description:
      'With drafts (on once this PUT is written), `sections` and `metadata` change the working draft of its page in the locale (checked as a live write ' +
      'would be, dropped when it shows what is live) and GET /api/pages keeps the live page until POST /api/containers/{id}/publish; everything else ' +
      '(title, fields, slug, accesses, drafts, published...) is written live.',
  })
  @ApiOkResponse({ headers: VERSION_ETAG_HEADER, type: ContainerDto })
  @ApiBadRequestResponse({ description: 'A value breaks its rules (the draft’s included); nothing is written' })
  @ApiConflictResponse({ description: 'The slug makes a path another page has (or a descendant’s would)' })
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateContainerDto,
    @QueryParam('locale', LocalePipe) locale: Lang,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ContainerDto> {
    const answer = await this.containers.update(auth, id, body, locale);
    return withEtag(res, this.versions, 'containers', id, Promise.resolve(answer));
  }

  @Post(':id/publish')
  @RequireRights('containers', 'edit')
  @HttpCode(200)
  @ApiQuery({ ...LOCALE_QUERY, description: 'Publish only this locale’s sections and metadata (absent: all of the draft)' })
  @ApiOperation({
    summary: 'Make the draft of the container’s page live',
    description:
      'The draft of its page (all locales, or `?locale=` alone: the other locales’ changes wait) becomes the live version, checked as a PUT is; ' +
      'the page is purged on every instance. Without a draft (in that locale) nothing changes.',
  })
  @ApiOkResponse({ type: ContainerDto, description: 'The container after it, in `?locale=` (en when absent)' })
  @ApiBadRequestResponse({ description: 'The draft no longer passes the rules; nothing is published' })
  async publish(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @QueryParam('locale', OptionalLocalePipe) locale: Lang | undefined,
  ): Promise<ContainerDto> {
    await this.drafts.publish(auth, id, locale);
    return this.containers.read(id, locale ?? DEFAULT_LANG);
  }

  @Post(':id/discard')
  @RequireRights('containers', 'edit')
  @HttpCode(200)
  @ApiQuery(LOCALE_QUERY)
  @ApiOperation({ summary: 'Throw the draft of the container’s page away', description: 'The live page, untouched, is what staff read again.' })
  @ApiOkResponse({ type: ContainerDto })
  @ApiConflictResponse({ description: 'The container’s page has no draft' })
  async discard(@Param('id', IdPipe) id: number, @QueryParam('locale', LocalePipe) locale: Lang): Promise<ContainerDto> {
    await this.drafts.discard(id);
    return this.containers.read(id, locale);
  }

  @Post(':id/preview')
  @RequireRights('containers', 'edit')
  @HttpCode(200)
  @ApiQuery({ ...LOCALE_QUERY, description: 'The locale the preview shows (default en)' })
  @ApiOperation({
    summary: 'A link that shows the draft of the container’s page on the site',
    description:
      'A URL of the public site, valid for one hour, that renders the container’s page with its draft (sections, metadata) with the site’s own renderer, ' +
      'marked "Preview, not live", noindex and never cached. The same path without the token shows the live page; the token opens no other page.',
  })
  @ApiOkResponse({ type: ContentPreviewDto })
  @ApiConflictResponse({ description: 'The container has no page (no slug)' })
  preview(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number, @QueryParam('locale', LocalePipe) locale: Lang): Promise<ContentPreviewDto> {
    return this.drafts.previewLink(auth, id, locale);
  }

  @Delete(':id')
  @RequireRights('containers', 'delete')
  @ApiQuery({ name: 'cascade', required: false, type: Boolean, description: 'Also delete the container’s contents' })
  @ApiOkResponse({ type: ContainerDto, description: 'The deleted record' })
  @ApiConflictResponse({ description: 'The container still has contents (the message gives their count) and cascade is not set' })
  remove(@Param('id', IdPipe) id: number, @QueryParam('cascade', new ParseBoolPipe({ optional: true })) cascade?: boolean): Promise<ContainerDto> {
    return this.containers.remove(id, cascade ?? false);
  }
}

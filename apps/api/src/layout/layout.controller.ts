import { type Lang, LANGS } from '@cms/contracts';
import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ListQueryDto } from '../common/http/list-query.dto';
import { IdPipe } from '../common/http/params';
import { QueryDto } from '../common/http/query-params';
import { withEtag } from '../versions/etag';
import { RestoredDto, VersionDto, VersionSummaryDto } from '../versions/versions.dto';
import { sendVersions } from '../versions/versions.controller';
import { VersionsService, type VersionSummary } from '../versions/versions.service';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Public, RequireRights } from '../common/auth/access.decorators';
import { LocalePipe } from '../common/http/params';
import { LayoutDto, LayoutRequestDto } from './dto/layout.dto';
import { LAYOUT_RECORD_ID, LayoutService } from './layout.service';
import { QueryParam } from '../common/http/query-params';

const LOCALE_QUERY = { name: 'locale', required: false, enum: LANGS, description: 'Default en' };

@ApiTags('layout')
@Controller('layout')
export class LayoutController {
  constructor(
    private readonly layout: LayoutService,
    private readonly versions: VersionsService,
  ) {}

  @Get()
  @Public()
  @ApiQuery(LOCALE_QUERY)
  @ApiOperation({
    summary: 'The site layout of a locale',
    description: 'HEADER, TOP_BODY, BOTTOM_BODY and FOOTER sections; a type the locale has none of falls back to en.',
  })
  @ApiOkResponse({ type: LayoutDto })
  get(@QueryParam('locale', LocalePipe) locale: Lang, @Res({ passthrough: true }) res: FastifyReply): Promise<LayoutDto> {
    return withEtag(res, this.versions, 'layout', LAYOUT_RECORD_ID, this.layout.get(locale));
  }

  @Get('versions')
  @RequireRights('layout', 'show')
  @ApiOperation({ summary: 'The versions of the layout, newest first', description: 'One per saved change, every locale; paged by `range` (Content-Range).' })
  @ApiOkResponse({ type: VersionSummaryDto, isArray: true })
  async listVersions(@QueryDto() query: ListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<VersionSummary[]> {
    return sendVersions(res, await this.versions.list('layout', LAYOUT_RECORD_ID, query));
  }

  @Get('versions/:versionId')
  @RequireRights('layout', 'show')
  @ApiOperation({ summary: 'One version of the layout, every locale’s own sections (null: the locale shows en’s)' })
  @ApiOkResponse({ type: VersionDto })
  @ApiNotFoundResponse({ description: 'No such version' })
  version(@Param('versionId', IdPipe) versionId: number): Promise<VersionDto> {
    return this.versions.one('layout', LAYOUT_RECORD_ID, versionId);
  }

  @Post('versions/:versionId/restore')
  @HttpCode(200)
  @RequireRights('layout', 'edit')
  @ApiOperation({
    summary: 'Bring a version of the layout back, every locale',
    description: 'As a new version; a section naming what is gone (a deleted element or form) is left out and listed in `dropped`.',
  })
  @ApiOkResponse({ type: RestoredDto })
  @ApiNotFoundResponse({ description: 'No such version' })
  async restore(@Param('versionId', IdPipe) versionId: number): Promise<RestoredDto> {
    const dropped = await this.layout.restore(await this.versions.one('layout', LAYOUT_RECORD_ID, versionId));
    return { versionId: (await this.versions.latest('layout', LAYOUT_RECORD_ID))?.id ?? 0, dropped };
  }

  @Post()
  @HttpCode(200)
  @RequireRights('layout', 'edit')
  @ApiQuery(LOCALE_QUERY)
  @ApiOperation({ summary: 'Replace the layout of a locale', description: 'In one transaction; answers the layout as GET does.' })
  @ApiOkResponse({ type: LayoutDto })
  @ApiBadRequestResponse({
    description: 'A section without a layout type, an unknown block, content that breaks its schema or a reference that does not exist',
  })
  replace(@QueryParam('locale', LocalePipe) locale: Lang, @Body() body: LayoutRequestDto): Promise<LayoutDto> {
    return this.layout.replace(locale, body);
  }
}

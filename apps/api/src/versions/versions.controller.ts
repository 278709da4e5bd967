import type { RuledResource } from '@cms/rights';
import { Controller, Get, HttpCode, Inject, Param, Post, Res, type Type } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireRights } from '../common/auth/access.decorators';
import { ListQueryDto } from '../common/http/list-query.dto';
import { setContentRange } from '../common/http/list-query';
import { IdPipe } from '../common/http/params';
import { QueryDto } from '../common/http/query-params';
import type { VersionedRecords } from './versioned-records';
import { RestoredDto, VersionDto, VersionSummaryDto } from './versions.dto';
import { VersionsService, type VersionedResource, type VersionSummary } from './versions.service';

/** Answers a page of versions as every list is answered (Content-Range: versions a-b/total). */
export function sendVersions(res: FastifyReply, page: { items: VersionSummary[]; total: number; start: number }): VersionSummary[] {
  setContentRange(res, 'versions', page.start, page.items.length, page.total);
  return page.items;
}

/**
 * The version routes of a kind of record with ids: `GET /api/{resource}/{id}/versions`,
 * `GET …/versions/{versionId}`, `POST …/versions/{versionId}/restore`. Reading needs the record's
 * show right, restoring its edit right; `records` (a provider of the module) restores.
 */
export function versionsController(resource: VersionedResource & RuledResource, records: Type<VersionedRecords>, noun: string): Type<unknown> {
  @ApiTags(resource)
  @Controller(resource)
  class VersionsController {
    constructor(
      readonly versions: VersionsService,
      @Inject(records) readonly restorer: VersionedRecords,
    ) {}

    @Get(':id/versions')
    @RequireRights(resource, 'show')
    @ApiOperation({
      summary: `The versions of a ${noun}, newest first`,
      description: `One per saved change (draft saves, live saves, publishes, restores…): the newest VERSIONS_KEPT and every published one. Paged by \`range\`; the total is in Content-Range.`,
    })
    @ApiOkResponse({ type: VersionSummaryDto, isArray: true })
    @ApiNotFoundResponse({ description: `No such ${noun}` })
    async list(@Param('id', IdPipe) id: number, @QueryDto() query: ListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<VersionSummary[]> {
      await this.restorer.assertExists(id);
      return sendVersions(res, await this.versions.list(resource, id, query));
    }

    @Get(':id/versions/:versionId')
    @RequireRights(resource, 'show')
    @ApiOperation({ summary: `One version of a ${noun}, with its whole state` })
    @ApiOkResponse({ type: VersionDto })
    @ApiNotFoundResponse({ description: `No such ${noun}, or no such version of it` })
    async one(@Param('id', IdPipe) id: number, @Param('versionId', IdPipe) versionId: number): Promise<VersionDto> {
      await this.restorer.assertExists(id);
      return this.versions.one(resource, id, versionId);
    }

    @Post(':id/versions/:versionId/restore')
    @RequireRights(resource, 'edit')
    @HttpCode(200)
    @ApiOperation({
      summary: `Bring a version of a ${noun} back`,
      description:
        'Its state becomes the draft where drafts are on, else the record itself, checked as a PUT is; the restore is itself a new version. ' +
        'What the version names that is gone (a deleted media or content) is left as it is now and listed in `dropped`. If-Match is checked as on a PUT.',
    })
    @ApiOkResponse({ type: RestoredDto })
    @ApiNotFoundResponse({ description: `No such ${noun}, or no such version of it` })
    async restore(@Param('id', IdPipe) id: number, @Param('versionId', IdPipe) versionId: number): Promise<RestoredDto> {
      await this.restorer.assertExists(id);
      const version = await this.versions.one(resource, id, versionId);
      const dropped = await this.restorer.restore(id, version);
      const latest = await this.versions.latest(resource, id);
      return { versionId: latest?.id ?? 0, dropped };
    }
  }
  Object.defineProperty(VersionsController, 'name', { value: `${noun[0].toUpperCase()}${noun.slice(1)}VersionsController` });
  return VersionsController;
}

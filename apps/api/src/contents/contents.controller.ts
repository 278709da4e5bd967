import { BULK_ACTION_MAX_IDS, BULK_MAX_ITEMS, DEFAULT_LANG, type Lang, LANGS } from '@cms/contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiExtraModels,
  ApiQuery,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { CurrentAuth, RequireRights } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { setContentRange } from '../common/http/list-query';
import { IdPipe, LocalePipe, OptionalLocalePipe, OptionalQueryBooleanPipe, QueryChoicePipe, type RawQuery, RequiredQueryIdPipe } from '../common/http/params';
import { ContentsService } from './contents.service';
import { ContentDto, ContentListQueryDto, PROJECTION_DOC, ContentPreviewDto, ContentSummaryDto, CreateContentDto, UpdateContentDto } from './dto/content.dto';
import { ContentPublishingService } from './content-publishing.service';
import { ContentsBulkService } from './contents-bulk.service';
import { ContentsBulkActionsService } from './contents-bulk-actions.service';
import { BulkActionRefusalDto, ContentBulkActionDto, ContentBulkActionResultDto } from './dto/content-bulk-action.dto';
import { ContentsExportService, type ExportFormat } from './contents-export.service';
import { BulkContentsDto, BulkContentsResultDto, BulkRefusalDto, ExportedContentDto } from './dto/content-bulk.dto';
import { QueryDto, QueryParam } from '../common/http/query-params';
import { VERSION_ETAG_HEADER, withEtag } from '../versions/etag';
import { VersionsService } from '../versions/versions.service';

/** A bulk create's body may be larger than other requests' (1 MB): 1,000 contents with long texts. */
const BULK_BODY_LIMIT = 16 * 1024 * 1024;

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
    private readonly bulk: ContentsBulkService,
    private readonly exports: ContentsExportService,
    private readonly bulkActions: ContentsBulkActionsService,
  ) {}

  @Get()
  @RequireRights('contents', 'list')
  @ApiOperation({
    summary: 'List contents',
    description:
      'ra-data-simple-rest dialect: sort by id, title, updatedAt (default, DESC), published, status, containerId; filter by id, containerId, published, status and q ' +
      '(full-text search of the title and the STRING, PARAGRAPH and RICHTEXT fields in the locale; every word must match, as a prefix), state, and translation ' +
      '(`{"locale":"tr","status":"missing"}`: the contents whose translation status in that locale is missing, outdated or complete, see ' +
      'GET /api/contents/{id}/translations). The total is in Content-Range. Each row’s statuses: GET /api/translations?contentIds=. ' +
      'With one containerId, filter and sort on field values too: `filter={"containerId":3,"fields.price":{"gte":10}}&sort=["fields.date","DESC"]` ' +
      '(the live values, as the list answers them, never a waiting draft’s), and choose the keys answered with `fields=title,fields.price`.',
  })
  @ApiOkResponse({ type: ContentSummaryDto, isArray: true, description: 'With `fields=`, each row has only `id` and the keys named' })
  @ApiBadRequestResponse({
    description:
      'A filter, sort or `fields=` the list does not take, named: bad JSON, an unknown key, `fields.*` without one containerId, a field the ' +
      'container does not have, an operator its type does not take ("fields.title does not take gte: a STRING field takes eq, ne, in, contains, null"), ' +
      'a value of the wrong type ("fields.price takes gte with a number")',
  })
  async list(@QueryDto() query: ContentListQueryDto, @QueryParam('locale', LocalePipe) locale: Lang, @Res() res: FastifyReply): Promise<void> {
    const page = await this.contents.list(query, locale);
    setContentRange(res, 'contents', page.start, page.count, page.total);
    // The service answers the JSON text itself (fields spliced in unparsed).
    await res.type('application/json; charset=utf-8').send(page.body);
  }

  @Post('bulk')
  @RequireRights('contents', 'import')
  @ApiBody({ type: BulkContentsDto })
  @RouteConfig({ bodyLimit: BULK_BODY_LIMIT })
  @ApiQuery({ ...LOCALE_QUERY, description: 'The locale of each item’s `fields` (default en); other locales go in its `locales`' })
  @ApiQuery({ name: 'dryRun', required: false, type: Boolean, description: 'true: check everything, write nothing (200 with the count, or the same refusal)' })
  @ApiOperation({
    summary: 'Create up to 1,000 contents at once',
    description:
      `Each item is the body of one POST /api/contents (checked by the same rules: fields against their container, required ones, slugs, sections, ` +
      `metadata, accesses, schedule), with optionally \`locales\` for other locales' values. All of them are written in one transaction, or none: ` +
      `a refusal lists every problem as \`itemErrors: [{ index, field, message }]\` (and by path in \`errors\`, \`items.3.fields.price\`). ` +
      `Two items may not make the same path. Each new content gets its first version; the audit log gets one entry with the count. ` +
      `At most ${BULK_MAX_ITEMS} items and 16 MB; the back office sends batches of 500.`,
  })
  @ApiCreatedResponse({ type: BulkContentsResultDto, description: 'Created (a dry run answers 200 with `dryRun: true` and no ids)' })
  @ApiOkResponse({ type: BulkContentsResultDto, description: 'A dry run that found nothing wrong; nothing was written' })
  @ApiBadRequestResponse({ type: BulkRefusalDto, description: 'No items, more than 1,000, or items that break their rules; nothing is written' })
  @ApiConflictResponse({ type: BulkRefusalDto, description: 'Every problem is a path another page (or another item) has; nothing is written' })
  @ApiPayloadTooLargeResponse({ description: 'The body is larger than 16 MB' })
  async createMany(
    @CurrentAuth() auth: AuthContext,
    // Checked by the service against BulkContentsDto (the pipe would copy every item once more).
    @Body() body: unknown,
    @QueryParam('locale', LocalePipe) locale: Lang,
    @QueryParam('dryRun', new OptionalQueryBooleanPipe('dryRun')) dryRun: RawQuery<boolean>,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<BulkContentsResultDto> {
    const result = await this.bulk.create(auth, body, locale, dryRun);
    res.status(dryRun ? 200 : 201);
    return result;
  }

  @Post('bulk-actions')
  @RequireRights('contents', 'edit')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Publish, unpublish, change the status of or move many contents at once, or undo that',
    description:
      `Up to ${BULK_ACTION_MAX_IDS} contents in one transaction, each written as its own write is, with its version, webhook events and audit: ` +
      '`publish` makes each live as POST /api/contents/{id}/publish does (a waiting draft included), `unpublish` as POST …/unpublish, `status` ' +
      'writes `status` on the live rows (in a container with drafts too: a waiting draft keeps its other changes), `move` puts them in `containerId`. ' +
      'A move keeps every value: the target container must define each field a content has a value of (any locale) with the same name, type and ' +
      '`multiple`, the values must pass its rules and its required fields have an en value, and a container that disables sections takes no ' +
      'content with sections of its own; a page under the old container’s page goes under the new one’s. Contents already as asked are left ' +
      'alone (`unchanged`). One content refused and nothing changes: `records` names each with why (403 when each refusal is a right, 409 when each ' +
      'is a conflict, else 400). The answer’s `undo` lists each changed content’s previous published, status and container with the version ' +
      'the action left it at; `{ "action": "undo", "undo": [...] }` puts them back (published, status and container: a draft that went live stays ' +
      'live, its previous version is in the history), refused (409) for a content changed since.',
  })
  @ApiOkResponse({ type: ContentBulkActionResultDto })
  @ApiBadRequestResponse({
    type: BulkActionRefusalDto,
    description: `An unknown action, no ids or more than ${BULK_ACTION_MAX_IDS}, a missing status or containerId, or contents whose change breaks a rule (named in records)`,
  })
  @ApiForbiddenResponse({
    type: BulkActionRefusalDto,
    description: 'The role lacks UPDATE_CONTENT, or may not make a change some contents ask (named in records)',
  })
  @ApiNotFoundResponse({ description: 'Some ids are no content (named); nothing was changed' })
  @ApiConflictResponse({
    type: BulkActionRefusalDto,
    description: 'Each content refused is a conflict: a path another page has, or (undo) changed since the action',
  })
  bulkAction(@CurrentAuth() auth: AuthContext, @Body() body: ContentBulkActionDto): Promise<ContentBulkActionResultDto> {
    return this.bulkActions.run(auth, body);
  }

  @Get('export')
  @RequireRights('contents', 'export')
  @ApiQuery({ name: 'containerId', required: true, type: Number })
  @ApiQuery({ name: 'format', required: false, enum: ['csv', 'json'], description: 'Default csv' })
  @ApiOperation({
    summary: 'Every content of a container, all locales, as CSV or JSON',
    description:
      'Streamed as an attachment, read 500 contents at a time (the live version of each; drafts are not exported). JSON: a list of contents ' +
      '`{ id, containerId, title, slug, published, status, fields, locales: { fr: { fields } } }` (en values in `fields`, each other locale’s own ' +
      'values in `locales`): POST /api/contents/bulk takes them back once `id` is left out. CSV (UTF-8 with BOM): one row per content, columns ' +
      '`id, title, slug, published, status`, `fields.<name>` (en) and `locales.<locale>.fields.<name>` for the locales that have values; lists ' +
      'and { lat, lng } or { start, end } values are JSON in their cell; text starting with = + - @ gets a leading apostrophe, which the back ' +
      'office’s Import screen takes off again.',
  })
  @ApiExtraModels(ExportedContentDto)
  @ApiOkResponse({
    description: 'An attachment: JSON with `format=json`, CSV otherwise',
    content: {
      'text/csv': { schema: { type: 'string' } },
      'application/json': { schema: { type: 'array', items: { $ref: getSchemaPath(ExportedContentDto) } } },
    },
  })
  @ApiBadRequestResponse({ description: 'No containerId, a container that does not exist, or a format other than csv and json' })
  async export(
    @QueryParam('containerId', new RequiredQueryIdPipe('containerId')) containerId: RawQuery<number>,
    @QueryParam('format', new QueryChoicePipe<ExportFormat>('format', ['csv', 'json'])) format: RawQuery<ExportFormat>,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const { stream, filename } = await this.exports.open(containerId, format);
    await res
      .headers({
        'Content-Type': format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'no-store',
      })
      .send(stream);
  }

  @Get(':id')
  @RequireRights('contents', 'show')
  @ApiQuery(LOCALE_QUERY)
  @ApiQuery({ name: 'fields', required: false, type: String, description: PROJECTION_DOC, example: 'title,fields.price' })
  @ApiOkResponse({ type: ContentDto, description: 'With `fields=`, only `id` and the keys named' })
  @ApiBadRequestResponse({ description: '`fields=` names a key the content does not answer or a field its container does not have' })
  @ApiOperation({
    summary: 'One content in a locale',
    description:
      'In a container with drafts, the working draft when one waits (`hasDraft`); visitors and GET /api/pages keep the live version. ' +
      'The ETag names its latest version: send it back as If-Match on a PUT to be told (409) when someone saved it in between.',
  })
  get(
    @Param('id', IdPipe) id: number,
    @QueryParam('locale', LocalePipe) locale: Lang,
    @QueryParam('fields') fields: string | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<Partial<ContentDto>> {
    return withEtag(res, this.versions, 'contents', id, this.contents.readProjected(id, locale, fields));
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

import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequireRights, SignedIn } from '../common/auth/access.decorators';
import { setContentRange } from '../common/http/list-query';
import { ListQueryDto } from '../common/http/list-query.dto';
import { IdPipe } from '../common/http/params';
import { MediaDto, MediaUploadLimitsDto, UpdateMediaDto, UploadMediaBodyDto } from './dto/media.dto';
import { ACCEPTED_LABELS } from './media-types';
import { MediasService } from './medias.service';
import { QueryDto } from '../common/http/query-params';

@ApiTags('medias')
@Controller('medias')
export class MediasController {
  constructor(private readonly medias: MediasService) {}

  @Get()
  @RequireRights('medias', 'list')
  @ApiOperation({ summary: 'List media', description: 'Filters: id (one or many), packId, mimeType (a prefix such as "image/"), q (in the name).' })
  @ApiOkResponse({ type: MediaDto, isArray: true, description: 'Sorted and paged; the total is in Content-Range' })
  async list(@QueryDto() query: ListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<MediaDto[]> {
    const page = await this.medias.list(query);
    setContentRange(res, 'medias', page.start, page.items.length, page.total);
    return page.items;
  }

  // Any signed-in user: the pickers of contents and sections upload too, and the limits are no secret.
  @Get('limits')
  @SignedIn()
  @ApiOperation({ summary: 'Upload limits', description: 'The largest file (UPLOAD_MAX_MB) and the accepted types, for checks before sending.' })
  @ApiOkResponse({ type: MediaUploadLimitsDto })
  limits(): MediaUploadLimitsDto {
    return this.medias.limits();
  }

  @Get(':id')
  @RequireRights('medias', 'show')
  @ApiOkResponse({ type: MediaDto })
  get(@Param('id', IdPipe) id: number): Promise<MediaDto> {
    return this.medias.get(id);
  }

  @Post()
  @HttpCode(201)
  @RequireRights('medias', 'create')
  @ApiOperation({
    summary: 'Upload a file',
    description:
      `multipart/form-data with the file in "file" (one per request), at most UPLOAD_MAX_MB (default 25 MB). Accepted, by the type sniffed from the bytes: ${ACCEPTED_LABELS}. ` +
      'Raster images are re-encoded without their metadata (EXIF) and may hold at most UPLOAD_MAX_PIXELS pixels; SVGs are rebuilt from an allow-list and refused when they hold scripts, event handlers, <foreignObject> or external references.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadMediaBodyDto })
  @ApiCreatedResponse({ type: MediaDto })
  @ApiBadRequestResponse({ description: 'Malformed or cut-short body, no file, unknown field, a file name with a path or control characters, an unknown pack' })
  @ApiPayloadTooLargeResponse({ description: 'The file is larger than UPLOAD_MAX_MB' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Not multipart/form-data, or a type that is not accepted' })
  @ApiUnprocessableEntityResponse({ description: 'An image that cannot be decoded or has too many pixels; an SVG with active content' })
  upload(@Req() req: FastifyRequest): Promise<MediaDto> {
    return this.medias.upload(req.raw);
  }

  @Put(':id')
  @RequireRights('medias', 'edit')
  @ApiOperation({ summary: 'Rename, describe (alt) or move a media into a pack', description: 'The file itself does not change: upload a new media.' })
  @ApiOkResponse({ type: MediaDto })
  update(@Param('id', IdPipe) id: number, @Body() body: UpdateMediaDto): Promise<MediaDto> {
    return this.medias.update(id, body);
  }

  @Delete(':id')
  @RequireRights('medias', 'delete')
  @ApiOkResponse({ type: MediaDto, description: 'The deleted record; its file and variants are removed' })
  @ApiConflictResponse({ description: 'The media is used by a content field, a section, an element or the favicon setting; `errors` lists where' })
  remove(@Param('id', IdPipe) id: number): Promise<MediaDto> {
    return this.medias.remove(id);
  }
}

import { MEDIA_FALLBACK_WIDTH, MEDIA_VARIANT_FORMATS, MEDIA_VARIANT_WIDTHS } from '@cms/contracts';
import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../common/auth/access.decorators';
import { IgnoresUnknownQueryKeys } from '../common/http/query-keys.guard';
import { UploadsService } from './uploads.service';
import { QueryParam } from '../common/http/query-params';

@ApiTags('uploads')
@Controller('uploads')
@IgnoresUnknownQueryKeys()
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Get('favicon.ico')
  @Public()
  @ApiOperation({
    summary: "The site's favicon",
    description:
      'The image media whose id the setting "faviconMediaId" holds (PUT /api/settings/by-name/faviconMediaId with {"value": <media id>}; null or no setting for the default). ' +
      'Without one, or when that media is gone or not an image, the default favicon. Cached for an hour, with an ETag.',
  })
  @ApiProduces('image/x-icon', 'image/png', 'image/svg+xml')
  @ApiOkResponse({ description: 'The favicon' })
  favicon(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    return this.uploads.favicon(req, res);
  }

  @Get(':file')
  @Public()
  @ApiOperation({
    summary: 'An uploaded file, or a resized variant of a raster image',
    description:
      'Served with its type, an ETag (If-None-Match gives 304), byte ranges (206), a one-year immutable cache lifetime, X-Content-Type-Options: nosniff and a sandboxing CSP; ' +
      'anything but images, audio and video is sent as an attachment. Variants are rendered on the first request and kept.',
  })
  @ApiParam({ name: 'file', description: 'The media uri: 32 hex digits and an extension', example: '3f2a9c0d1e4b5a6978812233aabbccdd.jpg' })
  @ApiQuery({
    name: 'w',
    required: false,
    type: Number,
    description: `Width in pixels (never wider than the original): with format=webp, rounded up to one of ${MEDIA_VARIANT_WIDTHS.join(', ')}; in the original format, always ${MEDIA_FALLBACK_WIDTH}`,
  })
  @ApiQuery({
    name: 'format',
    required: false,
    enum: MEDIA_VARIANT_FORMATS,
    description: 'Output format of the variant (default: the original format; WebP for GIF); any other is a 400',
  })
  @ApiOkResponse({ description: 'The file', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 206, description: 'The asked byte range', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match)' })
  @ApiResponse({ status: 416, description: 'The range lies past the end of the file' })
  @ApiNotFoundResponse({ description: 'No such file (or a name the server never generates)' })
  file(
    @Param('file') file: string,
    @QueryParam('w') w: unknown,
    @QueryParam('format') format: unknown,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ): Promise<void> {
    return this.uploads.serve(req, res, file, { w, format });
  }
}

import { Body, Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireRights } from '../common/auth/access.decorators';
import { setContentRange } from '../common/http/list-query';
import { ListQueryDto } from '../common/http/list-query.dto';
import { IdPipe } from '../common/http/params';
import { CreateMediaPackDto, MediaPackDetailDto, MediaPackDto, UpdateMediaPackDto } from './dto/media-pack.dto';
import { MediaPacksService } from './media-packs.service';
import { QueryDto } from '../common/http/query-params';

@ApiTags('media-packs')
@Controller('media-packs')
export class MediaPacksController {
  constructor(private readonly packs: MediaPacksService) {}

  @Get()
  @RequireRights('media-packs', 'list')
  @ApiOperation({ summary: 'List media packs with their media counts', description: 'Sortable by id, name, createdAt, updatedAt, mediaCount; filters: id, q.' })
  @ApiOkResponse({ type: MediaPackDto, isArray: true, description: 'Sorted and paged; the total is in Content-Range' })
  async list(@QueryDto() query: ListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<MediaPackDto[]> {
    const page = await this.packs.list(query);
    setContentRange(res, 'media-packs', page.start, page.items.length, page.total);
    return page.items;
  }

  @Get(':id')
  @RequireRights('media-packs', 'show')
  @ApiOkResponse({ type: MediaPackDetailDto })
  get(@Param('id', IdPipe) id: number): Promise<MediaPackDetailDto> {
    return this.packs.get(id);
  }

  @Post()
  @RequireRights('media-packs', 'create')
  @ApiCreatedResponse({ type: MediaPackDetailDto })
  create(@Body() body: CreateMediaPackDto): Promise<MediaPackDetailDto> {
    return this.packs.create(body);
  }

  @Put(':id')
  @RequireRights('media-packs', 'edit')
  @ApiOkResponse({ type: MediaPackDetailDto })
  update(@Param('id', IdPipe) id: number, @Body() body: UpdateMediaPackDto): Promise<MediaPackDetailDto> {
    return this.packs.update(id, body);
  }

  @Delete(':id')
  @RequireRights('media-packs', 'delete')
  @ApiOkResponse({ type: MediaPackDetailDto, description: 'The deleted record; its media stay, unpacked' })
  remove(@Param('id', IdPipe) id: number): Promise<MediaPackDetailDto> {
    return this.packs.remove(id);
  }
}

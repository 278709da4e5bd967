import { Body, Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireRights } from '../common/auth/access.decorators';
import { ChoiceDto } from '../common/http/choices';
import { setContentRange } from '../common/http/list-query';
import { ListQueryDto } from '../common/http/list-query.dto';
import { IdPipe } from '../common/http/params';
import { CreateElementDto, ElementDto, UpdateElementDto } from './dto/element.dto';
import { ElementsService } from './elements.service';
import { QueryDto } from '../common/http/query-params';
import { VERSION_ETAG_HEADER, withEtag } from '../versions/etag';
import { VersionsService } from '../versions/versions.service';

@ApiTags('elements')
@Controller('elements')
export class ElementsController {
  constructor(
    private readonly elements: ElementsService,
    private readonly versions: VersionsService,
  ) {}

  @Get('choices')
  @RequireRights('elements', 'choices')
  @ApiOkResponse({ type: ChoiceDto, isArray: true, description: 'Id and title of every element by title, for the element picker of blocks' })
  choices(): Promise<ChoiceDto[]> {
    return this.elements.choices();
  }

  @Get()
  @RequireRights('elements', 'list')
  @ApiOperation({
    description: 'ra-data-simple-rest dialect: sort by id, title, block, status, updatedAt; filter by id, block, formId, status, q. Total in Content-Range.',
  })
  @ApiOkResponse({ type: ElementDto, isArray: true })
  async list(@QueryDto() query: ListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<ElementDto[]> {
    const page = await this.elements.list(query);
    setContentRange(res, 'elements', page.start, page.items.length, page.total);
    return page.items;
  }

  @Get(':id')
  @RequireRights('elements', 'show')
  @ApiOkResponse({ type: ElementDto })
  get(@Param('id', IdPipe) id: number, @Res({ passthrough: true }) res: FastifyReply): Promise<ElementDto> {
    return withEtag(res, this.versions, 'elements', id, this.elements.get(id));
  }

  @Post()
  @RequireRights('elements', 'create')
  @ApiCreatedResponse({ type: ElementDto })
  @ApiBadRequestResponse({ description: 'Unknown block, content that breaks its schema, or a form that does not exist' })
  create(@Body() body: CreateElementDto): Promise<ElementDto> {
    return this.elements.create(body);
  }

  @Put(':id')
  @RequireRights('elements', 'edit')
  @ApiOkResponse({ headers: VERSION_ETAG_HEADER, type: ElementDto })
  async update(@Param('id', IdPipe) id: number, @Body() body: UpdateElementDto, @Res({ passthrough: true }) res: FastifyReply): Promise<ElementDto> {
    const answer = await this.elements.update(id, body);
    return withEtag(res, this.versions, 'elements', id, Promise.resolve(answer));
  }

  @Delete(':id')
  @RequireRights('elements', 'delete')
  @ApiOkResponse({ type: ElementDto, description: 'The deleted record' })
  @ApiConflictResponse({ description: 'Sections still place the element; the message names them' })
  remove(@Param('id', IdPipe) id: number): Promise<ElementDto> {
    return this.elements.remove(id);
  }
}

import { type Lang, LANGS } from '@cms/contracts';
import { Body, Controller, Delete, Get, Param, ParseBoolPipe, Post, Put, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiQuery, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth, RequireRights } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { ChoiceDto } from '../common/http/choices';
import { setContentRange } from '../common/http/list-query';
import { IdPipe, LocalePipe } from '../common/http/params';
import { ContainersService } from './containers.service';
import { ContainerDto, ContainerListItemDto, ContainerListQueryDto, ContainerSummaryDto, CreateContainerDto, UpdateContainerDto } from './dto/container.dto';
import { QueryDto, QueryParam } from '../common/http/query-params';

const LOCALE_QUERY = { name: 'locale', required: false, enum: LANGS, description: 'The locale of the PAGE sections and metadata read or written (default en)' };

@ApiTags('containers')
@Controller('containers')
@ApiExtraModels(ContainerListItemDto, ContainerSummaryDto)
export class ContainersController {
  constructor(private readonly containers: ContainersService) {}

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
  @ApiOkResponse({ type: ContainerDto })
  get(@Param('id', IdPipe) id: number, @QueryParam('locale', LocalePipe) locale: Lang): Promise<ContainerDto> {
    return this.containers.get(id, locale);
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
  @ApiOkResponse({ type: ContainerDto })
  @ApiConflictResponse({ description: 'The slug makes a path another page has (or a descendant’s would)' })
  update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateContainerDto,
    @QueryParam('locale', LocalePipe) locale: Lang,
  ): Promise<ContainerDto> {
    return this.containers.update(auth, id, body, locale);
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

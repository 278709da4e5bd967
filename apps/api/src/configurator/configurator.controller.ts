import { Body, Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SuperAdminOnly } from '../common/auth/access.decorators';
import { setContentRange } from '../common/http/list-query';
import { ListQueryDto } from '../common/http/list-query.dto';
import { IdPipe } from '../common/http/params';
import { ConfiguratorService } from './configurator.service';
import { ConfiguratorBodyDto, ConfiguratorDto, UpdateConfiguratorDto } from './dto/configurator.dto';
import { QueryDto } from '../common/http/query-params';

@ApiTags('configurators')
@Controller('configurators')
export class ConfiguratorController {
  constructor(private readonly configurators: ConfiguratorService) {}

  @Get()
  @SuperAdminOnly()
  @ApiOkResponse({ type: ConfiguratorDto, isArray: true, description: 'Sorted and paged by id; filter id; the total is in Content-Range' })
  async list(@QueryDto() query: ListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<ConfiguratorDto[]> {
    const page = await this.configurators.list(query);
    setContentRange(res, 'configurators', page.start, page.items.length, page.total);
    return page.items;
  }

  @Get(':id')
  @SuperAdminOnly()
  @ApiOkResponse({ type: ConfiguratorDto })
  get(@Param('id', IdPipe) id: number): Promise<ConfiguratorDto> {
    return this.configurators.get(id);
  }

  @Post()
  @SuperAdminOnly()
  @ApiCreatedResponse({ type: ConfiguratorDto })
  create(@Body() body: ConfiguratorBodyDto): Promise<ConfiguratorDto> {
    return this.configurators.create(body.data);
  }

  @Put(':id')
  @SuperAdminOnly()
  @ApiOkResponse({ type: ConfiguratorDto })
  update(@Param('id', IdPipe) id: number, @Body() body: UpdateConfiguratorDto): Promise<ConfiguratorDto> {
    return this.configurators.update(id, body.data);
  }

  @Delete(':id')
  @SuperAdminOnly()
  @ApiOkResponse({ type: ConfiguratorDto, description: 'The deleted record' })
  remove(@Param('id', IdPipe) id: number): Promise<ConfiguratorDto> {
    return this.configurators.remove(id);
  }
}

import { Body, Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth, RequireRights } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { ListQueryDto } from '../common/http/list-query.dto';
import { ChoiceDto } from '../common/http/choices';
import { setContentRange } from '../common/http/list-query';
import { CreateRoleDto, RoleDto, UpdateRoleDto } from './dto/role.dto';
import { RolesService } from './roles.service';
import { QueryDto } from '../common/http/query-params';

@ApiTags('roles')
@Controller('roles')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @Get('choices')
  @RequireRights('roles', 'choices')
  @ApiOkResponse({
    type: ChoiceDto,
    isArray: true,
    description: 'Id and title of every role by title, for the access picker of pages and the role picker of users',
  })
  choices(): Promise<ChoiceDto[]> {
    return this.roles.choices();
  }

  @Get()
  @RequireRights('roles', 'list')
  @ApiOkResponse({ type: RoleDto, isArray: true, description: 'Sorted and paged; the total is in Content-Range' })
  async list(@QueryDto() query: ListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<RoleDto[]> {
    const page = await this.roles.list(query);
    setContentRange(res, 'roles', page.start, page.items.length, page.total);
    return page.items;
  }

  @Get(':id')
  @RequireRights('roles', 'show')
  @ApiOkResponse({ type: RoleDto })
  get(@Param('id') id: string): Promise<RoleDto> {
    return this.roles.get(id);
  }

  @Post()
  @RequireRights('roles', 'create')
  @ApiCreatedResponse({ type: RoleDto })
  create(@CurrentAuth() auth: AuthContext, @Body() body: CreateRoleDto): Promise<RoleDto> {
    return this.roles.create(auth, body);
  }

  @Put(':id')
  @RequireRights('roles', 'edit')
  @ApiOkResponse({ type: RoleDto })
  update(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateRoleDto): Promise<RoleDto> {
    return this.roles.update(auth, id, body);
  }

  @Delete(':id')
  @RequireRights('roles', 'delete')
  @ApiOkResponse({ type: RoleDto, description: 'The deleted record' })
  @ApiConflictResponse({ description: 'Users hold the role: the message says how many' })
  remove(@Param('id') id: string): Promise<RoleDto> {
    return this.roles.remove(id);
  }
}

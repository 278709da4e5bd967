import { Body, Controller, Delete, Get, Ip, Param, Post, Put, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth, RequireRights } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { setContentRange } from '../common/http/list-query';
import { ListQueryDto } from '../common/http/list-query.dto';
import { IdPipe } from '../common/http/params';
import { CreateUserDto, UpdateUserDto, UserDto } from './dto/user.dto';
import { UsersService } from './users.service';
import { QueryDto } from '../common/http/query-params';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @RequireRights('users', 'list')
  @ApiOkResponse({ type: UserDto, isArray: true, description: 'Sorted and paged; the total is in Content-Range' })
  async list(@QueryDto() query: ListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<UserDto[]> {
    const page = await this.users.list(query);
    setContentRange(res, 'users', page.start, page.items.length, page.total);
    return page.items;
  }

  @Get(':id')
  @RequireRights('users', 'show')
  @ApiOkResponse({ type: UserDto })
  get(@Param('id', IdPipe) id: number): Promise<UserDto> {
    return this.users.get(id);
  }

  @Post()
  @RequireRights('users', 'create')
  @ApiCreatedResponse({ type: UserDto })
  create(@CurrentAuth() auth: AuthContext, @Body() body: CreateUserDto): Promise<UserDto> {
    return this.users.create(auth, body);
  }

  @Put(':id')
  @RequireRights('users', 'edit')
  @ApiOkResponse({ type: UserDto })
  update(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number, @Body() body: UpdateUserDto, @Ip() ip: string): Promise<UserDto> {
    return this.users.update(auth, id, body, ip);
  }

  @Delete(':id')
  @RequireRights('users', 'delete')
  @ApiOkResponse({ type: UserDto, description: 'The deleted record' })
  remove(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number): Promise<UserDto> {
    return this.users.remove(auth, id);
  }
}

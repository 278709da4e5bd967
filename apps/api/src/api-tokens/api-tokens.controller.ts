import { Body, Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth, RequireRights } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { setContentRange } from '../common/http/list-query';
import { ListQueryDto } from '../common/http/list-query.dto';
import { IdPipe } from '../common/http/params';
import { QueryDto } from '../common/http/query-params';
import { ApiTokensService } from './api-tokens.service';
import { ApiTokenCreatedDto, ApiTokenDto, CreateApiTokenDto, RenameApiTokenDto } from './dto/api-token.dto';

/**
 * API tokens: managed with ACCESS_SETTINGS (libs/rights, RESOURCE_RULES.tokens). Their writes need
 * a session: a token that made, renamed or revoked tokens could outlive or replace itself.
 */
@ApiTags('tokens')
@Controller('tokens')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Get()
  @RequireRights('tokens', 'list')
  @ApiOperation({
    summary: 'The API tokens',
    description:
      'ra-data-simple-rest dialect: sort by id, name, role, createdBy, createdAt (default, newest first), lastUsedAt, expiresAt; filter by id, roleId, q (in the name). Total in Content-Range. Never the secrets.',
  })
  @ApiOkResponse({ type: ApiTokenDto, isArray: true, description: 'The total is in Content-Range (tokens 0-24/N)' })
  @ApiBadRequestResponse({ description: 'An unknown sort or filter key, or a filter value of the wrong kind' })
  async list(@QueryDto() query: ListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<ApiTokenDto[]> {
    const page = await this.tokens.list(query);
    setContentRange(res, 'tokens', page.start, page.items.length, page.total);
    return page.items;
  }

  @Get(':id')
  @RequireRights('tokens', 'show')
  @ApiOkResponse({ type: ApiTokenDto })
  @ApiBadRequestResponse({ description: 'An id that is not a positive integer' })
  @ApiNotFoundResponse({ description: 'No token with this id' })
  get(@Param('id', IdPipe) id: number): Promise<ApiTokenDto> {
    return this.tokens.get(id);
  }

  @Post()
  @RequireRights('tokens', 'create', { sessionOnly: true })
  @ApiOperation({
    summary: 'Make an API token',
    description:
      'Answers the secret this once (only its digest is kept). The token acts with the role `roleId`, which must be a role the caller could give a user ' +
      '(its rights within the caller’s, no members-only page the caller’s role does not read; only a super-admin gives super-admin; 403 naming what is missing otherwise), and never with more ' +
      'than its creator holds at the time of a request. It stops working when revoked, at `expiresAt`, when its creator is deleted or when its creator’s role changes.',
  })
  @ApiCreatedResponse({ type: ApiTokenCreatedDto })
  @ApiBadRequestResponse({
    description: 'A field that breaks its rule (named in `errors`): empty or long name, unknown role, expiresAt not a future date-time',
  })
  create(@CurrentAuth() auth: AuthContext, @Body() body: CreateApiTokenDto): Promise<ApiTokenCreatedDto> {
    return this.tokens.create(auth, body);
  }

  @Put(':id')
  @RequireRights('tokens', 'edit', { sessionOnly: true })
  @ApiOperation({ summary: 'Rename an API token', description: 'Only the name changes; the role, the secret and the expiry stay.' })
  @ApiOkResponse({ type: ApiTokenDto })
  @ApiBadRequestResponse({ description: 'An empty or long name (named in `errors`), or an id that is not a positive integer' })
  @ApiNotFoundResponse({ description: 'No token with this id' })
  rename(@Param('id', IdPipe) id: number, @Body() body: RenameApiTokenDto): Promise<ApiTokenDto> {
    return this.tokens.rename(id, body.name);
  }

  @Delete(':id')
  @RequireRights('tokens', 'delete', { sessionOnly: true })
  @ApiOperation({ summary: 'Revoke an API token', description: 'Once this answers, every instance of the API refuses the token (401).' })
  @ApiOkResponse({ type: ApiTokenDto, description: 'The revoked token' })
  @ApiBadRequestResponse({ description: 'An id that is not a positive integer' })
  @ApiNotFoundResponse({ description: 'No token with this id' })
  revoke(@Param('id', IdPipe) id: number): Promise<ApiTokenDto> {
    return this.tokens.revoke(id);
  }
}

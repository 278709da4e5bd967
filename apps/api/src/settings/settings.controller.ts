import { SETTING_NAME_PATTERN } from '@cms/contracts';
import { BadRequestException, Body, Controller, Delete, Get, Header, Injectable, Param, Post, Put, Res, type PipeTransform } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public, RequireRights, SignedIn } from '../common/auth/access.decorators';
import { setContentRange } from '../common/http/list-query';
import { ListQueryDto } from '../common/http/list-query.dto';
import { IdPipe } from '../common/http/params';
import { CreateSettingDto, PublicSettingsDto, SettingDto, SettingValueDto, UpdateSettingDto } from './dto/setting.dto';
import { SettingsService } from './settings.service';
import { QueryDto } from '../common/http/query-params';
import { VERSION_ETAG_HEADER, withEtag } from '../versions/etag';
import { VersionsService } from '../versions/versions.service';

@Injectable()
class SettingNamePipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!SETTING_NAME_PATTERN.test(value)) throw new BadRequestException(`"${String(value).slice(0, 40)}" is not a setting name`);
    return value;
  }
}

@ApiTags('settings')
@Controller('settings')
export class SettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly versions: VersionsService,
  ) {}

  @Get()
  @RequireRights('settings', 'list')
  @ApiOkResponse({ type: SettingDto, isArray: true, description: 'Sorted (id, name, updatedAt) and paged; filters id, name, q; the total is in Content-Range' })
  async list(@QueryDto() query: ListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<SettingDto[]> {
    const page = await this.settings.list(query);
    setContentRange(res, 'settings', page.start, page.items.length, page.total);
    return page.items;
  }

  @Get('public')
  @Public()
  @Header('Cache-Control', 'public, max-age=60')
  @ApiOkResponse({ type: PublicSettingsDto, description: 'The settings public pages show, with defaults where unset' })
  publicSettings(): Promise<PublicSettingsDto> {
    return this.settings.publicSettings();
  }

  @Get('option-lists')
  @SignedIn()
  @ApiOkResponse({
    schema: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, example: { sizes: ['S', 'M', 'L'] } },
    description: 'The `optionLists` setting: the choices of ZOHOOPTIONS fields, which editors of contents and forms pick from (they may lack ACCESS_SETTINGS)',
  })
  async optionLists(): Promise<Record<string, string[]>> {
    return (await this.settings.value('optionLists')) ?? {};
  }

  @Get('by-name/:name')
  @RequireRights('settings', 'show')
  @ApiParam({ name: 'name', example: 'siteName' })
  @ApiOkResponse({ type: SettingDto })
  getByName(@Param('name', SettingNamePipe) name: string): Promise<SettingDto> {
    return this.settings.getByName(name);
  }

  @Put('by-name/:name')
  @RequireRights('settings', 'edit')
  @ApiParam({ name: 'name', example: 'primaryColor' })
  @ApiOkResponse({ type: SettingDto, description: 'Created or replaced' })
  put(@Param('name', SettingNamePipe) name: string, @Body() body: SettingValueDto): Promise<SettingDto> {
    return this.settings.put(name, body.value);
  }

  @Get(':id')
  @RequireRights('settings', 'show')
  @ApiOkResponse({ type: SettingDto })
  get(@Param('id', IdPipe) id: number, @Res({ passthrough: true }) res: FastifyReply): Promise<SettingDto> {
    return withEtag(res, this.versions, 'settings', id, this.settings.get(id));
  }

  @Post()
  @RequireRights('settings', 'create')
  @ApiCreatedResponse({ type: SettingDto })
  create(@Body() body: CreateSettingDto): Promise<SettingDto> {
    return this.settings.create(body);
  }

  @Put(':id')
  @RequireRights('settings', 'edit')
  @ApiOkResponse({ headers: VERSION_ETAG_HEADER, type: SettingDto })
  async update(@Param('id', IdPipe) id: number, @Body() body: UpdateSettingDto, @Res({ passthrough: true }) res: FastifyReply): Promise<SettingDto> {
    const answer = await this.settings.update(id, body);
    return withEtag(res, this.versions, 'settings', id, Promise.resolve(answer));
  }

  @Delete(':id')
  @RequireRights('settings', 'delete')
  @ApiOkResponse({ type: SettingDto, description: 'The deleted record' })
  remove(@Param('id', IdPipe) id: number): Promise<SettingDto> {
    return this.settings.remove(id);
  }
}

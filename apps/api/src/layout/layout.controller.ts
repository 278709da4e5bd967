import { type Lang, LANGS } from '@cms/contracts';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Public, RequireRights } from '../common/auth/access.decorators';
import { LocalePipe } from '../common/http/params';
import { LayoutDto, LayoutRequestDto } from './dto/layout.dto';
import { LayoutService } from './layout.service';
import { QueryParam } from '../common/http/query-params';

const LOCALE_QUERY = { name: 'locale', required: false, enum: LANGS, description: 'Default en' };

@ApiTags('layout')
@Controller('layout')
export class LayoutController {
  constructor(private readonly layout: LayoutService) {}

  @Get()
  @Public()
  @ApiQuery(LOCALE_QUERY)
  @ApiOperation({
    summary: 'The site layout of a locale',
    description: 'HEADER, TOP_BODY, BOTTOM_BODY and FOOTER sections; a type the locale has none of falls back to en.',
  })
  @ApiOkResponse({ type: LayoutDto })
  get(@QueryParam('locale', LocalePipe) locale: Lang): Promise<LayoutDto> {
    return this.layout.get(locale);
  }

  @Post()
  @HttpCode(200)
  @RequireRights('layout', 'edit')
  @ApiQuery(LOCALE_QUERY)
  @ApiOperation({ summary: 'Replace the layout of a locale', description: 'In one transaction; answers the layout as GET does.' })
  @ApiOkResponse({ type: LayoutDto })
  @ApiBadRequestResponse({
    description: 'A section without a layout type, an unknown block, content that breaks its schema or a reference that does not exist',
  })
  replace(@QueryParam('locale', LocalePipe) locale: Lang, @Body() body: LayoutRequestDto): Promise<LayoutDto> {
    return this.layout.replace(locale, body);
  }
}

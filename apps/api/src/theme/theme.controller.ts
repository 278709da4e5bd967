import { DEFAULT_BACKGROUND_COLOR, DEFAULT_PRIMARY_COLOR, type ThemeResponse } from '@cms/contracts';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { Public } from '../common/auth/access.decorators';
import { Setting } from '../settings/setting.entity';
import { THEME_SETTINGS, themeFromSettings } from './theme';

export class ThemeDto implements ThemeResponse {
  @ApiProperty({ example: DEFAULT_PRIMARY_COLOR }) primaryColor: string;
  @ApiProperty({ example: DEFAULT_BACKGROUND_COLOR }) backgroundColor: string;
}

@ApiTags('theme')
@Controller('theme')
export class ThemeController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The site's colours from settings, with the spec's defaults. */
  @Get()
  @Public()
  @Header('Cache-Control', 'public, max-age=60')
  @ApiOkResponse({ type: ThemeDto })
  async theme(): Promise<ThemeDto> {
    return themeFromSettings(await this.dataSource.getRepository(Setting).findBy({ name: In(Object.values(THEME_SETTINGS)) }));
  }
}

import {
  DEFAULT_BACKGROUND_COLOR,
  DEFAULT_PRIMARY_COLOR,
  LANGS,
  SETTING_NAME_PATTERN,
  type CreateSettingRequest,
  type Lang,
  type LocalizedText,
  type PublicLogo,
  type PublicSettings,
  type SettingDto as SettingShape,
  type UpdateSettingRequest,
} from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, IsString, Matches, ValidateIf } from 'class-validator';
import { TakesBack } from '../../common/http/takes-back';
import { JSON_VALUE, LOCALIZED_TEXT_SCHEMA } from '../../common/openapi/schemas';

const VALUE_DOC =
  'Any JSON (at most 64 KiB). Known names are checked: siteName and cookieConsentText {en?,fr?,tr?,es?,it?} texts; ' +
  'primaryColor and backgroundColor "#RRGGBB"; defaultLocale one of en, fr, tr, es, it; smtpSender an e-mail; ' +
  'optionLists {"key": ["choice", …]}; logoMediaId and faviconMediaId the id of an image media, or null for none. ' +
  'null is refused for any other setting: delete it instead.';
const NAME_RULE = { message: 'name must start with a letter and hold only letters, digits, _ . - (at most 100)' };

export class SettingDto implements SettingShape {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'primaryColor' }) name: string;
  @ApiProperty({ oneOf: [JSON_VALUE], description: VALUE_DOC, example: '#26D17D' }) value: unknown;
  @ApiProperty() updatedAt: string;
}

export class CreateSettingDto implements CreateSettingRequest {
  @ApiProperty({ example: 'siteName', pattern: SETTING_NAME_PATTERN.source })
  @IsString()
  @Matches(SETTING_NAME_PATTERN, NAME_RULE)
  name: string;

  @ApiProperty({ oneOf: [JSON_VALUE], description: VALUE_DOC, example: { en: 'My site', fr: 'Mon site' } })
  @ValidateIf((body: { value?: unknown }) => body.value !== null)
  @IsDefined({ message: 'value is required' })
  value: unknown;
}

@TakesBack(() => SettingDto)
export class UpdateSettingDto implements UpdateSettingRequest {
  @ApiPropertyOptional({ pattern: SETTING_NAME_PATTERN.source })
  @IsOptional()
  @IsString()
  @Matches(SETTING_NAME_PATTERN, NAME_RULE)
  name?: string;

  @ApiProperty({ oneOf: [JSON_VALUE], description: VALUE_DOC })
  @ValidateIf((body: { value?: unknown }) => body.value !== null)
  @IsDefined({ message: 'value is required' })
  value: unknown;
}

@TakesBack(() => SettingDto)
export class SettingValueDto implements Omit<UpdateSettingRequest, 'name'> {
  @ApiProperty({ oneOf: [JSON_VALUE], description: VALUE_DOC })
  @ValidateIf((body: { value?: unknown }) => body.value !== null)
  @IsDefined({ message: 'value is required' })
  value: unknown;
}

const localizedExample = { en: 'My site', fr: 'Mon site' };

export class PublicLogoDto implements PublicLogo {
  @ApiProperty() uri: string;
  @ApiProperty() mimeType: string;
  @ApiProperty({ type: Number, nullable: true }) width: number | null;
  @ApiProperty({ type: Number, nullable: true }) height: number | null;
  @ApiProperty({ ...LOCALIZED_TEXT_SCHEMA, description: 'Alt texts per locale' }) alt: LocalizedText;
}

export class PublicSettingsDto implements PublicSettings {
  @ApiProperty({ ...LOCALIZED_TEXT_SCHEMA, example: localizedExample, description: 'Per locale; {} when unset' }) siteName: LocalizedText;
  @ApiProperty({ enum: LANGS, example: 'en' }) defaultLocale: Lang;
  @ApiProperty({ ...LOCALIZED_TEXT_SCHEMA, example: { en: 'We use cookies.' }, description: 'Per locale; {} when unset' }) cookieConsentText: LocalizedText;
  @ApiProperty({ example: DEFAULT_PRIMARY_COLOR }) primaryColor: string;
  @ApiProperty({ example: DEFAULT_BACKGROUND_COLOR }) backgroundColor: string;
  @ApiProperty({ type: PublicLogoDto, nullable: true, description: 'The image media named by the setting logoMediaId' })
  logo: PublicLogo | null;
}

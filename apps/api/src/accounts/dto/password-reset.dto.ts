import { LANGS, type Lang, type PasswordResetConfirmRequest, type PasswordResetRequest } from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

export class PasswordResetRequestDto implements PasswordResetRequest {
  @ApiProperty({ example: 'ann@example.com', description: 'Any text: an address that is no account’s gets the same answer' })
  @IsString()
  @MinLength(1)
  @MaxLength(254)
  email: string;

  @ApiPropertyOptional({
    enum: LANGS,
    description:
      'The language of the mail (the back office’s language of the person asking) when the account has no interface language of its own; default: the site’s default language',
  })
  @IsOptional()
  @IsIn(LANGS, { message: `locale must be one of ${LANGS.join(', ')}` })
  locale?: Lang;
}

export class PasswordResetConfirmDto implements PasswordResetConfirmRequest {
  @ApiProperty({ description: 'The token of the link sent by e-mail' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  token: string;

  @ApiProperty({ minLength: 8, maxLength: 512 })
  @IsString()
  @MinLength(8, { message: 'password must be at least 8 characters long' })
  @MaxLength(512)
  password: string;
}

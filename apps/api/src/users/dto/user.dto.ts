import { LANGS, type CreateUserRequest, type Lang, type UpdateUserRequest, type UserDto as UserShape } from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { ROLE_ID_PATTERN } from '../../roles/dto/role.dto';
import { TakesBack } from '../../common/http/takes-back';

const LANGUAGE_DESCRIPTION =
  'The language mails to the user are written in: the back office language they chose (PUT /api/me/language), or one set by whoever manages them. Null: none chosen (mails take the language a request names, else the site’s default)';

/** A user's mail language as a create or an edit gives it: one of ours, or null to forget it. */
function LanguageInput(): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({ enum: LANGS, nullable: true, example: 'fr', description: LANGUAGE_DESCRIPTION })(target, key);
    IsOptional()(target, key);
    IsIn([...LANGS, null], { message: `language must be one of ${LANGS.join(', ')}, or null` })(target, key);
  };
}

export class UserDto implements UserShape {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty() roleId: string;
  @ApiProperty({ enum: LANGS, nullable: true, example: 'fr', description: LANGUAGE_DESCRIPTION }) language: Lang | null;
  @ApiProperty() updatedAt: string;
}

export class CreateUserDto implements CreateUserRequest {
  @ApiProperty({ example: 'Ann Smith' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name: string;

  @ApiProperty({ example: 'ann@example.com' })
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  email: string;

  @ApiProperty({ minLength: 8, maxLength: 512 })
  @IsString()
  @MinLength(8, { message: 'password must be at least 8 characters long' })
  @MaxLength(512)
  password: string;

  @ApiProperty({ example: 'editor' })
  @IsString()
  @Matches(ROLE_ID_PATTERN, { message: 'roleId must be a role id' })
  roleId: string;

  @LanguageInput()
  language?: Lang | null;
}

@TakesBack(() => UserDto)
export class UpdateUserDto implements UpdateUserRequest {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  email?: string;

  @ApiPropertyOptional({ minLength: 8, maxLength: 512 })
  @IsOptional()
  @IsString()
  @MinLength(8, { message: 'password must be at least 8 characters long' })
  @MaxLength(512)
  password?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Matches(ROLE_ID_PATTERN, { message: 'roleId must be a role id' })
  roleId?: string;

  @LanguageInput()
  language?: Lang | null;

  @ApiPropertyOptional({ description: 'Required with `password` when changing one’s own password' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  currentPassword?: string;
}

import type { CreateUserRequest, UpdateUserRequest, UserDto as UserShape } from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { ROLE_ID_PATTERN } from '../../roles/dto/role.dto';
import { TakesBack } from '../../common/http/takes-back';

export class UserDto implements UserShape {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty() roleId: string;
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

  @ApiPropertyOptional({ description: 'Required with `password` when changing one’s own password' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  currentPassword?: string;
}

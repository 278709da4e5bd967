import { RightType, type CreateRoleRequest, type RoleDto as RoleShape, type UpdateRoleRequest } from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsEnum, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { TakesBack } from '../../common/http/takes-back';

export const ROLE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

export class RoleDto implements RoleShape {
  @ApiProperty({ example: 'editor' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: RightType, isArray: true }) rights: RightType[];
  @ApiProperty({ description: 'Its users set up two-factor sign-in before they get a session' }) requireTwoFactor: boolean;
  @ApiProperty() updatedAt: string;
}

export class CreateRoleDto implements CreateRoleRequest {
  @ApiPropertyOptional({ description: 'A key of lower-case letters, digits and dashes; derived from the name when absent', example: 'editor' })
  @IsOptional()
  @IsString()
  @Matches(ROLE_ID_PATTERN, { message: 'id must be lower-case letters, digits and dashes (at most 64), starting with a letter or digit' })
  id?: string;

  @ApiProperty({ example: 'Editor' })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  name: string;

  @ApiProperty({ enum: RightType, isArray: true })
  @IsArray()
  @ArrayUnique()
  @ArrayMaxSize(100)
  @IsEnum(RightType, { each: true, message: 'each right must be one of the RightType values' })
  rights: RightType[];

  @ApiPropertyOptional({ description: 'Its users set up two-factor sign-in before they get a session (a super-admin decides)', default: false })
  @IsOptional()
  @IsBoolean()
  requireTwoFactor?: boolean;
}

@TakesBack(() => RoleDto)
export class UpdateRoleDto implements UpdateRoleRequest {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({ enum: RightType, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @ArrayMaxSize(100)
  @IsEnum(RightType, { each: true, message: 'each right must be one of the RightType values' })
  rights?: RightType[];

  @ApiPropertyOptional({ description: 'Its users set up two-factor sign-in before they get a session (a super-admin decides)' })
  @IsOptional()
  @IsBoolean()
  requireTwoFactor?: boolean;
}

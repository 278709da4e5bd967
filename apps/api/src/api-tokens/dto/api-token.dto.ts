import {
  API_TOKEN_NAME_MAX_LENGTH,
  type ApiTokenCreatedDto as ApiTokenCreatedShape,
  type ApiTokenDto as ApiTokenShape,
  type ApiTokenRenameRequest,
  type ApiTokenRequest,
} from '@cms/contracts';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { TakesBack } from '../../common/http/takes-back';
import { ROLE_ID_PATTERN } from '../../roles/dto/role.dto';

export class ApiTokenRoleDto {
  @ApiProperty({ example: 'editor' }) id: string;
  @ApiProperty({ example: 'Editor' }) name: string;
}

export class ApiTokenCreatorDto {
  @ApiProperty() userId: number;
  @ApiProperty({ example: 'Ann Smith' }) userName: string;
}

export class ApiTokenDto implements ApiTokenShape {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'Static build' }) name: string;
  @ApiProperty({ type: ApiTokenRoleDto, description: 'The role whose rights the token acts with (within its creator’s)' }) role: ApiTokenRoleDto;
  @ApiProperty({ type: ApiTokenCreatorDto, description: 'Who made it' }) createdBy: ApiTokenCreatorDto;
  @ApiProperty({ example: 'cms_x7Qa', description: 'The first characters of the secret, to tell tokens apart' }) hint: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Last request made with it, to within a minute; null: never used' })
  lastUsedAt: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Null: never expires' }) expiresAt: string | null;
}

export class ApiTokenCreatedDto extends ApiTokenDto implements ApiTokenCreatedShape {
  @ApiProperty({
    example: 'cms_3q2-7wXb1cPzY9eVdKj0mRt5sUa8nLgHiFoE4QyZw6A',
    description: 'The secret, answered this once (only its digest is stored): send it as `Authorization: Bearer …` or in the `token` header',
  })
  secret: string;
}

const TokenName = () =>
  applyDecorators(
    ApiProperty({ example: 'Static build', maxLength: API_TOKEN_NAME_MAX_LENGTH }),
    IsString({ message: 'name must be a string' }),
    Matches(/\S/, { message: 'name must not be empty' }),
    MaxLength(API_TOKEN_NAME_MAX_LENGTH, { message: `name must be at most ${API_TOKEN_NAME_MAX_LENGTH} characters` }),
  );

export class CreateApiTokenDto implements ApiTokenRequest {
  @TokenName()
  name: string;

  @ApiProperty({ example: 'editor', description: 'A role the caller could give a user: its rights within the caller’s' })
  @IsString({ message: 'roleId must be a string' })
  @Matches(ROLE_ID_PATTERN, { message: 'roleId must be a role id' })
  roleId: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'date-time',
    example: '2027-06-30T00:00:00Z',
    description: 'In the future; omitted or null: never',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'expiresAt must be an ISO date-time, e.g. 2027-06-30T00:00:00Z' })
  expiresAt?: string | null;
}

@TakesBack(() => ApiTokenDto)
export class RenameApiTokenDto implements ApiTokenRenameRequest {
  @TokenName()
  name: string;
}

import type { ChangePasswordRequest, SignInRequest, SignInResponse } from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

export class SignInDto implements SignInRequest {
  @ApiProperty({ example: 'admin@example.com' })
  @IsString()
  @MinLength(1)
  @MaxLength(254)
  email: string;

  @ApiProperty({ example: 'correct horse battery staple' })
  @IsString()
  @MinLength(1)
  @MaxLength(512)
  password: string;
}

export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiProperty()
  @IsString()
  @MinLength(1)
  @MaxLength(512)
  currentPassword: string;

  @ApiProperty({ minLength: 8, maxLength: 512 })
  @IsString()
  @MinLength(8, { message: 'password must be at least 8 characters long' })
  @MaxLength(512)
  password: string;
}

export class SecondStepDto {
  @ApiProperty({ description: 'Send it back with the second step, within 5 minutes' })
  challenge: string;

  @ApiProperty({ enum: ['code', 'setup'], description: '`code`: POST /api/auth/two-factor; `setup`: the role requires two-factor sign-in, set it up first' })
  next: 'code' | 'setup';
}

export class SignInResponseDto implements SignInResponse {
  @ApiPropertyOptional({ description: 'Send it back in the `token` header' })
  token?: string;

  @ApiPropertyOptional({ type: SecondStepDto, description: 'Present instead of `token` when a second step is needed' })
  twoFactor?: SecondStepDto;
}

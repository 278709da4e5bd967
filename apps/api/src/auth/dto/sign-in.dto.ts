import type { ChangePasswordRequest, SignInRequest, SignInResponse } from '@cms/contracts';
import { ApiProperty } from '@nestjs/swagger';
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

export class SignInResponseDto implements SignInResponse {
  @ApiProperty({ description: 'Send it back in the `token` header' })
  token: string;
}

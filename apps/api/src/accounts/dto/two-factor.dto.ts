import type { RecoveryCodes, TwoFactorSetup, TwoFactorSignInRequest, TwoFactorStatus } from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

export class TwoFactorSignInDto implements TwoFactorSignInRequest {
  @ApiProperty({ description: 'The `twoFactor.challenge` of the sign-in answer' })
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  challenge: string;

  @ApiPropertyOptional({ example: '123456', description: 'A code of the authenticator app' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  code?: string;

  @ApiPropertyOptional({ example: 'abcde-fghjk', description: 'One of the recovery codes, instead of a code' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  recoveryCode?: string;
}

export class ChallengeDto {
  @ApiProperty({ description: 'The `twoFactor.challenge` of the sign-in answer (`next: setup`)' })
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  challenge: string;
}

export class ChallengeCodeDto extends ChallengeDto {
  @ApiProperty({ example: '123456', description: 'A code of the authenticator app just set up' })
  @IsString()
  @MinLength(1)
  @MaxLength(20)
  code: string;
}

export class TwoFactorCodeDto {
  @ApiProperty({ example: '123456', description: 'A code of the authenticator app just set up' })
  @IsString()
  @MinLength(1)
  @MaxLength(20)
  code: string;
}

export class TwoFactorOffDto {
  @ApiPropertyOptional({ description: 'The account’s password, or give `code`' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  password?: string;

  @ApiPropertyOptional({ example: '123456', description: 'A code of the authenticator app, or give `password`' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  code?: string;
}

export class TwoFactorSetupDto implements TwoFactorSetup {
  @ApiProperty({ description: 'The secret, base32, to type into an authenticator app' }) secret: string;
  @ApiProperty({ example: 'otpauth://totp/…' }) otpauthUrl: string;
  @ApiProperty({ description: 'A QR image of otpauthUrl: a PNG as a data: URL' }) qrCode: string;
}

export class TwoFactorStatusDto implements TwoFactorStatus {
  @ApiProperty() enabled: boolean;
  @ApiProperty({ description: 'The role requires it: it cannot be turned off' }) required: boolean;
  @ApiProperty() recoveryCodesLeft: number;
}

export class RecoveryCodesDto implements RecoveryCodes {
  @ApiProperty({ type: [String], description: 'Shown once; each works once instead of a code' }) recoveryCodes: string[];
}

export class SessionTokenDto {
  @ApiProperty({ description: 'Send it back in the `token` header' }) token: string;
}

export class RecoveryCodesAndTokenDto extends RecoveryCodesDto {
  @ApiProperty({ description: 'Send it back in the `token` header' }) token: string;
}

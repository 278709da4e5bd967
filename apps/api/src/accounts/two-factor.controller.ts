import { Body, Controller, Get, Header, HttpCode, Ip, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { NotAudited } from '../audit/audit.decorators';
import { CurrentAuth, Public, SignedIn } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import {
  ChallengeCodeDto,
  ChallengeDto,
  RecoveryCodesAndTokenDto,
  RecoveryCodesDto,
  SessionTokenDto,
  TwoFactorCodeDto,
  TwoFactorOffDto,
  TwoFactorSetupDto,
  TwoFactorSignInDto,
  TwoFactorStatusDto,
} from './dto/two-factor.dto';
import { TwoFactorService } from './two-factor.service';

/** The second step of a sign-in. */
@ApiTags('auth')
@Controller('auth/two-factor')
export class TwoFactorSignInController {
  constructor(private readonly factors: TwoFactorService) {}

  @Post()
  @HttpCode(200)
  @Public()
  @NotAudited()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: SessionTokenDto })
  @ApiUnauthorizedResponse({ description: 'The code is wrong or was already used, or the challenge expired' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong codes for this account or from this address; see Retry-After' })
  signIn(@Body() body: TwoFactorSignInDto, @Ip() ip: string): Promise<SessionTokenDto> {
    return this.factors.signIn(body.challenge, body, ip);
  }

  @Post('setup')
  @HttpCode(200)
  @Public()
  @NotAudited()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: TwoFactorSetupDto, description: 'The role requires two-factor sign-in: the secret to scan' })
  @ApiUnauthorizedResponse({ description: 'The challenge expired' })
  setup(@Body() body: ChallengeDto): Promise<TwoFactorSetupDto> {
    return this.factors.setupAtSignIn(body.challenge);
  }

  @Post('setup/confirm')
  @HttpCode(200)
  @Public()
  @NotAudited()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: RecoveryCodesAndTokenDto, description: 'Two-factor sign-in is on, and the session open' })
  @ApiBadRequestResponse({ description: 'The code is wrong' })
  @ApiUnauthorizedResponse({ description: 'The challenge expired' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong codes; see Retry-After' })
  confirm(@Body() body: ChallengeCodeDto, @Ip() ip: string): Promise<RecoveryCodesAndTokenDto> {
    return this.factors.enableAtSignIn(body.challenge, body.code, ip);
  }
}

/** One's own second factor. */
@ApiTags('auth')
@Controller('me/two-factor')
export class OwnTwoFactorController {
  constructor(private readonly factors: TwoFactorService) {}

  @Get()
  @SignedIn({ sessionOnly: true })
  @ApiOkResponse({ type: TwoFactorStatusDto })
  status(@CurrentAuth() auth: AuthContext): Promise<TwoFactorStatusDto> {
    return this.factors.status(auth);
  }

  @Post('setup')
  @HttpCode(200)
  @SignedIn({ sessionOnly: true })
  @NotAudited()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: TwoFactorSetupDto, description: 'A new secret to scan; it is used once a code of it is confirmed' })
  @ApiConflictResponse({ description: 'Two-factor sign-in is already on' })
  setup(@CurrentAuth() auth: AuthContext): Promise<TwoFactorSetupDto> {
    return this.factors.beginSetup(auth.loginId);
  }

  @Post('enable')
  @SignedIn({ sessionOnly: true })
  @NotAudited()
  @Header('Cache-Control', 'no-store')
  @ApiCreatedResponse({ type: RecoveryCodesDto, description: 'Two-factor sign-in is on; the recovery codes are shown once' })
  @ApiBadRequestResponse({ description: 'The code is wrong, or no set-up was started' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong codes; see Retry-After' })
  enable(@CurrentAuth() auth: AuthContext, @Body() body: TwoFactorCodeDto, @Ip() ip: string): Promise<RecoveryCodesDto> {
    return this.factors.enable(auth.loginId, body.code, ip);
  }

  @Post('disable')
  @HttpCode(204)
  @SignedIn({ sessionOnly: true })
  @NotAudited()
  @ApiNoContentResponse({ description: 'Two-factor sign-in is off' })
  @ApiBadRequestResponse({ description: 'Neither a right password nor a right code was given' })
  @ApiConflictResponse({ description: 'The role requires two-factor sign-in' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong attempts; see Retry-After' })
  async disable(@CurrentAuth() auth: AuthContext, @Body() body: TwoFactorOffDto, @Ip() ip: string): Promise<void> {
    await this.factors.disable(auth, body, ip);
  }
}

import { Body, Controller, Get, Header, HttpCode, Ip, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNoContentResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { NotAudited } from '../audit/audit.decorators';
import { CurrentAuth, Public, SignedIn } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { AuthService } from './auth.service';
import { MeDto, SetLanguageDto } from './dto/me.dto';
import { ChangePasswordDto, SignInDto, SignInResponseDto } from './dto/sign-in.dto';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('auth/signin')
  @HttpCode(200)
  @Public()
  @NotAudited()
  @ApiOkResponse({
    type: SignInResponseDto,
    description: '`token`; or, for an account with two-factor sign-in (or whose role requires it), `twoFactor` and no token yet',
  })
  @ApiUnauthorizedResponse({ description: 'Invalid e-mail or password' })
  @ApiTooManyRequestsResponse({ description: 'Too many failed sign-ins for this account or address; see Retry-After' })
  // The answer holds a new session token: no cache may keep it.
  @Header('Cache-Control', 'no-store')
  async signIn(@Body() body: SignInDto, @Ip() ip: string): Promise<SignInResponseDto> {
    return this.auth.signIn(body.email, body.password, ip);
  }

  @Post('auth/signout')
  @HttpCode(204)
  @SignedIn({ sessionOnly: true })
  @NotAudited()
  @ApiNoContentResponse({ description: 'The session is deleted; its token no longer works' })
  async signOut(@CurrentAuth() auth: AuthContext, @Ip() ip: string): Promise<void> {
    await this.auth.signOut(auth, ip);
  }

  @Get('me')
  @SignedIn({ unauthenticatedStatus: 403 })
  @ApiOkResponse({ type: MeDto, description: 'The signed-in user; 403 for a missing, invalid, expired or revoked token' })
  me(@CurrentAuth() auth: AuthContext): MeDto {
    return { id: auth.userId, name: auth.name, email: auth.email, role: auth.role, rights: auth.rights, language: auth.language };
  }

  @Put('me/language')
  @SignedIn({ sessionOnly: true })
  // A preference, not a change of the data anyone else sees: no audit entry.
  @NotAudited()
  @ApiOkResponse({ type: MeDto, description: 'The signed-in user, with the language stored' })
  @ApiBadRequestResponse({ description: 'The language is not one of the back office’s' })
  async setLanguage(@CurrentAuth() auth: AuthContext, @Body() body: SetLanguageDto): Promise<MeDto> {
    await this.auth.setOwnLanguage(auth, body.language);
    return { ...this.me(auth), language: body.language };
  }

  @Put('me/password')
  @HttpCode(204)
  @SignedIn({ sessionOnly: true })
  @NotAudited()
  @ApiNoContentResponse({ description: 'The password is changed; every other session of the user ends, this one stays' })
  @ApiBadRequestResponse({ description: 'The current password is missing or wrong, or the new one too short' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong current passwords; counted with the sign-in limits' })
  async changePassword(@CurrentAuth() auth: AuthContext, @Body() body: ChangePasswordDto, @Ip() ip: string): Promise<void> {
    await this.auth.changeOwnPassword(auth, body.currentPassword, body.password, ip);
  }
}

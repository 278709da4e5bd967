import { Global, Module } from '@nestjs/common';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { PasswordService } from './password.service';
import { SessionsService } from './sessions.service';
import { SignInLimiter } from './sign-in-limiter';
import { TwoFactorChallenges } from './two-factor-challenge';

/** Global because the access guard and the users module need sessions, passwords and the current-password check. */
@Global()
@Module({
  controllers: [AuthController],
  providers: [AuthService, PasswordService, SessionsService, SignInLimiter, TwoFactorChallenges],
  exports: [AuthService, PasswordService, SessionsService, TwoFactorChallenges],
})
export class AuthModule {}

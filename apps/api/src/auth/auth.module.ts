import { Global, Module } from '@nestjs/common';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { PasswordService } from './password.service';
import { SessionsService } from './sessions.service';
import { SignInLimiter } from './sign-in-limiter';

/** Global because the access guard and the users module need sessions and passwords. */
@Global()
@Module({
  controllers: [AuthController],
  providers: [AuthService, PasswordService, SessionsService, SignInLimiter],
  exports: [PasswordService, SessionsService],
})
export class AuthModule {}

import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { SettingsModule } from '../settings/settings.module';
import { AccountLimiter } from './account-limiter';
import { AccountLinks } from './account-links';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';

/** Accounts that look after themselves: password reset links, invitations, second factor. */
@Module({
  imports: [MailModule, SettingsModule],
  controllers: [PasswordResetController],
  providers: [AccountLimiter, AccountLinks, PasswordResetService],
})
export class AccountsModule {}

import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { RolesModule } from '../roles/roles.module';
import { SettingsModule } from '../settings/settings.module';
import { AccountLimiter } from './account-limiter';
import { AccountLinks } from './account-links';
import { InvitationAcceptanceController, InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';
import { OwnTwoFactorController, TwoFactorSignInController } from './two-factor.controller';
import { TwoFactorService } from './two-factor.service';

/** Accounts that look after themselves: password reset links, invitations, second factor. */
@Module({
  imports: [MailModule, SettingsModule, RolesModule],
  controllers: [PasswordResetController, InvitationsController, InvitationAcceptanceController, TwoFactorSignInController, OwnTwoFactorController],
  providers: [AccountLimiter, AccountLinks, PasswordResetService, InvitationsService, TwoFactorService],
})
export class AccountsModule {}

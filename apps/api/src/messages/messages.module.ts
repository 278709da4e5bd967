import { Module } from '@nestjs/common';
import { FormsModule } from '../forms/forms.module';
import { MailModule } from '../mail/mail.module';
import { SettingsModule } from '../settings/settings.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { FormSubmissionsController } from './form-submissions.controller';
import { MessagesController } from './messages.controller';
import { MessagesService } from './messages.service';
import { SubmissionLimiter } from './submission-limiter';
import { SubmissionsService } from './submissions.service';

@Module({
  imports: [FormsModule, MailModule, SettingsModule, WebhooksModule],
  controllers: [MessagesController, FormSubmissionsController],
  providers: [MessagesService, SubmissionsService, SubmissionLimiter],
})
export class MessagesModule {}

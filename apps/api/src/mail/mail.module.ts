import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { MailWorker } from './mail-worker';
import { MailService } from './mail.service';

@Module({ imports: [SettingsModule], providers: [MailService, MailWorker], exports: [MailService] })
export class MailModule {}

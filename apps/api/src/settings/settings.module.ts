import { Module } from '@nestjs/common';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';
import { versionsController } from '../versions/versions.controller';

@Module({
  controllers: [SettingsController, versionsController('settings', SettingsService, 'setting')],
  providers: [SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}

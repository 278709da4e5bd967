import { Module } from '@nestjs/common';
import { FormsController } from './forms.controller';
import { FormsService } from './forms.service';
import { versionsController } from '../versions/versions.controller';

@Module({ controllers: [FormsController, versionsController('forms', FormsService, 'form')], providers: [FormsService], exports: [FormsService] })
export class FormsModule {}

import { Global, Module } from '@nestjs/common';
import { InstanceEventsService } from './instance-events.service';

@Global()
@Module({ providers: [InstanceEventsService], exports: [InstanceEventsService] })
export class InstanceEventsModule {}

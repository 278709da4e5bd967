import { Global, Module } from '@nestjs/common';
import { RevalidationController } from './revalidation.controller';
import { RevalidationService } from './revalidation.service';

@Global()
@Module({ controllers: [RevalidationController], providers: [RevalidationService], exports: [RevalidationService] })
export class RevalidationModule {}

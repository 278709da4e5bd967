import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { PresenceController } from './presence.controller';
import { RequestContextInterceptor } from './request-context';
import { VersionsService } from './versions.service';

/** Versions of records, the request context that names who writes, and who has a record open. */
@Global()
@Module({
  controllers: [PresenceController],
  providers: [VersionsService, { provide: APP_INTERCEPTOR, useClass: RequestContextInterceptor }],
  exports: [VersionsService],
})
export class VersionsModule {}

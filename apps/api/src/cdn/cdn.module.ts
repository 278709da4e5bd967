import { Global, Module } from '@nestjs/common';
import { CdnPurgeService } from './cdn-purge.service';

/** Shared caches in front of the site: the purges sent to them (the headers are the page read's, pages/). */
@Global()
@Module({ providers: [CdnPurgeService], exports: [CdnPurgeService] })
export class CdnModule {}

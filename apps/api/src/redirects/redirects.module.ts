import { Module } from '@nestjs/common';
import { RedirectsService } from './redirects.service';

/** The public site's redirects: kept on renames and moves (SlugsService), resolved by the page read (PagesService). */
@Module({ providers: [RedirectsService], exports: [RedirectsService] })
export class RedirectsModule {}

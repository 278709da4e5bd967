import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module';
import { RedirectsAdminService } from './redirects-admin.service';
import { RedirectsController } from './redirects.controller';
import { RedirectsService } from './redirects.service';

/**
 * The public site's redirects: kept on renames and moves (SlugsService), resolved by the page read
 * (PagesService), managed by staff (RedirectsController: CRUD and CSV import).
 */
@Module({ imports: [StorageModule], controllers: [RedirectsController], providers: [RedirectsService, RedirectsAdminService], exports: [RedirectsService] })
export class RedirectsModule {}

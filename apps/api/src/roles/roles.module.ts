import { Module } from '@nestjs/common';
import { AccessesModule } from '../accesses/accesses.module';
import { RolesController } from './roles.controller';
import { RolesService } from './roles.service';

@Module({ imports: [AccessesModule], controllers: [RolesController], providers: [RolesService], exports: [RolesService] })
export class RolesModule {}

import { Module } from '@nestjs/common';
import { RolesModule } from '../roles/roles.module';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({ imports: [RolesModule], controllers: [UsersController], providers: [UsersService] })
export class UsersModule {}

import { Global, Module } from '@nestjs/common';
import { RolesModule } from '../roles/roles.module';
import { ApiTokensController } from './api-tokens.controller';
import { ApiTokensService } from './api-tokens.service';

/** API tokens. Global because the access guard resolves them. */
@Global()
@Module({ imports: [RolesModule], controllers: [ApiTokensController], providers: [ApiTokensService], exports: [ApiTokensService] })
export class ApiTokensModule {}

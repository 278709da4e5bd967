import { Module } from '@nestjs/common';
import { AccessesService } from './accesses.service';

@Module({ providers: [AccessesService], exports: [AccessesService] })
export class AccessesModule {}

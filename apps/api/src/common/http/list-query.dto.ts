import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import type { RawListQuery } from './list-query';

/** The ra-data-simple-rest list parameters, as JSON strings; parsed against each resource's allow-list. */
export class ListQueryDto implements RawListQuery {
  @ApiPropertyOptional({ example: '["updatedAt","DESC"]' })
  @IsOptional()
  @IsString({ message: 'sort must be given once, as JSON' })
  sort?: string;

  @ApiPropertyOptional({ example: '[0,24]' })
  @IsOptional()
  @IsString({ message: 'range must be given once, as JSON' })
  range?: string;

  @ApiPropertyOptional({ example: '{"q":"news"}' })
  @IsOptional()
  @IsString({ message: 'filter must be given once, as JSON' })
  filter?: string;
}

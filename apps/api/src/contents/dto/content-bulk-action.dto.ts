import {
  BULK_ACTION_MAX_IDS,
  CONTENT_BULK_ACTIONS,
  Status,
  type BulkRecordError,
  type BulkUndoItem,
  type ContentBulkAction,
  type ContentBulkActionRequest,
  type ContentBulkActionResult,
} from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsEnum, IsIn, IsOptional, ValidateNested } from 'class-validator';
import { IsRecordId, IsRecordIds } from '../../common/http/record-ids';

export class BulkUndoItemDto implements BulkUndoItem {
  @ApiProperty({ example: 12 })
  @IsRecordId()
  id: number;

  @ApiProperty({ description: 'The latest version the action left the content at', example: 340 })
  @IsRecordId()
  version: number;

  @ApiProperty()
  @IsBoolean()
  published: boolean;

  @ApiProperty({ enum: Status })
  @IsEnum(Status, { message: 'status must be AVAILABLE or DISCONTINUED' })
  status: Status;

  @ApiProperty({ example: 3 })
  @IsRecordId()
  containerId: number;
}

export class ContentBulkActionDto implements ContentBulkActionRequest {
  @ApiProperty({ enum: CONTENT_BULK_ACTIONS })
  @IsIn(CONTENT_BULK_ACTIONS, { message: `action must be one of ${CONTENT_BULK_ACTIONS.join(', ')}` })
  action: ContentBulkAction;

  @ApiPropertyOptional({
    type: [Number],
    minItems: 1,
    maxItems: BULK_ACTION_MAX_IDS,
    description: `1 to ${BULK_ACTION_MAX_IDS} distinct content ids (every action but undo)`,
  })
  @IsOptional()
  @IsRecordIds(BULK_ACTION_MAX_IDS)
  @ArrayMinSize(1, { message: 'ids must name at least one content' })
  ids?: number[];

  @ApiPropertyOptional({ enum: Status, description: 'With `status`: the status the contents take' })
  @IsOptional()
  @IsEnum(Status, { message: 'status must be AVAILABLE or DISCONTINUED' })
  status?: Status;

  @ApiPropertyOptional({ description: 'With `move`: the container the contents go to', example: 4 })
  @IsOptional()
  @IsRecordId()
  containerId?: number;

  @ApiPropertyOptional({ type: [BulkUndoItemDto], description: 'With `undo`: the `undo` list of the action to undo, as it was answered' })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1, { message: 'undo must name at least one content' })
  @ArrayMaxSize(BULK_ACTION_MAX_IDS)
  @ValidateNested({ each: true })
  @Type(() => BulkUndoItemDto)
  undo?: BulkUndoItemDto[];
}

export class ContentBulkActionResultDto implements ContentBulkActionResult {
  @ApiProperty({ enum: CONTENT_BULK_ACTIONS })
  action: ContentBulkAction;

  @ApiProperty({ description: 'How many contents changed' })
  count: number;

  @ApiProperty({ type: [Number] })
  ids: number[];

  @ApiProperty({ type: [Number], description: 'Contents that were already as asked, untouched' })
  unchanged: number[];

  @ApiProperty({ type: [BulkUndoItemDto], description: 'Send back as `{ "action": "undo", "undo": [...] }` to put the contents back' })
  undo: BulkUndoItemDto[];
}

export class BulkRecordErrorDto implements BulkRecordError {
  @ApiProperty()
  id: number;

  @ApiProperty()
  message: string;
}

export class BulkActionRefusalDto {
  @ApiProperty({ example: 400 })
  statusCode: number;

  @ApiProperty({ example: 'Invalid input. 1 of 3 contents refused, nothing was changed: content 7: fields.price: is required' })
  message: string;

  @ApiPropertyOptional({ enum: ['refused-records'], description: 'When contents were refused (not for a body of the wrong shape)' })
  code?: string;

  @ApiPropertyOptional({ type: [BulkRecordErrorDto], description: 'Each content refused, and why (when contents were refused)' })
  records?: BulkRecordErrorDto[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    description: 'A body of the wrong shape: the problems by path (`ids`, `status`)',
  })
  errors?: Record<string, string[]>;
}

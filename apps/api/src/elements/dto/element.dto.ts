import { BLOCK_NAMES, type ElementDto as ElementShape, type ElementRequest, Status, type UpdateElementRequest } from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEnum, IsObject, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IsRecordId } from '../../common/http/record-ids';
import { TakesBack } from '../../common/http/takes-back';
import { JSON_VALUE } from '../../common/openapi/schemas';

const REUSABLE = BLOCK_NAMES.filter((b) => b !== 'element' && b !== 'contents');

class ElementWriteDto {
  @ApiPropertyOptional({ type: 'object', additionalProperties: JSON_VALUE, description: "The block's content, checked against its schema (and `theme`)" })
  @IsOptional()
  @IsObject()
  content?: Record<string, unknown>;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'The form of a `form` element' })
  @IsOptional()
  @IsRecordId()
  formId?: number | null;

  @ApiPropertyOptional({ enum: Status })
  @IsOptional()
  @IsEnum(Status, { message: 'status must be AVAILABLE or DISCONTINUED' })
  status?: Status;
}

export class CreateElementDto extends ElementWriteDto implements ElementRequest {
  @ApiProperty({ example: 'Newsletter call to action' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  title: string;

  @ApiProperty({ enum: REUSABLE })
  @IsString()
  @MaxLength(50)
  block: string;
}

@TakesBack(() => ElementDto)
export class UpdateElementDto extends ElementWriteDto implements UpdateElementRequest {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  title?: string;

  @ApiPropertyOptional({ enum: REUSABLE })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  block?: string;
}

export class ElementDto implements ElementShape {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty({ enum: REUSABLE }) block: string;
  @ApiProperty({ type: Number, nullable: true }) formId: number | null;
  @ApiProperty({ type: 'object', additionalProperties: JSON_VALUE }) content: Record<string, unknown>;
  @ApiProperty({ enum: Status }) status: Status;
  @ApiProperty() updatedAt: string;
}

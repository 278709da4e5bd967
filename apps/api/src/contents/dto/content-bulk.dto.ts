import {
  BULK_MAX_ITEMS,
  Lang,
  Status,
  type BulkContentItem,
  type BulkContentsRequest,
  type BulkContentsResult,
  type BulkItemError,
  type BulkLocaleValues,
  type ContentFieldValue,
  type ExportedContent,
} from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsObject, IsOptional } from 'class-validator';
import { JSON_VALUE } from '../../common/openapi/schemas';
import { CreateContentDto } from './content.dto';

const LOCALES_DOC: ApiPropertyOptions = {
  type: 'object',
  description:
    'Other locales\' own field values (`{ "fr": { "fields": { "price": 12 } } }`), each checked as `fields` is in that locale; ' +
    'not the locale of `?locale=`, whose values are `fields`',
  additionalProperties: { type: 'object', properties: { fields: { type: 'object', additionalProperties: JSON_VALUE } }, required: ['fields'] },
  example: { fr: { fields: { title: 'Bonjour' } } },
};

/** One content of a bulk create: the body of one POST /api/contents, and optionally other locales' values. */
export class BulkContentItemDto extends CreateContentDto implements BulkContentItem {
  @ApiPropertyOptional(LOCALES_DOC)
  @IsOptional()
  @IsObject()
  locales?: Partial<Record<Lang, BulkLocaleValues>>;
}

export class BulkContentsDto implements Omit<BulkContentsRequest, 'items'> {
  @ApiProperty({
    type: [BulkContentItemDto],
    minItems: 1,
    maxItems: BULK_MAX_ITEMS,
    description: `From 1 to ${BULK_MAX_ITEMS} contents, each checked as one POST /api/contents is (an error names its index)`,
  })
  @IsArray()
  @ArrayMinSize(1, { message: 'items must hold at least one content' })
  @ArrayMaxSize(BULK_MAX_ITEMS, { message: `items must hold at most ${BULK_MAX_ITEMS} contents: send them in batches` })
  // Each item is checked by the service against BulkContentItemDto, so that a refusal names its index.
  items: unknown[];
}

export class BulkContentsResultDto implements BulkContentsResult {
  @ApiProperty({ description: 'How many contents were created (a dry run: would be)' }) count: number;
  @ApiProperty({ type: [Number], description: 'The new contents’ ids, in the order of the items (empty on a dry run)' }) ids: number[];
  @ApiProperty({ description: 'True when nothing was written (`?dryRun=true`)' }) dryRun: boolean;
}

export class BulkItemErrorDto implements BulkItemError {
  @ApiProperty({ description: 'The item’s index in `items`, from 0', example: 3 }) index: number;
  @ApiProperty({ description: 'The path in the item', example: 'fields.price' }) field: string;
  @ApiProperty({ example: 'must be a number' }) message: string;
}

export class BulkRefusalDto {
  @ApiProperty({ enum: [400, 409] }) statusCode: number;
  @ApiProperty({ example: 'Invalid input. 1 of 500 items refused: item 3 fields.price: must be a number' }) message: string;
  @ApiPropertyOptional({ enum: ['invalid-items'], description: 'When items break their rules (not for an envelope without items or with too many)' })
  code?: 'invalid-items';
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    description: 'The same problems by path, `items.3.fields.price`',
  })
  errors: Record<string, string[]>;
  @ApiPropertyOptional({ type: [BulkItemErrorDto], description: 'Every problem: the item, the path in it, the rule (when items break their rules)' })
  itemErrors?: BulkItemErrorDto[];
}

export class ExportedContentDto implements ExportedContent {
  @ApiProperty() id: number;
  @ApiProperty() containerId: number;
  @ApiProperty() title: string;
  @ApiProperty({ type: String, nullable: true, description: "en's segment of its page (null: no page)" }) slug: string | null;
  @ApiProperty() published: boolean;
  @ApiProperty({ enum: Status }) status: Status;
  @ApiProperty({ type: 'object', additionalProperties: JSON_VALUE, description: 'en’s values, as GET /api/contents/{id} answers them' }) fields: Record<
    string,
    ContentFieldValue
  >;
  @ApiProperty(LOCALES_DOC) locales: Partial<Record<Lang, BulkLocaleValues>>;
}

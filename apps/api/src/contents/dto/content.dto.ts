import {
  Lang,
  MAX_ID,
  Status,
  type ContentDto as ContentShape,
  type ContentFieldValue,
  type ContentRequest,
  type ContentSummary,
  type ContentPreviewDto as ContentPreview,
  type UpdateContentRequest,
} from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsEnum, IsInt, IsISO8601, IsObject, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { AccessEntryDto } from '../../accesses/dto/access.dto';
import { ListQueryDto } from '../../common/http/list-query.dto';
import { PageWriteDto } from '../../containers/dto/container.dto';
import { MetadataEntryDto } from '../../metadata/dto/metadata.dto';
import { SectionDto } from '../../sections/dto/section.dto';
import { TakesBack } from '../../common/http/takes-back';
import { JSON_VALUE } from '../../common/openapi/schemas';

const FIELDS_DOC = {
  type: 'object',
  additionalProperties: JSON_VALUE,
  description:
    'Field name → value in the `?locale=`: text types, OPTION, ZOHOOPTIONS and COLOR (#RRGGBB) are strings; DATE YYYY-MM-DD or an ISO date-time; NUMBER, POSITION numbers; ' +
    'BOOLEAN; IMAGE, FILE, VIDEO a media id; CONTENT a content id; LOCATION {lat, lng}; TIMERANGE {start, end}; a list of them when the field is multiple. ' +
    "null clears the locale's value (it then falls back to en); names not given are kept.",
  example: { price: 12.5, tags: ['new', 'sale'], cover: 3 },
} as const;

class ContentWriteDto extends PageWriteDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  published?: boolean;

  @ApiPropertyOptional({ enum: Status })
  @IsOptional()
  @IsEnum(Status, { message: 'status must be AVAILABLE or DISCONTINUED' })
  status?: Status;

  @ApiPropertyOptional(FIELDS_DOC)
  @IsOptional()
  @IsObject()
  fields?: Record<string, ContentFieldValue>;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'date-time',
    example: '2026-12-01T09:00:00Z',
    description:
      'Publish then (on a drafts container: make the draft live), once, within a minute; null clears. Applies at once, not through the draft. ' +
      'A time in the past is refused (400)',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'publishAt must be an ISO date-time, e.g. 2026-12-01T09:00:00Z' })
  publishAt?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'Unpublish then, once, within a minute; null clears. After publishAt when both are set',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'unpublishAt must be an ISO date-time, e.g. 2026-12-31T23:00:00Z' })
  unpublishAt?: string | null;
}

export class CreateContentDto extends ContentWriteDto implements ContentRequest {
  @ApiProperty({ example: 'Hello world' })
  @IsString()
  @MinLength(1)
  @MaxLength(300)
  title: string;

  @ApiProperty()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  containerId: number;
}

@TakesBack(() => ContentDto)
export class UpdateContentDto extends ContentWriteDto implements UpdateContentRequest {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(300)
  title?: string;

  @ApiPropertyOptional({ description: 'May be sent, not changed: a content stays in its container' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  containerId?: number;
}

export class ContentSummaryDto implements ContentSummary {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty() containerId: number;
  @ApiProperty() published: boolean;
  @ApiProperty({ enum: Status }) status: Status;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The page's segment in the locale asked: en's in en; elsewhere the locale's own, null when it uses en's (`defaultSlug`)",
  })
  slug: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '/blog/hello',
    description: "The page's path in the locale asked, without locale prefix (null: no page)",
  })
  path: string | null;
  @ApiProperty() updatedAt: string;
  @ApiProperty({ enum: Lang }) locale: Lang;
  @ApiProperty({ ...FIELDS_DOC, description: 'Values in the locale, each falling back to en where the locale has none' }) fields: Record<
    string,
    ContentFieldValue
  >;
  @ApiProperty({ type: [String], description: "Fields whose value is en's" }) fallbackFields: string[];
  @ApiProperty({ description: 'A working draft waits that differs from the live version (GET /api/contents/{id} answers it to staff)' }) hasDraft: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'When a publish last made it live' }) publishedAt: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'When it is to be published, once' }) publishAt: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'When it is to be unpublished, once' }) unpublishAt: string | null;
}

export class ContentDto extends ContentSummaryDto implements ContentShape {
  @ApiProperty({ description: "Its container's drafts switch: a PUT changes the draft, POST /api/contents/{id}/publish makes it live" }) drafts: boolean;
  @ApiProperty({ type: Number, nullable: true }) parentSlugId: number | null;
  @ApiProperty({ type: Number, nullable: true }) slugId: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "en's segment of the page: the placeholder of another locale's `slug`, which is null while that locale uses it",
  })
  defaultSlug: string | null;
  @ApiProperty({ type: [SectionDto] }) sections: SectionDto[];
  @ApiProperty() sectionsFallback: boolean;
  @ApiProperty({ type: [MetadataEntryDto] }) metadata: MetadataEntryDto[];
  @ApiProperty() metadataFallback: boolean;
  @ApiProperty({ type: [AccessEntryDto] }) accesses: AccessEntryDto[];
}

/** What `fields=` takes, for OpenAPI. */
export const PROJECTION_DOC =
  'The names answered, separated by commas: keys of the content (title, status, updatedAt…), `fields` (all its fields) or `fields.<name>` ' +
  '(those fields only, null when a content has no value; the list needs one containerId in the filter). `id` is always answered. ' +
  'An unknown name is a 400.';

export class ContentListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: Lang, description: 'The locale of the fields (and of the full-text search `q`); default en' })
  @IsOptional()
  @IsString()
  locale?: string;

  @ApiPropertyOptional({
    description:
      'A JSON object; conditions AND together. The list’s own keys (id, containerId, published, status, q, state, translation) take a value or a list ' +
      'of values. `fields.<name>` keys (with one containerId) compare a field’s value in `?locale=` (the locale’s own value, else en’s, as answered ' +
      'in `fields`): a plain value is `eq`, or an object of operators eq, ne, lt, lte, gt, gte, in (a list), contains (text, case-insensitive), ' +
      'null (true: no value; false: a value). Operators by type: text (STRING, PARAGRAPH, RICHTEXT, LINK) eq ne in contains null; OPTION, ' +
      'ZOHOOPTIONS, COLOR eq ne in null; NUMBER, POSITION, DATE eq ne lt lte gt gte in null; BOOLEAN eq ne null; IMAGE, FILE, VIDEO, CONTENT ' +
      '(ids) eq ne in null; LOCATION, TIMERANGE null. On a multiple field eq, in and contains match when any value does; ne matches when none ' +
      'does (contents without a value match ne). A field that does not exist, an operator its type does not take or a value of the wrong type is a 400.',
    examples: {
      equality: { value: '{"containerId":3,"published":true}' },
      range: { value: '{"containerId":3,"fields.price":{"gte":10,"lt":100}}' },
      several: { value: '{"containerId":3,"fields.category":{"in":["chairs","tables"]},"fields.title":{"contains":"oak"},"fields.cover":{"null":false}}' },
    },
  })
  @IsOptional()
  @IsString({ message: 'filter must be given once, as JSON' })
  override filter?: string = undefined;

  @ApiPropertyOptional({
    description:
      'A JSON pair [key, "ASC" | "DESC"]: id, title, updatedAt (default, DESC), published, status, containerId, or `fields.<name>` (with one containerId ' +
      'in the filter) of a field that is not multiple, of type text, OPTION, ZOHOOPTIONS, COLOR, NUMBER, POSITION, DATE or BOOLEAN, by its value ' +
      'in `?locale=` (text whatever its case); contents without a value come last in both orders, then ties by id.',
    examples: { default: { value: '["updatedAt","DESC"]' }, field: { value: '["fields.date","DESC"]' } },
  })
  @IsOptional()
  @IsString({ message: 'sort must be given once, as JSON' })
  override sort?: string = undefined;

  @ApiPropertyOptional({ description: PROJECTION_DOC, example: 'title,fields.price' })
  @IsOptional()
  @IsString({ message: 'fields must be given once, as names separated by commas' })
  fields?: string;
}

export class ContentPreviewDto implements ContentPreview {
  @ApiProperty({
    example: '/fr/blog/hello?preview=eyJj…',
    description: 'A page of the public site that renders the draft, for whoever opens it until expiresAt',
  })
  url: string;
  @ApiProperty({ format: 'date-time', description: 'One hour after it was made, at most' }) expiresAt: string;
}

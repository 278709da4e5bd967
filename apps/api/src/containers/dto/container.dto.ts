import {
  CONTAINER_FIELD_NAME_PATTERN,
  type ContainerDto as ContainerShape,
  type ContainerFieldDto as ContainerFieldShape,
  type ContainerFieldInput,
  ContainerFieldType,
  type ContainerListItem,
  type ContainerRequest,
  type ContainerSummary,
  Lang,
  MAX_ID,
  SECTIONS_POSITION_MAX,
  Status,
  type UpdateContainerRequest,
} from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEnum,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { AccessEntryDto } from '../../accesses/dto/access.dto';
import { ListQueryDto } from '../../common/http/list-query.dto';
import { MetadataEntryDto } from '../../metadata/dto/metadata.dto';
import { SectionDto, SectionInputDto } from '../../sections/dto/section.dto';
import { TakesBack } from '../../common/http/takes-back';
import { JSON_VALUE } from '../../common/openapi/schemas';

/** At most this many fields per container (sectionsPosition counts up to it: SECTIONS_POSITION_MAX). */
const MAX_CONTAINER_FIELDS = SECTIONS_POSITION_MAX;

export class ContainerFieldInputDto implements ContainerFieldInput {
  @ApiPropertyOptional({ description: 'An existing field of this container; renaming it keeps its values' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  id?: number;

  @ApiPropertyOptional({ description: 'Ignored: the order is the list’s' })
  @IsOptional()
  @IsInt()
  position?: number;

  @ApiProperty({ example: 'Price' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  label: string;

  @ApiProperty({ example: 'price', description: 'A letter, then letters, digits or _ (at most 100): the key in a content’s `fields`' })
  @IsString()
  @Matches(CONTAINER_FIELD_NAME_PATTERN, { message: 'name must start with a letter and hold only letters, digits and _ (at most 100)' })
  name: string;

  @ApiProperty({ enum: ContainerFieldType })
  @IsEnum(ContainerFieldType, { message: `type must be one of ${Object.values(ContainerFieldType).join(', ')}` })
  type: ContainerFieldType;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  required?: boolean;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Length for text, value for numbers, count of items when multiple' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  min?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  max?: number | null;

  @ApiPropertyOptional({ default: false, description: 'The value is a list' })
  @IsOptional()
  @IsBoolean()
  multiple?: boolean;

  @ApiPropertyOptional({ type: [String], nullable: true, description: 'The choices of an OPTION field' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  @MaxLength(500, { each: true })
  options?: string[] | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'ZOHOOPTIONS: the key of its list in the optionLists setting' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  zohoOptionsKey?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'CONTENT: the container its contents must come from' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  linkedContainerId?: number | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: JSON_VALUE, nullable: true, description: 'Free JSON for the back office' })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;
}

export class ContainerFieldDto implements ContainerFieldShape {
  @ApiProperty() id: number;
  @ApiProperty() label: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ContainerFieldType }) type: ContainerFieldType;
  @ApiProperty() required: boolean;
  @ApiProperty({ type: Number, nullable: true }) min: number | null;
  @ApiProperty({ type: Number, nullable: true }) max: number | null;
  @ApiProperty() multiple: boolean;
  @ApiProperty({ type: [String], nullable: true }) options: string[] | null;
  @ApiProperty({ type: String, nullable: true }) zohoOptionsKey: string | null;
  @ApiProperty({ type: Number, nullable: true }) linkedContainerId: number | null;
  @ApiProperty({ type: 'object', additionalProperties: JSON_VALUE, nullable: true }) metadata: Record<string, unknown> | null;
  @ApiProperty() position: number;
}

/** The page parts shared by containers and contents: slug, sections, metadata, accesses. */
export class PageWriteDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'blog',
    description:
      "The page's slug segment: lower-case words and dashes. In en (no ?locale=): '' (at the root) makes it the home page, null removes the page. " +
      "In another locale (PUT ?locale=fr): that locale's own segment (its address becomes /fr/<parent's fr path>/<segment>); null or '' clears it (the locale uses en's). " +
      'Every address that changes (the page’s and its descendants’, in every locale) leaves a 301 redirect from the old one.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  slug?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'The slug this page hangs under (null: the root)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  parentSlugId?: number | null;

  @ApiPropertyOptional({ type: [SectionInputDto], description: 'Replaces the PAGE sections of the locale, in this order' })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => SectionInputDto)
  sections?: SectionInputDto[];

  @ApiPropertyOptional({ type: [MetadataEntryDto], description: 'Replaces the <meta> pairs of the locale' })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => MetadataEntryDto)
  metadata?: MetadataEntryDto[];

  @ApiPropertyOptional({ type: [AccessEntryDto], description: 'Replaces the roles that may read the page; none: the page is public' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => AccessEntryDto)
  accesses?: AccessEntryDto[];

  @ApiPropertyOptional({
    type: Boolean,
    description:
      'Must be true for `accesses: []` to take away the last access of a page that has some (it turns public; a content then follows its container). Without it that write is a 400. Ignored otherwise.',
  })
  @IsOptional()
  @IsBoolean()
  clearAccesses?: boolean;
}

class ContainerWriteDto extends PageWriteDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  published?: boolean;

  @ApiPropertyOptional({ enum: Status })
  @IsOptional()
  @IsEnum(Status, { message: 'status must be AVAILABLE or DISCONTINUED' })
  status?: Status;

  @ApiPropertyOptional({
    description:
      'Drafts: a PUT of its contents changes their working draft only; POST /api/contents/{id}/publish makes it live. Its own page follows: a PUT’s ' +
      '`sections` and `metadata` go to its draft (POST /api/containers/{id}/publish). Off when absent on create. ' +
      'Turning it off is refused while contents or its own page have drafts (publish or discard them first)',
  })
  @IsOptional()
  @IsBoolean()
  drafts?: boolean;

  @ApiPropertyOptional({ description: 'Contents of this container have no sections of their own' })
  @IsOptional()
  @IsBoolean()
  disableContentSections?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  hideFooter?: boolean;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: SECTIONS_POSITION_MAX,
    description: "Where a content's page shows its sections among its fields: null after the last field, 0 before the first, n after the n-th",
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsInt({ message: 'sectionsPosition must be a whole number from 0 to 100, or null (after the last field)' })
  @Min(0, { message: 'sectionsPosition must be a whole number from 0 to 100, or null (after the last field)' })
  @Max(SECTIONS_POSITION_MAX, { message: 'sectionsPosition must be a whole number from 0 to 100, or null (after the last field)' })
  sectionsPosition?: number | null;

  @ApiPropertyOptional({ type: [ContainerFieldInputDto], description: 'Every field definition, in order: absent ones are removed with their values' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_CONTAINER_FIELDS)
  @ValidateNested({ each: true })
  @Type(() => ContainerFieldInputDto)
  fields?: ContainerFieldInputDto[];
}

export class CreateContainerDto extends ContainerWriteDto implements ContainerRequest {
  @ApiProperty({ example: 'Blog' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  title: string;
}

@TakesBack(() => ContainerDto)
export class UpdateContainerDto extends ContainerWriteDto implements UpdateContainerRequest {
  @ApiPropertyOptional({ example: 'Blog' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  title?: string;
}

export class ContainerListItemDto implements ContainerListItem {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
}

export class ContainerSummaryDto implements ContainerSummary {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty() published: boolean;
  @ApiProperty({ enum: Status }) status: Status;
  @ApiProperty() disableContentSections: boolean;
  @ApiProperty() hideFooter: boolean;
  @ApiProperty({ description: 'Its contents keep a live version and a working draft' }) drafts: boolean;
  @ApiProperty({ type: Number, nullable: true }) sectionsPosition: number | null;
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
}

export class ContainerDto extends ContainerSummaryDto implements ContainerShape {
  @ApiProperty({ enum: Lang }) locale: Lang;
  @ApiProperty({ type: Number, nullable: true }) parentSlugId: number | null;
  @ApiProperty({ type: Number, nullable: true }) slugId: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "en's segment of the page: the placeholder of another locale's `slug`, which is null while that locale uses it",
  })
  defaultSlug: string | null;
  @ApiProperty({ type: [ContainerFieldDto] }) fields: ContainerFieldDto[];
  @ApiProperty({ type: [SectionDto] }) sections: SectionDto[];
  @ApiProperty({ description: "The locale has no sections: these are en's" }) sectionsFallback: boolean;
  @ApiProperty({ type: [MetadataEntryDto] }) metadata: MetadataEntryDto[];
  @ApiProperty() metadataFallback: boolean;
  @ApiProperty({ type: [AccessEntryDto] }) accesses: AccessEntryDto[];
  @ApiProperty({
    description:
      'With drafts, a working draft of its page (sections, metadata) waits that differs from the live page (GET /api/containers/{id} answers it to staff)',
  })
  hasDraft: boolean;
}

export class ContainerListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({
    description: 'Alone (without sort, range or filter): answers [{ id, title }] of the containers whose title holds q, in creation order',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;
}

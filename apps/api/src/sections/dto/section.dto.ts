import { BLOCK_NAMES, Lang, MAX_ID, type SectionDto as SectionShape, type SectionInput, SectionType } from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEnum, IsInt, IsObject, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { JSON_VALUE } from '../../common/openapi/schemas';

export class SectionInputDto implements SectionInput {
  @ApiPropertyOptional({ description: 'Ignored: the sections of the owner and locale are replaced, in the order given' })
  @IsOptional()
  @IsInt()
  id?: number;

  @ApiPropertyOptional({ description: 'Ignored: the order is the list’s' })
  @IsOptional()
  @IsInt()
  position?: number;

  @ApiPropertyOptional({ enum: Lang, description: 'Ignored: sections are saved in the `?locale=` of the request' })
  @IsOptional()
  @IsEnum(Lang)
  lang?: Lang;

  @ApiPropertyOptional({ enum: SectionType, description: 'PAGE (default) on containers and contents; HEADER, TOP_BODY, BOTTOM_BODY or FOOTER in the layout' })
  @IsOptional()
  @IsEnum(SectionType, { message: `type must be one of ${Object.values(SectionType).join(', ')}` })
  type?: SectionType;

  @ApiProperty({ enum: BLOCK_NAMES, description: 'A block of the registry (BLOCKS in @cms/contracts)' })
  @IsString()
  @MaxLength(50)
  block: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: JSON_VALUE,
    description: "The block's content, checked against its schema; every block takes `theme`: black, grey or white",
    example: { title: 'Welcome', theme: 'black' },
  })
  @IsOptional()
  @IsObject()
  content?: Record<string, unknown>;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'The form a `form` block shows' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  formId?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'The element an `element` block places' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  elementId?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'The container whose contents a `contents` block lists' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  containerContentId?: number | null;
}

export class SectionDto implements SectionShape {
  @ApiProperty() id: number;
  @ApiProperty({ enum: SectionType }) type: SectionType;
  @ApiProperty({ enum: BLOCK_NAMES }) block: string;
  @ApiProperty() position: number;
  @ApiProperty({ enum: Lang }) lang: Lang;
  @ApiProperty({ type: 'object', additionalProperties: JSON_VALUE }) content: Record<string, unknown>;
  @ApiProperty({ type: Number, nullable: true }) formId: number | null;
  @ApiProperty({ type: Number, nullable: true }) elementId: number | null;
  @ApiProperty({ type: Number, nullable: true }) containerContentId: number | null;
}

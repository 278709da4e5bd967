import { Lang, SectionType, type LayoutDto as LayoutShape, type LayoutRequest } from '@cms/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, ValidateNested } from 'class-validator';
import { SectionDto, SectionInputDto } from '../../sections/dto/section.dto';

export class LayoutRequestDto implements LayoutRequest {
  @ApiProperty({
    type: [SectionInputDto],
    description: 'Every HEADER, TOP_BODY, BOTTOM_BODY and FOOTER section of the locale (each needs its `type`), in order',
  })
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => SectionInputDto)
  sections: SectionInputDto[];
}

export class LayoutDto implements LayoutShape {
  @ApiProperty({ enum: Lang }) locale: Lang;
  @ApiProperty({ type: [SectionDto] }) sections: SectionDto[];
  @ApiProperty({ enum: SectionType, isArray: true, description: "Types whose sections are en's because the locale has none" }) fallbackTypes: SectionType[];
}

import type { MetadataEntry } from '@cms/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';

/** `description`, `og:title`, `twitter:card`, `robots`... */
const METADATA_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9:._-]{0,99}$/;

export class MetadataEntryDto implements MetadataEntry {
  @ApiProperty({ example: 'description' })
  @IsString()
  @Matches(METADATA_NAME_PATTERN, { message: 'name must be a meta name: a letter, then letters, digits, ":", ".", "_" or "-" (at most 100)' })
  name: string;

  @ApiProperty({ example: 'What this page is about' })
  @IsString()
  @MaxLength(2000)
  content: string;
}

import { MAX_ID } from '@cms/contracts';
import type {
  CreateMediaPackRequest,
  MediaPackDetailDto as MediaPackDetailShape,
  MediaPackDto as MediaPackShape,
  UpdateMediaPackRequest,
} from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

export const MEDIA_PACK_MAX_MEDIA = 10_000;

export class MediaPackDto implements MediaPackShape {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'Spring campaign' }) name: string;
  @ApiProperty({ description: 'How many media the pack holds' }) mediaCount: number;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

export class MediaPackDetailDto extends MediaPackDto implements MediaPackDetailShape {
  @ApiProperty({ type: Number, isArray: true, description: 'Ids of the media in the pack' }) mediaIds: number[];
}

export class CreateMediaPackDto implements CreateMediaPackRequest {
  @ApiProperty({ example: 'Spring campaign', maxLength: 200 })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name: string;

  @ApiPropertyOptional({ type: Number, isArray: true, description: 'Media to move into the pack (out of any other)' })
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @ArrayMaxSize(MEDIA_PACK_MAX_MEDIA)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ID, { each: true })
  mediaIds?: number[];
}

export class UpdateMediaPackDto implements UpdateMediaPackRequest {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ type: Number, isArray: true, description: 'The media of the pack from now on; those left out become unpacked' })
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @ArrayMaxSize(MEDIA_PACK_MAX_MEDIA)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ID, { each: true })
  mediaIds?: number[];
}

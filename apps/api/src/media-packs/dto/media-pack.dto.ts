import type {
  CreateMediaPackRequest,
  MediaPackDetailDto as MediaPackDetailShape,
  MediaPackDto as MediaPackShape,
  UpdateMediaPackRequest,
} from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IsRecordIds } from '../../common/http/record-ids';
import { TakesBack } from '../../common/http/takes-back';

const MEDIA_PACK_MAX_MEDIA = 10_000;

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
  @IsRecordIds(MEDIA_PACK_MAX_MEDIA)
  mediaIds?: number[];
}

@TakesBack(() => MediaPackDetailDto)
export class UpdateMediaPackDto implements UpdateMediaPackRequest {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ type: Number, isArray: true, description: 'The media of the pack from now on; those left out become unpacked' })
  @IsOptional()
  @IsRecordIds(MEDIA_PACK_MAX_MEDIA)
  mediaIds?: number[];
}

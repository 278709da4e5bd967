import {
  LANGS,
  type MediaAlt,
  type MediaDto as MediaShape,
  type MediaUploadFields,
  type MediaUploadLimitsDto as LimitsShape,
  type UpdateMediaRequest,
} from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, ValidateBy } from 'class-validator';
import { IsRecordId } from '../../common/http/record-ids';
import { MEDIA_ALT_MAX, MEDIA_NAME_MAX, mediaAltError, mediaNameError } from '../media-fields';
import { TakesBack } from '../../common/http/takes-back';

const ALT_SCHEMA = {
  type: 'object',
  description: `A text of at most ${MEDIA_ALT_MAX} characters per locale (${LANGS.join(', ')})`,
  additionalProperties: { type: 'string' },
  example: { en: 'A red bike against a wall', fr: 'Un vélo rouge contre un mur' },
} as const;

const IsMediaName = () =>
  ValidateBy({
    name: 'isMediaName',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && mediaNameError(value) === null,
      defaultMessage: (args) => `name ${typeof args?.value === 'string' ? mediaNameError(args.value) : 'must be a string'}`,
    },
  });

const IsMediaAlt = () =>
  ValidateBy({
    name: 'isMediaAlt',
    validator: {
      validate: (value: unknown) => mediaAltError(value) === null,
      defaultMessage: (args) => `alt ${mediaAltError(args?.value)}`,
    },
  });

export class MediaDto implements MediaShape {
  @ApiProperty() id: number;
  @ApiProperty({ example: '3f2a9c0d1e4b5a6978812233aabbccdd.webp', description: 'Server-generated storage key' }) uri: string;
  @ApiProperty({ example: '/api/uploads/3f2a9c0d1e4b5a6978812233aabbccdd.webp' }) url: string;
  @ApiProperty({ example: 'image/webp', description: 'Sniffed from the bytes' }) mimeType: string;
  @ApiProperty({ example: 'bike.webp' }) name: string;
  @ApiProperty({ description: 'Bytes stored' }) size: number;
  @ApiProperty(ALT_SCHEMA) alt: MediaAlt;
  @ApiProperty({ type: Number, nullable: true }) packId: number | null;
  @ApiProperty() uploadTime: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Pixels (images only)' }) width: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Pixels (images only)' }) height: number | null;
}

/** The multipart body of POST /api/medias, for OpenAPI (the controller reads the stream itself). */
export class UploadMediaBodyDto implements MediaUploadFields {
  @ApiProperty({ type: 'string', format: 'binary', description: 'The file; its type is sniffed from its bytes' })
  file: unknown;

  @ApiPropertyOptional({ maxLength: MEDIA_NAME_MAX, description: "Defaults to the file's name; no path, no control characters" })
  name?: string;

  @ApiPropertyOptional({
    description: 'JSON such as {"en":"…","fr":"…"}; or send one field per locale named alt[en], alt[fr]...',
    example: '{"en":"A red bike"}',
  })
  alt?: string;

  @ApiPropertyOptional({ description: 'Id of a media pack', example: '3' })
  packId?: string;
}

@TakesBack(() => MediaDto)
export class UpdateMediaDto implements UpdateMediaRequest {
  @ApiPropertyOptional({ maxLength: MEDIA_NAME_MAX })
  @IsOptional()
  @IsString()
  @IsMediaName()
  name?: string;

  @ApiPropertyOptional({ ...ALT_SCHEMA, description: `${ALT_SCHEMA.description}; replaces every alternative text` })
  @IsOptional()
  @IsMediaAlt()
  alt?: MediaAlt;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'A media pack id; null takes the media out of its pack' })
  @IsOptional()
  @IsRecordId()
  packId?: number | null;
}

class AcceptedMediaTypeDto {
  @ApiProperty({ example: 'image/png' }) mime: string;
  @ApiProperty({ example: 'png' }) ext: string;
  @ApiProperty({ example: 'PNG' }) label: string;
}

export class MediaUploadLimitsDto implements LimitsShape {
  @ApiProperty({ description: 'The largest upload in bytes (UPLOAD_MAX_MB)' }) maxBytes: number;
  @ApiProperty({ type: AcceptedMediaTypeDto, isArray: true, description: 'Accepted types, judged by the bytes, not the name' }) types: AcceptedMediaTypeDto[];
}

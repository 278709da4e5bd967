import {
  WEBHOOK_EVENTS,
  WEBHOOK_SECRET_MAX,
  WEBHOOK_SECRET_MIN,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_URL_MAX,
  type WebhookDeliveryEvent,
  type WebhookDeliveryShape,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  type WebhookRecordType,
  type WebhookRequest,
  type WebhookShape,
} from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { TakesBack } from '../../common/http/takes-back';

const EVENTS_DOC = `What it receives, among ${WEBHOOK_EVENTS.join(', ')}`;
const SECRET_DOC = `Signs every delivery (X-Signature: sha256=<hex HMAC-SHA256 of the body>); ${WEBHOOK_SECRET_MIN} to ${WEBHOOK_SECRET_MAX} printable ASCII characters without spaces. Never answered.`;
const URL_DOC = `Where deliveries are posted: an http:// or https:// URL without user name, password or fragment, at most ${WEBHOOK_URL_MAX} characters. Private, loopback and link-local targets are refused at delivery time unless WEBHOOK_ALLOW_PRIVATE=true.`;

export class WebhookDto implements WebhookShape {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'https://search.example.com/hooks/cms' }) url: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true }) events: WebhookEvent[];
  @ApiProperty() enabled: boolean;
  @ApiProperty({ example: '…3f9a', description: 'The last four characters of the secret, which is never answered' }) secretHint: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

@TakesBack(() => WebhookDto)
export class CreateWebhookDto implements WebhookRequest {
  @ApiProperty({ description: URL_DOC, example: 'https://search.example.com/hooks/cms' })
  @IsString({ message: 'must be a string' })
  @MaxLength(WEBHOOK_URL_MAX + 1, { message: `must be at most ${WEBHOOK_URL_MAX} characters` })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true, description: EVENTS_DOC })
  @IsArray({ message: 'must be a list of events' })
  @ArrayMinSize(1, { message: 'must name at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENTS.length * 2, { message: 'names too many events' })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: `each must be one of ${WEBHOOK_EVENTS.join(', ')}` })
  events: WebhookEvent[];

  @ApiProperty({ description: SECRET_DOC, minLength: WEBHOOK_SECRET_MIN, maxLength: WEBHOOK_SECRET_MAX })
  @IsString({ message: 'must be a string' })
  @MinLength(WEBHOOK_SECRET_MIN, { message: `must be at least ${WEBHOOK_SECRET_MIN} characters` })
  @MaxLength(WEBHOOK_SECRET_MAX, { message: `must be at most ${WEBHOOK_SECRET_MAX} characters` })
  @Matches(/^[\x21-\x7e]*$/, { message: 'must be printable ASCII characters without spaces' })
  secret: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'must be true or false' })
  enabled?: boolean;
}

/** A PUT may send some fields only (or the record as GET answered it): the others keep their values; no secret keeps the stored one. */
@TakesBack(() => WebhookDto)
export class UpdateWebhookDto implements Partial<WebhookRequest> {
  @ApiPropertyOptional({ description: URL_DOC })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(WEBHOOK_URL_MAX + 1, { message: `must be at most ${WEBHOOK_URL_MAX} characters` })
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENTS, isArray: true, description: EVENTS_DOC })
  @IsOptional()
  @IsArray({ message: 'must be a list of events' })
  @ArrayMinSize(1, { message: 'must name at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENTS.length * 2, { message: 'names too many events' })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: `each must be one of ${WEBHOOK_EVENTS.join(', ')}` })
  events?: WebhookEvent[];

  @ApiPropertyOptional({ description: `${SECRET_DOC} Omitted: the stored one is kept.` })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MinLength(WEBHOOK_SECRET_MIN, { message: `must be at least ${WEBHOOK_SECRET_MIN} characters` })
  @MaxLength(WEBHOOK_SECRET_MAX, { message: `must be at most ${WEBHOOK_SECRET_MAX} characters` })
  @Matches(/^[\x21-\x7e]*$/, { message: 'must be printable ASCII characters without spaces' })
  secret?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'must be true or false' })
  enabled?: boolean;
}

export class WebhookRecordDto {
  @ApiProperty({ enum: ['content', 'media', 'message', 'webhook'] }) type: WebhookRecordType;
  @ApiProperty() id: number;
  @ApiProperty({ type: String, isArray: true, example: ['en', 'fr'], description: 'The locales the event concerns; empty for records without locales' })
  locales: string[];
}

export class WebhookDeliveryDto implements WebhookDeliveryShape {
  @ApiProperty({ description: 'The delivery id, sent as X-Webhook-Delivery and as `id` in the body' }) id: number;
  @ApiProperty() webhookId: number;
  @ApiProperty({ enum: [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT] }) event: WebhookDeliveryEvent;
  @ApiProperty({ type: WebhookRecordDto }) record: WebhookRecordDto;
  @ApiProperty({ enum: ['pending', 'delivered', 'failed'] }) status: WebhookDeliveryStatus;
  @ApiProperty({ format: 'date-time', description: 'When the write happened (the body’s occurredAt)' }) occurredAt: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ description: 'Tries so far' }) attempts: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) lastAttemptAt: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'When the next try is due (null once delivered or failed)' })
  nextAttemptAt: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'HTTP status of the last answer; null when none came' }) responseStatus: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'The first bytes (1 KB at most) of the last answer’s body' }) responseBody: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the last try did not deliver' }) error: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'How long the last try took, in milliseconds' }) durationMs: number | null;
}

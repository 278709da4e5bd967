import {
  FORM_HONEYPOT_FIELD,
  type FormSubmissionRequest,
  type FormSubmissionResponse,
  type FormValue,
  type MessageDto as MessageShape,
  type MessageMailStatus,
  type UpdateMessageRequest,
} from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { TakesBack } from '../../common/http/takes-back';
/** A form field's value: text, a number, or the options ticked. */
const FORM_VALUE = { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'array', items: { type: 'string' } }] };

const VALUE_DOC = 'Values by field name: a text, a number (NUMBER) or a list of options (CHECKBOX); stored as given, never as HTML';

export class MessageDto implements MessageShape {
  @ApiProperty() id: number;
  @ApiProperty() formId: number;
  @ApiProperty() formTitle: string;
  @ApiProperty() read: boolean;
  @ApiProperty({
    type: 'object',
    additionalProperties: FORM_VALUE,
    description: VALUE_DOC,
    example: { name: 'Ann', email: 'ann@example.com', topics: ['Sales'] },
  })
  value: Record<string, FormValue>;
  @ApiProperty() createdAt: string;
  @ApiProperty({ enum: ['pending', 'sent', 'failed'], nullable: true, description: 'The notification e-mail; null when the form sends none' })
  mailStatus: MessageMailStatus | null;
}

@TakesBack(() => MessageDto)
export class UpdateMessageDto implements UpdateMessageRequest {
  @ApiProperty({ description: 'Mark the message read or unread' })
  @IsBoolean()
  read: boolean;
}

export class FormSubmissionDto implements FormSubmissionRequest {
  @ApiProperty({
    type: 'object',
    additionalProperties: FORM_VALUE,
    description: `${VALUE_DOC}. Unknown names are refused.`,
    example: { name: 'Ann', email: 'ann@example.com' },
  })
  @IsObject({ message: 'values must be an object of values by field name' })
  values: Record<string, FormValue>;

  @ApiPropertyOptional({
    name: FORM_HONEYPOT_FIELD,
    description: 'Honeypot: a hidden input that people leave empty. When filled, the answer is the usual 201 but nothing is stored or sent.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  _hp?: string;
}

export class FormSubmissionResponseDto implements FormSubmissionResponse {
  @ApiProperty({ description: "The form's successMessage, or a default" }) message: string;
}

export class ExportMessagesQueryDto {
  @ApiProperty({ description: 'The form whose messages to export', example: '1' })
  @IsString({ message: 'formId must be given once' })
  @Matches(/^[1-9]\d{0,9}$/, { message: 'formId must be a form id' })
  formId: string;
}

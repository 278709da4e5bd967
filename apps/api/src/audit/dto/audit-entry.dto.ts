import type { AuditEntryDto as AuditEntryShape } from '@cms/contracts';
import { ApiProperty } from '@nestjs/swagger';

export const AUDIT_FILTERS_DOC =
  'filter keys: userId, action, resource, resourceId (each one value or a list), from and to (ISO 8601 date-times, inclusive; ' +
  'a date-time without an offset is UTC), q (text anywhere in the summary)';

export class AuditEntryDto implements AuditEntryShape {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'When it happened (ISO date-time)' }) at: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Null for a visitor, a failed sign-in with an unknown e-mail, or a user deleted since' })
  userId: number | null;
  @ApiProperty({ description: "The user's name when the entry was written ('' for a visitor)" }) userName: string;
  @ApiProperty({ description: 'The client address (as TRUST_PROXY makes it)' }) address: string;
  @ApiProperty({
    example: 'update',
    description: 'create, update, delete, publish, unpublish, discard, preview, restore, revalidate, password-change, sign-in, sign-in-failed, sign-out',
  })
  action: string;
  @ApiProperty({ example: 'contents', description: 'The API resource, or auth for sign-in events' }) resource: string;
  @ApiProperty({ type: 'string', nullable: true, example: '12' }) resourceId: string | null;
  @ApiProperty({ example: 'Updated content 12 "Hello" (fr): title, fields' }) summary: string;
}

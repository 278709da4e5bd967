import { Lang } from '@cms/contracts';
import { ApiProperty } from '@nestjs/swagger';
import type { VersionAction } from './versions.service';
import { JSON_VALUE } from '../common/openapi/schemas';

const ACTIONS: VersionAction[] = ['create', 'update', 'draft', 'publish', 'unpublish', 'discard', 'restore', 'schedule'];

export class VersionSummaryDto {
  @ApiProperty() id: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Who saved it (null: the scheduler, or a deleted user)' }) userId: number | null;
  @ApiProperty({ description: 'Their name when they saved it' }) userName: string;
  @ApiProperty({ enum: ACTIONS, description: 'What made it: a draft save, a live save (update), a publish…' }) action: VersionAction;
  @ApiProperty({ enum: Lang, isArray: true, description: 'The locales whose values changed' }) locales: Lang[];
  @ApiProperty({ description: 'It went live when saved; published versions are kept whatever VERSIONS_KEPT says' }) published: boolean;
}

export class VersionDto extends VersionSummaryDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: JSON_VALUE,
    description:
      'The whole record then, every locale. A content: { title, status, published, slug, parentSlugId, accesses (role ids), locales: { en: { fields, sections, metadata }, … } } ' +
      "(a locale's own values: its sections or metadata null where it shows en's)",
  })
  state: unknown;
}

export class RestoredDto {
  @ApiProperty({ description: 'The version the restore saved' }) versionId: number;
  @ApiProperty({
    type: [String],
    description:
      'What the version named that no longer exists or no longer passes the rules, left as it is now, e.g. "fields.cover (fr): media 12 does not exist"',
  })
  dropped: string[];
}

export class PresenceDto {
  @ApiProperty() userId: number;
  @ApiProperty() userName: string;
  @ApiProperty({ format: 'date-time', description: 'When they opened it' }) openedAt: string;
  @ApiProperty({ format: 'date-time', description: 'When their screen last said it was still open' }) seenAt: string;
}

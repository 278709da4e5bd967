import { SEARCH_KINDS, type SearchHit, type SearchKind, type SearchMatch, type SearchResult } from '@cms/contracts';
import { ApiProperty } from '@nestjs/swagger';

export class SearchHitDto implements SearchHit {
  @ApiProperty({ enum: SEARCH_KINDS, description: 'The resource the record is of (its API path: /api/{kind}/{id})' })
  kind: SearchKind;

  @ApiProperty({ example: 12 })
  id: number;

  @ApiProperty({ description: 'A content’s, container’s, element’s or form’s title, a media’s file name, a user’s name', example: 'Spring sale' })
  title: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'A content’s container, a container’s path, an element’s block, a media’s type, a user’s e-mail',
    example: 'News',
  })
  detail: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The text that matched when it is not the title: a content’s `title` field in a locale, a container’s slug, a user’s e-mail',
    example: 'Soldes de printemps',
  })
  matched: string | null;

  @ApiProperty({ enum: [1, 2, 3, 4], description: '4: the whole text matches q; 3: its start; 2: the start of one of its words; 1: anywhere in it' })
  match: SearchMatch;

  @ApiProperty({ format: 'date-time', description: 'When it last changed (a media: when it was uploaded)' })
  updatedAt: string;
}

export class SearchResultDto implements SearchResult {
  @ApiProperty({ description: 'q as searched (trimmed)', example: 'spring' })
  q: string;

  @ApiProperty({ type: [SearchHitDto], description: 'Best match first, then the latest changed; at most `limit`' })
  hits: SearchHitDto[];

  @ApiProperty({ enum: SEARCH_KINDS, isArray: true, description: 'The kinds searched: those whose read right (VIEW_*) the caller holds' })
  searched: SearchKind[];
}

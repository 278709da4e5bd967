import { MAX_ID, PAGE_STATES, type PageMoveInput, type PageState, type PageTreeNode } from '@cms/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';

export class PageTreeNodeDto implements PageTreeNode {
  @ApiProperty({ description: 'The id of its slug: what `parentId` and POST /api/slugs/{id}/move name' }) slugId: number;
  @ApiProperty({ type: Number, nullable: true, description: 'The page it hangs under (null: the top level)' }) parentId: number | null;
  @ApiProperty({ example: 'about', description: "Its own segment ('' for the home page)" }) basic: string;
  @ApiProperty({ example: '/company/about', description: 'Its address in the locale asked, without the locale prefix' }) path: string;
  @ApiProperty({ example: 'About us', description: "Its container's or content's title" }) title: string;
  @ApiProperty({ enum: ['container', 'content'] }) kind: 'container' | 'content';
  @ApiProperty({ type: Number, nullable: true }) containerId: number | null;
  @ApiProperty({ type: Number, nullable: true }) contentId: number | null;
  @ApiProperty({
    enum: PAGE_STATES,
    description:
      'scheduled: a publish time is set; draft: not published; members-only: published, readable only by the roles of its accesses (or, for a content without any, its container’s); published: anyone',
  })
  state: PageState;
  @ApiProperty({ description: 'How many pages hang right under it' }) childCount: number;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class PageMoveDto implements PageMoveInput {
  @ApiProperty({ type: Number, nullable: true, description: 'The slug id of the page it goes under; null: the top level' })
  @ValidateIf((_dto, value) => value !== null)
  @IsInt({ message: 'parentId must be a page id (a whole number) or null for the top level' })
  @Min(1)
  @Max(MAX_ID)
  parentId: number | null;
}

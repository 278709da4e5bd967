import type { RedirectDto as RedirectShape, RedirectImportResult, RedirectRequest, RedirectStatusCode } from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { TakesBack } from '../common/http/takes-back';

export class RedirectDto implements RedirectShape {
  @ApiProperty() id: number;
  @ApiProperty({ example: '/fr/blog/old-title', description: 'A site address: locale prefix (none for en), then the path, decoded, no trailing slash' })
  from: string;
  @ApiProperty({ example: '/fr/blog/new-title', description: 'A site address, or an absolute https:// URL off the site' })
  to: string;
  @ApiProperty({ enum: [301, 302] }) status: RedirectStatusCode;
  @ApiProperty({ description: 'Whether `to` is an https:// URL off the site' }) external: boolean;
  @ApiProperty({ description: 'Recorded by a rename or move of a page (true) or made by staff (false)' }) auto: boolean;
  @ApiProperty({ description: 'How often visitors followed it' }) hits: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) lastUsedAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/**
 * The body of POST and PUT. The fields are checked by the redirect rules (redirect-rules.ts), which
 * name the field and the rule in the 400: `@Allow` only lets them through the whitelist.
 */
@TakesBack(() => RedirectDto)
export class RedirectBodyDto implements RedirectRequest {
  @ApiProperty({
    example: '/old-contact',
    description:
      'A site address starting with / (a trailing slash is dropped, %-escapes decoded), at most 1,100 characters, without query string or fragment, not under /api/, /admin or /_site/ nor the sitemap or robots.txt, where no published page lives',
  })
  @Allow()
  from: string;

  @ApiProperty({
    example: '/contact',
    description: 'A site address starting with /, or an absolute https:// URL off the site; never another redirect’s `from` (it is followed)',
  })
  @Allow()
  to: string;

  @ApiPropertyOptional({ enum: [301, 302], default: 301 })
  @Allow()
  status?: RedirectStatusCode;
}

export class RedirectImportResultDto implements RedirectImportResult {
  @ApiProperty({ description: 'Rows whose `from` had no redirect' }) created: number;
  @ApiProperty({ description: 'Rows that replaced the redirect of their `from`' }) updated: number;
}

export class RedirectImportBodyDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'CSV with a header row: from,to,status (status optional)' })
  file: unknown;
}

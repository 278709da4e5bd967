import { LANGS, type Lang, type SlugDto as SlugShape } from '@cms/contracts';
import { ApiProperty } from '@nestjs/swagger';

export class SlugDto implements SlugShape {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'hello', description: "The page's own segment ('' for the home page)" }) basic: string;
  @ApiProperty({ example: 'blog/hello', description: 'The path from the root, without the leading slash' }) full: string;
  @ApiProperty({ example: '/blog/hello', description: 'The address in en; other locales prefix it (/fr/blog/hello)' }) path: string;
  @ApiProperty({ type: Number, nullable: true }) parentId: number | null;
  @ApiProperty({ type: Number, nullable: true }) containerId: number | null;
  @ApiProperty({ type: Number, nullable: true }) contentId: number | null;
  @ApiProperty() published: boolean;
  @ApiProperty({ description: 'The page lists accesses (its own, or for a content its container’s): only those roles may read it' }) guarded: boolean;
  @ApiProperty() updatedAt: string;
  @ApiProperty({
    type: 'object',
    properties: Object.fromEntries(LANGS.map((lang) => [lang, { type: 'string' }])),
    required: [...LANGS],
    example: { en: '/blog/hello', fr: '/blog/bonjour', tr: '/blog/hello', es: '/blog/hola', it: '/blog/hello' },
    description: "The page's path in each locale (its own segments, else en's), without locale prefix: the address is /fr + the fr path",
  })
  paths: Record<Lang, string>;
}

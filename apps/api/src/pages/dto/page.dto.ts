import {
  BLOCK_THEMES,
  ContainerFieldType,
  Lang,
  SectionType,
  type BlockTheme,
  type ContentFieldValue,
  type PageAlternate,
  type PageContentItem,
  type PageContentRef,
  type PageElement,
  type PageFieldDefinition,
  type PageForm,
  type PageFormField,
  type PageMedia,
  type PageResponse,
  type PageSection,
} from '@cms/contracts';
import { ApiProperty, getSchemaPath, OmitType } from '@nestjs/swagger';
import { AccessEntryDto } from '../../accesses/dto/access.dto';
import { FormFieldDto } from '../../forms/dto/form.dto';
import { MetadataEntryDto } from '../../metadata/dto/metadata.dto';
import { ThemeDto } from '../../theme/theme.controller';
import { JSON_VALUE } from '../../common/openapi/schemas';

const FIELDS = { type: 'object', additionalProperties: JSON_VALUE, description: 'Field name → value in the locale (en where the locale has none)' } as const;

export class PageMediaDto implements PageMedia {
  @ApiProperty() id: number;
  @ApiProperty() uri: string;
  @ApiProperty() mimeType: string;
  @ApiProperty({ type: String, nullable: true, description: 'In the locale, else en' }) alt: string | null;
  @ApiProperty({ type: Number, nullable: true }) width: number | null;
  @ApiProperty({ type: Number, nullable: true }) height: number | null;
  @ApiProperty({ description: 'The uploaded file name' }) name: string;
  @ApiProperty({ description: 'Bytes' }) size: number;
}

export class PageFieldDefinitionDto implements PageFieldDefinition {
  @ApiProperty() name: string;
  @ApiProperty() label: string;
  @ApiProperty({ enum: ContainerFieldType }) type: ContainerFieldType;
  @ApiProperty() multiple: boolean;
}

/** A form field as the site draws it: the form API's field without its id. */
class PageFormFieldDto extends OmitType(FormFieldDto, ['id'] as const) implements PageFormField {}

export class PageFormDto implements PageForm {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty({ type: String, nullable: true }) successMessage: string | null;
  @ApiProperty({ type: String, nullable: true }) errorMessage: string | null;
  @ApiProperty({ enum: Lang, description: "The page's locale, or en when the form has no fields in it" }) fieldsLocale: Lang;
  @ApiProperty({ type: [PageFormFieldDto] }) fields: PageFormFieldDto[];
}

class PageElementDto implements PageElement {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty() block: string;
  @ApiProperty({ type: Number, nullable: true }) formId: number | null;
  @ApiProperty({ type: 'object', additionalProperties: JSON_VALUE }) content: Record<string, unknown>;
}

export class PageContentRefDto implements PageContentRef {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty() containerId: number;
  @ApiProperty({ type: String, nullable: true, example: '/blog/hello' }) path: string | null;
}

class PageContentItemDto extends PageContentRefDto implements PageContentItem {
  @ApiProperty() updatedAt: string;
  @ApiProperty(FIELDS) fields: Record<string, ContentFieldValue>;
  @ApiProperty({ type: [String] }) fallbackFields: string[];
}

class PageSectionDto implements PageSection {
  @ApiProperty() id: number;
  @ApiProperty({ enum: SectionType }) type: SectionType;
  @ApiProperty() block: string;
  @ApiProperty() position: number;
  @ApiProperty({ enum: BLOCK_THEMES, nullable: true }) theme: BlockTheme | null;
  @ApiProperty({ type: 'object', additionalProperties: JSON_VALUE }) content: Record<string, unknown>;
  @ApiProperty({ type: Number, nullable: true }) formId: number | null;
  @ApiProperty({ type: Number, nullable: true }) elementId: number | null;
  @ApiProperty({ type: Number, nullable: true }) containerContentId: number | null;
  @ApiProperty({ type: PageElementDto, nullable: true }) element: PageElementDto | null;
  @ApiProperty({ type: [PageContentItemDto], nullable: true }) items: PageContentItemDto[] | null;
  @ApiProperty({ type: Number, nullable: true, description: 'How many published contents a contents block has in all' }) itemsTotal: number | null;
}

class PageAlternateDto implements PageAlternate {
  @ApiProperty({ enum: Lang }) locale: Lang;
  @ApiProperty({ example: '/fr/blog/hello' }) path: string;
}

class PageContainerDto {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty() hideFooter: boolean;
  @ApiProperty() disableContentSections: boolean;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "Where a content's page shows its sections among its fields: null after the last, 0 before the first, n after the n-th",
  })
  sectionsPosition: number | null;
  @ApiProperty({ type: String, nullable: true, description: "The container's page's path in the locale, without locale prefix" }) path: string | null;
}

class PageContentDto {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty() updatedAt: string;
  @ApiProperty(FIELDS) fields: Record<string, ContentFieldValue>;
  @ApiProperty({ type: [String] }) fallbackFields: string[];
}

export class PageResponseDto implements PageResponse {
  @ApiProperty({ enum: Lang }) locale: Lang;
  @ApiProperty({ description: 'The page of paginated contents blocks' }) page: number;
  @ApiProperty({ example: '/blog/hello' }) path: string;
  @ApiProperty({ enum: ['container', 'content'] }) kind: 'container' | 'content';
  @ApiProperty() title: string;
  @ApiProperty({ type: PageContainerDto }) container: PageContainerDto;
  @ApiProperty({ type: PageContentDto, nullable: true }) content: PageContentDto | null;
  @ApiProperty({ type: [PageSectionDto] }) sections: PageSectionDto[];
  @ApiProperty({ type: [PageSectionDto], description: 'HEADER, TOP_BODY, BOTTOM_BODY, FOOTER (no FOOTER when the container hides it)' })
  layout: PageSectionDto[];
  @ApiProperty({ type: [MetadataEntryDto] }) metadata: MetadataEntryDto[];
  @ApiProperty({ type: ThemeDto }) theme: ThemeDto;
  @ApiProperty({ type: [AccessEntryDto] }) accesses: AccessEntryDto[];
  @ApiProperty({ type: [PageAlternateDto], description: "The page's address in every locale: each locale's own path (`/fr/blog/bonjour`)" })
  alternates: PageAlternateDto[];
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { '/fr/blog': '/fr/blogue' },
    description:
      "The internal links (hrefs as written) of the layout's navigation sections shown, to the address of the page each names in the link's locale, where it differs: render `links[href] ?? href`",
  })
  links: Record<string, string>;
  @ApiProperty({ type: 'object', additionalProperties: { $ref: getSchemaPath(PageMediaDto) } }) media: Record<string, PageMediaDto>;
  @ApiProperty({ type: 'object', additionalProperties: { $ref: getSchemaPath(PageFormDto) } }) forms: Record<string, PageFormDto>;
  @ApiProperty({ type: 'object', additionalProperties: { $ref: getSchemaPath(PageContentRefDto) } }) contents: Record<string, PageContentRefDto>;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }) optionLists: Record<string, string[]>;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { $ref: getSchemaPath(PageFieldDefinitionDto) } },
    description: "Container id → its field definitions in order: the page's container (content pages) and the containers that contents blocks list",
  })
  fieldDefinitions: Record<string, PageFieldDefinitionDto[]>;
}

import type { BlockTheme } from './blocks';
import { ContainerFieldType, Lang, SectionType, type Status } from './enums';

/*
 * The content model: containers (content types) with their field definitions, contents with
 * their per-locale field values, slugs, sections, reusable elements, the site layout and the
 * public page read. Per-locale parts (fields, sections, metadata) are read and written in the
 * `?locale=` of the request (default en) and fall back to en where the locale has nothing.
 */

/** A `<meta name content>` pair of a page, in the locale of the request. */
export interface MetadataEntry {
  name: string;
  content: string;
}
/** A role allowed to see a page; a page with any access is guarded (spec section 4). */
export interface AccessEntry {
  roleId: string;
}

// ---------------------------------------------------------------- slugs

/**
 * One path segment: lower-case letters and digits in dash-separated words (`hello-world`).
 * The empty segment is allowed only without a parent: it is the home page (`/`).
 */
export const SLUG_SEGMENT_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_SEGMENT_MAX_LENGTH = 200;
/** First path segments that belong to the API, the back office, the sign-in flow or a locale prefix. */
export const RESERVED_SLUG_SEGMENTS: readonly string[] = ['api', 'admin', 'sign-in', 'not-found', '_site', ...Object.values(Lang)];

/** GET /api/slugs */
export interface SlugDto {
  id: number;
  /** This page's own segment ('' for the home page). */
  basic: string;
  /** The path from the root without the leading slash ('' for the home page, `blog/hello`). */
  full: string;
  /** `/` + full: the page's address in `en` (other locales prefix it: `/fr/blog/hello`). */
  path: string;
  parentId: number | null;
  containerId: number | null;
  contentId: number | null;
  published: boolean;
  /** True when the page lists accesses, so only some roles may read it. */
  guarded: boolean;
  updatedAt: string;
  /** The page's path in each locale, without locale prefix (`/blog/bonjour` in fr: its address is `/fr/blog/bonjour`). */
  paths: Record<Lang, string>;
}

/** Where a page stands for visitors, as the Pages tree shows it. */
export const PAGE_STATES = ['draft', 'published', 'members-only', 'scheduled'] as const;
export type PageState = (typeof PAGE_STATES)[number];

/** The orders of a level of the Pages tree (the home page comes first either way). */
export const PAGE_TREE_SORTS = ['title', 'path'] as const;
export type PageTreeSort = (typeof PAGE_TREE_SORTS)[number];

/** GET /api/slugs/tree: one page of the site's tree. */
export interface PageTreeNode {
  slugId: number;
  parentId: number | null;
  /** Its own segment ('' for the home page). */
  basic: string;
  /** Its address in the locale asked (`/company/about`), without the locale prefix. */
  path: string;
  /** Its container's or content's title. */
  title: string;
  kind: 'container' | 'content';
  containerId: number | null;
  contentId: number | null;
  /** draft: not published; members-only: published, readable by some roles; scheduled: a publish time is set. */
  state: PageState;
  /** How many pages hang right under it. */
  childCount: number;
  updatedAt: string;
}

/** POST /api/slugs/:id/move */
export interface PageMoveInput {
  /** The page it goes under (null: the top level). */
  parentId: number | null;
}

// ---------------------------------------------------------------- sections

/**
 * A section as written: the owner's sections of the locale are replaced by the list given, in
 * its order. `type` is PAGE for a container or content (default) and HEADER, TOP_BODY,
 * BOTTOM_BODY or FOOTER in the layout. `content` is checked against `BLOCKS[block]`.
 */
export interface SectionInput {
  /** Accepted so that a section read can be sent back as is (sections are replaced: ids are not kept, order is the list's). */
  id?: number;
  position?: number;
  lang?: Lang;
  type?: SectionType;
  block: string;
  content?: Record<string, unknown>;
  formId?: number | null;
  elementId?: number | null;
  containerContentId?: number | null;
}
export interface SectionDto {
  id: number;
  type: SectionType;
  block: string;
  position: number;
  /** The locale the section belongs to (en when it is a fallback). */
  lang: Lang;
  content: Record<string, unknown>;
  formId: number | null;
  elementId: number | null;
  containerContentId: number | null;
}

// ---------------------------------------------------------------- containers

/** Field names: a letter, then letters, digits or `_` (at most 100). They key `Content.fields`. */
export const CONTAINER_FIELD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

/** Field types whose value is text: `min`/`max` bound its length (plain text for RICHTEXT). */
export const TEXT_FIELD_TYPES: readonly ContainerFieldType[] = [
  ContainerFieldType.STRING,
  ContainerFieldType.PARAGRAPH,
  ContainerFieldType.RICHTEXT,
  ContainerFieldType.LINK,
];
/** Field types whose value is a number: `min`/`max` bound the value. POSITION is a whole number. */
export const NUMBER_FIELD_TYPES: readonly ContainerFieldType[] = [ContainerFieldType.NUMBER, ContainerFieldType.POSITION];
/** Field types whose value is a Media id (IMAGE: image/*, VIDEO: video/*, FILE: any). */
export const MEDIA_FIELD_TYPES: readonly ContainerFieldType[] = [ContainerFieldType.IMAGE, ContainerFieldType.FILE, ContainerFieldType.VIDEO];
/** Field types matched by the full-text search `q` on contents. */
export const SEARCHABLE_FIELD_TYPES: readonly ContainerFieldType[] = [ContainerFieldType.STRING, ContainerFieldType.PARAGRAPH, ContainerFieldType.RICHTEXT];

/**
 * The definition of a field of a container. `min`/`max`: length for text, value for numbers,
 * count of items when `multiple`. OPTION takes `options`; ZOHOOPTIONS takes `zohoOptionsKey`, a key
 * of the `optionLists` setting; CONTENT may name `linkedContainerId`, the container its contents
 * must come from.
 */
export interface ContainerFieldInput {
  /** Keeps an existing field (renaming it keeps its values); absent for a new field. */
  id?: number;
  /** Accepted so that a definition read can be sent back; the order is the list's. */
  position?: number;
  label: string;
  name: string;
  type: ContainerFieldType;
  required?: boolean;
  min?: number | null;
  max?: number | null;
  multiple?: boolean;
  options?: string[] | null;
  zohoOptionsKey?: string | null;
  linkedContainerId?: number | null;
  /** Free JSON for the back office (help text, layout hints). */
  metadata?: Record<string, unknown> | null;
}
export interface ContainerFieldDto {
  id: number;
  label: string;
  name: string;
  type: ContainerFieldType;
  required: boolean;
  min: number | null;
  max: number | null;
  multiple: boolean;
  options: string[] | null;
  zohoOptionsKey: string | null;
  linkedContainerId: number | null;
  metadata: Record<string, unknown> | null;
  position: number;
}

/** A row of GET /api/containers in the ra-data-simple-rest dialect. */
export interface ContainerSummary {
  id: number;
  title: string;
  published: boolean;
  status: Status;
  disableContentSections: boolean;
  hideFooter: boolean;
  /** Where a content's page shows its sections among its fields: null after the last field, 0 before the first, n after the n-th. */
  sectionsPosition: number | null;
  /** The container page's own slug segment, null when it has no page. */
  slug: string | null;
  /** Its address (`/blog`), null when it has no page. */
  path: string | null;
  /**
   * Drafts: its contents (and its own page) keep a live version, what visitors and anonymous reads
   * get, and a working draft that staff edit, preview and publish (POST /api/contents/:id/publish).
   */
  drafts: boolean;
  updatedAt: string;
}

/** Highest `sectionsPosition` of a container: after its 100th field (it has at most MAX_CONTAINER_FIELDS). */
export const SECTIONS_POSITION_MAX = 100;

/** GET /api/containers/:id?locale= (and the answer of POST and PUT). */
export interface ContainerDto extends ContainerSummary {
  locale: Lang;
  /** The slug this container's slug hangs under (null: at the root). */
  parentSlugId: number | null;
  slugId: number | null;
  /** en's segment of the page (`slug` in a locale with its own segment is that locale's; null there: it uses this one). */
  defaultSlug: string | null;
  fields: ContainerFieldDto[];
  /** PAGE sections of the locale; en's when the locale has none (`sectionsFallback`). */
  sections: SectionDto[];
  sectionsFallback: boolean;
  metadata: MetadataEntry[];
  metadataFallback: boolean;
  accesses: AccessEntry[];
  /** With drafts: a working draft of its page (sections, metadata) waits; GET answers it to staff. */
  hasDraft: boolean;
}

/**
 * POST /api/containers?locale= and PUT /api/containers/:id?locale= (on PUT every property is
 * optional and what is absent is kept). `fields` is the whole list of definitions, in order;
 * `sections` and `metadata` replace those of the locale; `accesses` replaces the page's accesses.
 */
export interface ContainerRequest {
  title: string;
  /** Off when absent on create (integrations keep saving live); the back office's create screen sends true. */
  drafts?: boolean;
  published?: boolean;
  status?: Status;
  disableContentSections?: boolean;
  hideFooter?: boolean;
  /** 0 to SECTIONS_POSITION_MAX, or null (after the last field). */
  sectionsPosition?: number | null;
  /** The page's slug segment; null removes the page; '' makes it the home page. */
  slug?: string | null;
  parentSlugId?: number | null;
  fields?: ContainerFieldInput[];
  sections?: SectionInput[];
  metadata?: MetadataEntry[];
  accesses?: AccessEntry[];
  /** True to let `accesses: []` take away the page's last access (the page turns public); required then. */
  clearAccesses?: boolean;
}
export type UpdateContainerRequest = Partial<ContainerRequest>;

// ---------------------------------------------------------------- contents

export interface LocationValue {
  lat: number;
  lng: number;
}
/** Times of day (`09:00`, `17:30:00`) or ISO date-times, both of the same kind; start before end. */
export interface TimeRangeValue {
  start: string;
  end: string;
}
/**
 * The value of one content field, by its definition's type: text types, OPTION, ZOHOOPTIONS and
 * COLOR (`#RRGGBB`) are strings; DATE an ISO date-time; NUMBER and POSITION numbers; BOOLEAN a
 * boolean; IMAGE, FILE, VIDEO a Media id; CONTENT a content id; LOCATION `{lat, lng}`;
 * TIMERANGE `{start, end}`. A `multiple` field holds an array of them.
 */
export type ContentFieldItem = string | number | boolean | LocationValue | TimeRangeValue;
export type ContentFieldValue = ContentFieldItem | ContentFieldItem[] | null;

/** A row of GET /api/contents?locale= (filterable by containerId, searchable with q). */
export interface ContentSummary {
  id: number;
  title: string;
  containerId: number;
  published: boolean;
  status: Status;
  slug: string | null;
  path: string | null;
  updatedAt: string;
  locale: Lang;
  /** Values in the locale asked for, each falling back to en when the locale has none. */
  fields: Record<string, ContentFieldValue>;
  /** Names of the fields whose value is en's because the locale has none. */
  fallbackFields: string[];
  /** A working draft waits that differs from the live version (contents of containers with `drafts`). */
  hasDraft: boolean;
  /** When it was last made live by a publish (null: never, or before drafts existed). */
  publishedAt: string | null;
  /** When it will be published (the draft made live), once; null: not scheduled. */
  publishAt: string | null;
  /** When it will be unpublished, once; null: not scheduled. */
  unpublishAt: string | null;
}

/** Where a content stands, as the back office's status chip and the list's `state` filter say it. */
export type ContentState = 'draft' | 'published' | 'changed' | 'scheduled';
export const CONTENT_STATES: readonly ContentState[] = ['draft', 'published', 'changed', 'scheduled'];

/** The state of a content: scheduled when a publish time waits, else unpublished is a draft, else changed when a draft differs. */
export function contentStateOf(content: Pick<ContentSummary, 'published' | 'hasDraft' | 'publishAt'>): ContentState {
  if (content.publishAt !== null) return 'scheduled';
  if (!content.published) return 'draft';
  return content.hasDraft ? 'changed' : 'published';
}

/** POST /api/contents/:id/preview?locale=: a public site URL that renders the draft, valid until expiresAt (one hour at most). */
export interface ContentPreviewDto {
  url: string;
  expiresAt: string;
}

/** GET /api/contents/:id?locale= (and the answer of POST and PUT). */
export interface ContentDto extends ContentSummary {
  /** Its container's `drafts` switch: a PUT changes the draft, POST …/publish makes it live. */
  drafts: boolean;
  parentSlugId: number | null;
  slugId: number | null;
  /** en's segment of the page (`slug` in a locale with its own segment is that locale's; null there: it uses this one). */
  defaultSlug: string | null;
  sections: SectionDto[];
  sectionsFallback: boolean;
  metadata: MetadataEntry[];
  metadataFallback: boolean;
  accesses: AccessEntry[];
}

/**
 * POST /api/contents?locale= and PUT /api/contents/:id?locale=. `fields` sets the named fields in
 * the locale (null clears the locale's value, so it falls back to en); fields not named are kept.
 * Unknown names, values of the wrong type and broken rules answer 400 with
 * `errors: { "fields.<name>": [...] }`. The slug hangs under the container's slug unless
 * `parentSlugId` says otherwise.
 */
export interface ContentRequest {
  title: string;
  containerId: number;
  published?: boolean;
  status?: Status;
  slug?: string | null;
  parentSlugId?: number | null;
  fields?: Record<string, ContentFieldValue>;
  sections?: SectionInput[];
  metadata?: MetadataEntry[];
  accesses?: AccessEntry[];
  /** True to let `accesses: []` take away the page's last access (the page turns public); required then. */
  clearAccesses?: boolean;
  /** ISO date-time in the future: publish then (null clears). Not part of the draft: it applies at once. */
  publishAt?: string | null;
  /** ISO date-time in the future: unpublish then (null clears). */
  unpublishAt?: string | null;
}
/** `containerId` may be sent but not changed: a content stays in its container. */
export type UpdateContentRequest = Partial<ContentRequest>;

// ---------------------------------------------------------------- elements

export interface ElementDto {
  id: number;
  title: string;
  block: string;
  formId: number | null;
  content: Record<string, unknown>;
  status: Status;
  updatedAt: string;
}
/** POST /api/elements, PUT /api/elements/:id. Elements cannot be `element` or `contents` blocks. */
export interface ElementRequest {
  title: string;
  block: string;
  content?: Record<string, unknown>;
  formId?: number | null;
  status?: Status;
}
export type UpdateElementRequest = Partial<ElementRequest>;

// ---------------------------------------------------------------- layout

export const LAYOUT_SECTION_TYPES: readonly SectionType[] = [SectionType.HEADER, SectionType.TOP_BODY, SectionType.BOTTOM_BODY, SectionType.FOOTER];

/** GET /api/layout?locale= */
export interface LayoutDto {
  locale: Lang;
  /** HEADER, TOP_BODY, BOTTOM_BODY and FOOTER sections, each type in the locale or else en's. */
  sections: SectionDto[];
  /** The types whose sections are en's because the locale has none. */
  fallbackTypes: SectionType[];
}
/** POST /api/layout?locale=: replaces every layout section of the locale. */
export interface LayoutRequest {
  sections: SectionInput[];
}

// ---------------------------------------------------------------- public page read

export interface PageMedia {
  id: number;
  uri: string;
  mimeType: string;
  /** In the locale, else en, else null. */
  alt: string | null;
  width: number | null;
  height: number | null;
  /** The uploaded file's name and size in bytes (FILE fields offer it as a download). */
  name: string;
  size: number;
}
/** How the site draws a field of a content: its definition in the container, in the container's order. */
export interface PageFieldDefinition {
  name: string;
  label: string;
  type: ContainerFieldType;
  multiple: boolean;
}
export interface PageFormField {
  name: string;
  type: string;
  label: string | null;
  placeholder: string | null;
  position: number;
  line: number;
  options: string[] | null;
  min: number | null;
  max: number | null;
  defaultText: string | null;
  defaultNumber: number | null;
  defaultMultiple: string[] | null;
  required: boolean;
  warningMessage: string | null;
}
export interface PageForm {
  id: number;
  title: string;
  successMessage: string | null;
  errorMessage: string | null;
  /** The locale the fields come from: the page's, or en when the form has none in it. */
  fieldsLocale: Lang;
  fields: PageFormField[];
}
export interface PageElement {
  id: number;
  title: string;
  block: string;
  formId: number | null;
  content: Record<string, unknown>;
}
/** A content referenced by a CONTENT field: enough to link to it. */
export interface PageContentRef {
  id: number;
  title: string;
  containerId: number;
  /** Its address in the page's locale without locale prefix (its own path there), null when it has no published page. */
  path: string | null;
}
/** A content listed by a `contents` block, with its fields in the page's locale. */
export interface PageContentItem extends PageContentRef {
  updatedAt: string;
  fields: Record<string, ContentFieldValue>;
  fallbackFields: string[];
}
export interface PageSection {
  id: number;
  type: SectionType;
  block: string;
  position: number;
  /** `content.theme`, for the site's theme-on-scroll. */
  theme: BlockTheme | null;
  content: Record<string, unknown>;
  formId: number | null;
  elementId: number | null;
  containerContentId: number | null;
  /** The placed element of an `element` block (its block and content are what to render). */
  element: PageElement | null;
  /** What a `contents` block lists, in its order: the page of them asked for (`?page=`) when it paginates. */
  items: PageContentItem[] | null;
  /** How many published contents a `contents` block has in all (null for other blocks). */
  itemsTotal: number | null;
}
export interface PageAlternate {
  locale: Lang;
  /** `/blog/hello` in en, `/fr/blog/hello` in fr; `/` and `/fr` for the home page. */
  path: string;
}

/** Highest `?page=` of GET /api/pages (pages of a paginated `contents` block). */
export const PAGE_NUMBER_MAX = 10_000;

/** GET /api/pages?path=&locale=&page=: everything the site needs to render one page. */
export interface PageResponse {
  locale: Lang;
  /** The page of paginated `contents` blocks (1 unless `?page=` said otherwise). */
  page: number;
  /** The page's address without locale prefix (`/` for the home page). */
  path: string;
  kind: 'container' | 'content';
  title: string;
  container: { id: number; title: string; hideFooter: boolean; disableContentSections: boolean; sectionsPosition: number | null; path: string | null };
  content: { id: number; title: string; updatedAt: string; fields: Record<string, ContentFieldValue>; fallbackFields: string[] } | null;
  /** The page's own sections (PAGE) in the locale, else en's. */
  sections: PageSection[];
  /** The layout's HEADER, TOP_BODY, BOTTOM_BODY and FOOTER sections, each type falling back to en. */
  layout: PageSection[];
  metadata: MetadataEntry[];
  theme: { primaryColor: string; backgroundColor: string };
  accesses: AccessEntry[];
  /** The page's address in every locale (each locale's own path). */
  alternates: PageAlternate[];
  /**
   * The internal links of the layout's navigation sections shown, as written (`/fr/blog`), to the
   * address of the page they name in the link's locale (`/fr/blogue`) where it differs: render `links[href] ?? href`.
   */
  links: Record<string, string>;
  /** Every media the page shows (fields, sections, elements, listed contents), by id. */
  media: Record<string, PageMedia>;
  /** Every form the page shows, by id. */
  forms: Record<string, PageForm>;
  /** Contents referenced by CONTENT fields of the page's content or of listed contents, by id. */
  contents: Record<string, PageContentRef>;
  /** The `optionLists` entries that ZOHOOPTIONS form fields of the page name. */
  optionLists: Record<string, string[]>;
  /**
   * Field definitions in the container's order, by container id: the page's container when the
   * page is a content, and the containers whose contents `contents` blocks list.
   */
  fieldDefinitions: Record<string, PageFieldDefinition[]>;
}

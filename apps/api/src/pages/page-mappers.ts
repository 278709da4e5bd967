import {
  BLOCK_THEMES,
  BLOCKS,
  type BlockTheme,
  ContainerFieldType,
  CONTENTS_BLOCK_DEFAULT_LIMIT,
  DEFAULT_LANG,
  FormFieldType,
  inLocale,
  isBlockName,
  type Lang,
  LANGS,
  LAYOUT_SECTION_TYPES,
  localePath,
  MEDIA_FIELD_TYPES,
  type PageContentItem,
  type PageContentRef,
  type PageElement,
  type PageFieldDefinition,
  type PageForm,
  type PageFormField,
  type PageMedia,
  type PageResponse,
  type PageSection,
  SectionType,
  SLUG_SEGMENT_PATTERN,
  Status,
} from '@cms/contracts';
import { OPTION_LISTS_SETTING } from '../contents/content-fields.service';
import type { LocalizedFields } from '../contents/read-model/content-rows';
import { pickMetadata } from '../metadata/metadata.service';
import { mediaIdsOf } from '../sections/block-content';
import type { Section } from '../sections/section.entity';
import { pickLocale } from '../sections/sections.service';
import { MAX_FULL_LENGTH, pathOf } from '../slugs/slug-rules';
import { themeFromSettings } from '../theme/theme';

// The pure half of the page read (PagesService): rows in, pieces of the answer out. Nothing here
// reads the database, so each piece is tested without one (page-mappers.spec.ts).

/** The page at a path, as the path's one statement (PATHS_SQL) answers it. */
export interface PageRow {
  full: string;
  slugPublished: boolean;
  contentId: number | null;
  contentTitle: string | null;
  contentPublished: boolean | null;
  contentUpdatedAt: Date | null;
  containerId: number;
  containerTitle: string;
  containerPublished: boolean;
  hideFooter: boolean;
  disableContentSections: boolean;
  sectionsPosition: number | null;
  containerFull: string | null;
  /** The page's path in every locale. */
  fulls: Partial<Record<Lang, string>> | null;
  contentAccesses: string[];
  containerAccesses: string[];
  metadata: { name: string; content: string; lang: Lang }[];
  /** The container's field definitions when the page is a content (null otherwise). */
  definitions: PageFieldDefinition[] | null;
  /** The page's own sections, in the locale and en, by position. */
  sections: Section[];
  /**
   * The content's fields in the locale over en's as JSON text, and the names taken from en, from
   * its documents (migration ContentDocumentMerged; '{}' and none for a container page).
   */
  fieldsJson: string;
  fallbackFields: string[];
}

/** A placed element's row (any status: only available ones are shown). */
export type ElementRow = PageElement & { status: Status };

/** One content a `contents` block lists, or (id null) the row that carries an empty listing's total. */
export interface ListedRow {
  sectionId: number;
  total: number;
  id: number;
  title: string;
  containerId: number;
  updatedAt: Date;
  full: string | null;
  /** The listed content's fields in the locale over en's, as JSON text, and the names taken from en (from its documents). */
  fieldsJson: string;
  fallbackFields: string[];
  /** The type of each field of the listing's container (null when it has none). */
  types: Record<string, ContainerFieldType> | null;
}

/** A field definition of a listed content's container. */
export type DefinitionRow = PageFieldDefinition & { containerId: number };

/** A content a CONTENT field refers to, with its published path when it has one. */
export type ReferencedRow = Omit<PageContentRef, 'path'> & { full: string | null };

/** A media row: alt in every locale, size as PostgreSQL's bigint text. */
export type MediaRow = Omit<PageMedia, 'alt' | 'size'> & { alt: Record<string, string> | null; size: string | number };

export interface FormRow {
  id: number;
  title: string;
  successMessage: string | null;
  errorMessage: string | null;
  fields: (PageFormField & { lang: Lang })[];
}

export interface SettingRow {
  name: string;
  value: unknown;
}

/** The sections a page draws: its own, the layout's, and both together when their block is known. */
export interface PageSections {
  own: Section[];
  layout: Section[];
  all: Section[];
}

/** What the page's sections, elements and fields refer to, each id once, in the order met. */
export interface References {
  contentIds: number[];
  mediaIds: number[];
  formIds: number[];
}

/** `/blog/hello/` → `blog/hello`; null when it cannot be a page path. */
export function normalisePath(path: string): string | null {
  const segments = path.split('/').filter((s) => s !== '');
  const full = segments.join('/');
  if (full.length > MAX_FULL_LENGTH || !segments.every((s) => SLUG_SEGMENT_PATTERN.test(s))) return null;
  return full;
}

function themeOf(content: Record<string, unknown> | undefined): BlockTheme | null {
  const theme = content?.theme;
  return typeof theme === 'string' && (BLOCK_THEMES as readonly string[]).includes(theme) ? (theme as BlockTheme) : null;
}

/** The page's own sections (none for a content whose container turns them off) and the layout's (no footer when hidden), in the locale or en. */
export function pageSectionsOf(page: PageRow, layoutRows: readonly Section[], lang: Lang): PageSections {
  const own = page.contentId !== null && page.disableContentSections ? [] : pickLocale(page.sections, lang, [SectionType.PAGE]).sections;
  const layoutTypes = page.hideFooter ? LAYOUT_SECTION_TYPES.filter((t) => t !== SectionType.FOOTER) : LAYOUT_SECTION_TYPES;
  const layout = pickLocale(layoutRows, lang, layoutTypes).sections;
  return { own, layout, all: [...own, ...layout].filter((s) => isBlockName(s.block)) };
}

/** The elements the sections place, each once. */
export function elementIdsOf(sections: readonly Section[]): number[] {
  return [...new Set(sections.map((s) => s.elementId).filter((id): id is number => id !== null))];
}

/** The elements shown, by id: discontinued ones and those of an unknown block are not. */
export function elementsOf(rows: readonly ElementRow[]): Map<number, PageElement> {
  const elements = new Map<number, PageElement>();
  for (const row of rows)
    if (row.status === Status.AVAILABLE && isBlockName(row.block))
      elements.set(row.id, { id: row.id, title: row.title, block: row.block, formId: row.formId, content: row.content ?? {} });
  return elements;
}

/** The `contents` blocks that list a container. */
export function listingsOf(sections: readonly Section[]): Section[] {
  return sections.filter((s) => s.block === 'contents' && s.containerContentId !== null);
}

const limitOf = (s: Section) => (typeof s.content.limit === 'number' ? s.content.limit : CONTENTS_BLOCK_DEFAULT_LIMIT);
const sortOf = (s: Section) => (s.content.sort === 'title' ? 'title' : 'updatedAt');

/** The listing statement's arrays, one entry per block: a paginating block skips the pages before `pageNumber`. */
export function listingParamsOf(listings: readonly Section[], pageNumber: number): [number[], number[], number[], string[], number[]] {
  return [
    listings.map((s) => s.id),
    listings.map((s) => s.containerContentId as number),
    listings.map(limitOf),
    listings.map(sortOf),
    listings.map((s) => (s.content.paginate === true ? (pageNumber - 1) * limitOf(s) : 0)),
  ];
}

/** Each listing's contents in its order (newest first or by title), and its total (one row per listing even when it lists nothing). */
export function listedOf(listings: readonly Section[], rows: readonly ListedRow[]): { listed: Map<number, ListedRow[]>; totals: Map<number, number> } {
  const listed = new Map<number, ListedRow[]>();
  const totals = new Map<number, number>();
  for (const row of rows) totals.set(row.sectionId, row.total);
  for (const section of listings) {
    const own = rows.filter((r) => r.sectionId === section.id && r.id !== null);
    own.sort(
      sortOf(section) === 'title'
        ? (a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id)
        : (a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime() || b.id - a.id,
    );
    listed.set(section.id, own);
  }
  return { listed, totals };
}

/** The fields of the listed contents, by content, but the page's own (they come with its path). */
export function listedFieldsOf(rows: readonly ListedRow[], pageContentId: number | null): Map<number, LocalizedFields> {
  const fields = new Map<number, LocalizedFields>();
  for (const row of rows) {
    if (row.id === null || row.id === pageContentId || fields.has(row.id)) continue;
    fields.set(row.id, { fields: JSON.parse(row.fieldsJson) as LocalizedFields['fields'], fallbackFields: row.fallbackFields, types: row.types ?? {} });
  }
  return fields;
}

/** The containers whose field definitions the listed cards need (the page's own came with its path). */
export function definedContainersOf(listings: readonly Section[], page: Pick<PageRow, 'containerId' | 'contentId'>): number[] {
  return [...new Set(listings.map((s) => s.containerContentId as number))].filter((id) => id !== page.containerId || page.contentId === null);
}

/** The page's content's fields, as its path's statement read them; undefined for a container's page. */
export function pageContentFieldsOf(page: PageRow): LocalizedFields | undefined {
  if (page.contentId === null) return undefined;
  const types = Object.fromEntries((page.definitions ?? []).map((definition) => [definition.name, definition.type]));
  return { fields: JSON.parse(page.fieldsJson) as LocalizedFields['fields'], fallbackFields: page.fallbackFields, types };
}

/** The contents and media the fields refer to, and the media and forms of the sections and elements. */
export function referencesOf(
  fields: ReadonlyMap<number, LocalizedFields>,
  sections: readonly Section[],
  elements: ReadonlyMap<number, PageElement>,
): References {
  const contentIds = new Set<number>();
  const mediaIds = new Set<number>();
  const formIds = new Set<number>();
  for (const { fields: values, types } of fields.values()) {
    for (const [name, value] of Object.entries(values)) {
      const type = types[name];
      for (const item of Array.isArray(value) ? value : [value]) {
        if (typeof item !== 'number') continue;
        if (type === ContainerFieldType.CONTENT) contentIds.add(item);
        else if (type !== undefined && MEDIA_FIELD_TYPES.includes(type)) mediaIds.add(item);
      }
    }
  }
  for (const section of sections) {
    for (const id of mediaIdsOf(BLOCKS[section.block as keyof typeof BLOCKS], section.content)) mediaIds.add(id);
    if (section.formId !== null) formIds.add(section.formId);
  }
  for (const element of elements.values()) {
    if (isBlockName(element.block)) for (const id of mediaIdsOf(BLOCKS[element.block], element.content)) mediaIds.add(id);
    if (element.formId !== null) formIds.add(element.formId);
  }
  return { contentIds: [...contentIds], mediaIds: [...mediaIds], formIds: [...formIds] };
}

/** Field definitions by container: the page's content's (from its path) and the listed cards'. */
export function fieldDefinitionsOf(page: PageRow, rows: readonly DefinitionRow[]): Record<string, PageFieldDefinition[]> {
  const definitions: Record<string, PageFieldDefinition[]> = {};
  if (page.contentId !== null) definitions[page.containerId] = page.definitions ?? [];
  for (const { containerId, ...definition } of rows) (definitions[containerId] ??= []).push(definition);
  return definitions;
}

/** The referenced contents the reader may follow, by id. */
export function contentsOf(rows: readonly ReferencedRow[]): Record<string, PageContentRef> {
  const contents: Record<string, PageContentRef> = {};
  for (const row of rows) contents[row.id] = { id: row.id, title: row.title, containerId: row.containerId, path: row.full === null ? null : pathOf(row.full) };
  return contents;
}

/**
 * The fields with references the reader may not follow (members-only, unpublished, gone) taken
 * out: not even named by their id. A new map; the fields read are left as they were.
 */
export function withReadableReferences(
  fields: ReadonlyMap<number, LocalizedFields>,
  contents: Readonly<Record<string, PageContentRef>>,
): Map<number, LocalizedFields> {
  const readable = new Map<number, LocalizedFields>();
  for (const [id, localized] of fields) {
    const values = { ...localized.fields };
    for (const [name, value] of Object.entries(values)) {
      if (localized.types[name] !== ContainerFieldType.CONTENT) continue;
      if (Array.isArray(value)) values[name] = value.filter((ref) => typeof ref === 'number' && contents[ref] !== undefined) as typeof value;
      else if (typeof value === 'number' && contents[value] === undefined) values[name] = null;
    }
    readable.set(id, { ...localized, fields: values });
  }
  return readable;
}

/** The media by id, their alt text in the locale or en. */
export function mediaOf(rows: readonly MediaRow[], lang: Lang): Record<string, PageMedia> {
  const media: Record<string, PageMedia> = {};
  for (const row of rows) {
    media[row.id] = {
      id: row.id,
      uri: row.uri,
      mimeType: row.mimeType,
      alt: row.alt?.[lang] ?? row.alt?.[DEFAULT_LANG] ?? null,
      width: row.width,
      height: row.height,
      name: row.name,
      size: Number(row.size),
    };
  }
  return media;
}

/** The forms by id, their fields in the locale or en, and the option lists their ZOHOOPTIONS fields name. */
export function formsOf(rows: readonly FormRow[], lang: Lang): { forms: Record<string, PageForm>; optionKeys: string[] } {
  const forms: Record<string, PageForm> = {};
  const optionKeys = new Set<string>();
  for (const row of rows) {
    const { rows: chosen, locale: fieldsLocale } = inLocale(row.fields, lang);
    forms[row.id] = {
      id: row.id,
      title: row.title,
      successMessage: row.successMessage,
      errorMessage: row.errorMessage,
      fieldsLocale,
      fields: chosen.map(({ lang: _lang, ...field }) => field),
    };
    for (const field of chosen) if (field.type === FormFieldType.ZOHOOPTIONS) for (const key of field.options ?? []) optionKeys.add(key);
  }
  return { forms, optionKeys: [...optionKeys] };
}

/** The option lists the forms name, from the setting that holds them all (strings only; a missing list is left out). */
export function optionListsOf(settings: readonly SettingRow[], optionKeys: readonly string[]): Record<string, string[]> {
  const allLists = settings.find((s) => s.name === OPTION_LISTS_SETTING)?.value;
  const optionLists: Record<string, string[]> = {};
  if (allLists && typeof allLists === 'object') {
    for (const key of optionKeys) {
      const list = Object.prototype.hasOwnProperty.call(allLists, key) ? (allLists as Record<string, unknown>)[key] : undefined;
      if (Array.isArray(list)) optionLists[key] = list.filter((v): v is string => typeof v === 'string');
    }
  }
  return optionLists;
}

/** A listed content as a `contents` block's card. */
export function listedItemOf(row: ListedRow, fields: ReadonlyMap<number, LocalizedFields>): PageContentItem {
  const localized = fields.get(row.id);
  return {
    id: row.id,
    title: row.title,
    containerId: row.containerId,
    path: row.full === null ? null : pathOf(row.full),
    updatedAt: new Date(row.updatedAt).toISOString(),
    fields: localized?.fields ?? {},
    fallbackFields: localized?.fallbackFields ?? [],
  };
}

/** What a section needs from the rest of the read to be drawn. */
export interface SectionParts {
  elements: ReadonlyMap<number, PageElement>;
  forms: Readonly<Record<string, PageForm>>;
  listed: ReadonlyMap<number, readonly ListedRow[]>;
  totals: ReadonlyMap<number, number>;
  fields: ReadonlyMap<number, LocalizedFields>;
}

/** A section as answered; null when what it shows is gone (its element, its form or its element's form). */
export function sectionOf(section: Section, parts: SectionParts): PageSection | null {
  const element = section.elementId !== null ? (parts.elements.get(section.elementId) ?? null) : null;
  if (section.block === 'element' && !element) return null;
  if (section.formId !== null && !parts.forms[section.formId]) return null;
  if (element?.formId != null && !parts.forms[element.formId]) return null;
  return {
    id: section.id,
    type: section.type,
    block: section.block,
    position: section.position,
    theme: themeOf(section.content) ?? themeOf(element?.content),
    content: section.content ?? {},
    formId: section.formId,
    elementId: section.elementId,
    containerContentId: section.containerContentId,
    element,
    items: section.block === 'contents' ? (parts.listed.get(section.id) ?? []).map((row) => listedItemOf(row, parts.fields)) : null,
    itemsTotal: section.block === 'contents' ? (parts.totals.get(section.id) ?? 0) : null,
  };
}

/** Everything a page's answer is made of, once read and mapped. */
export interface PageParts extends SectionParts {
  full: string;
  lang: Lang;
  pageNumber: number;
  page: PageRow;
  roleIds: readonly string[];
  sections: PageSections;
  settings: readonly SettingRow[];
  media: Record<string, PageMedia>;
  contents: Record<string, PageContentRef>;
  optionLists: Record<string, string[]>;
  fieldDefinitions: Record<string, PageFieldDefinition[]>;
  /** Every internal link of the layout's navigation sections (all locales) to its page's address, where they differ. */
  links: ReadonlyMap<string, string>;
}

/** The hrefs of the navigation sections among `sections` (entries and their children), each once. */
export function navigationHrefsOf(sections: readonly Pick<Section, 'block' | 'content'>[]): string[] {
  const hrefs = new Set<string>();
  const add = (link: unknown) => {
    const href = (link as { href?: unknown } | null)?.href;
    if (typeof href === 'string') hrefs.add(href);
  };
  for (const section of sections) {
    if (section.block !== 'navigation') continue;
    const items = (section.content as { items?: unknown } | null)?.items;
    for (const item of Array.isArray(items) ? items : []) {
      add(item);
      const children = (item as { children?: unknown } | null)?.children;
      for (const child of Array.isArray(children) ? children : []) add(child);
    }
  }
  return [...hrefs];
}

/** An internal link's locale and page path (no prefix, as slug_path keeps it), and what follows the path (`?x#y`); null when it is no page's. */
export function linkTargetOf(href: string): { lang: Lang; full: string; rest: string } | null {
  if (!href.startsWith('/') || href.startsWith('//')) return null;
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  const segments = path.split('/').filter((segment) => segment !== '');
  const lang = (LANGS as readonly string[]).includes(segments[0] ?? '') ? (segments.shift() as Lang) : DEFAULT_LANG;
  const full = normalisePath(segments.join('/'));
  return full === null ? null : { lang, full, rest: cut === -1 ? '' : href.slice(cut) };
}

/** The links map of an answer: the shown navigation sections' hrefs whose page has another address. */
export function linksOf(sections: readonly Section[], links: ReadonlyMap<string, string>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const href of navigationHrefsOf(sections)) {
    const to = links.get(href);
    if (to !== undefined) shown[href] = to;
  }
  return shown;
}

/** The answer to GET /api/pages. */
export function pageAnswerOf(parts: PageParts): PageResponse {
  const { full, lang, pageNumber, page, fields } = parts;
  const drawn = (sections: readonly Section[]) => sections.map((s) => sectionOf(s, parts)).filter((s): s is PageSection => s !== null);
  const localized = page.contentId !== null ? fields.get(page.contentId) : undefined;
  return {
    locale: lang,
    page: pageNumber,
    path: pathOf(full),
    kind: page.contentId !== null ? 'content' : 'container',
    title: page.contentTitle ?? page.containerTitle,
    container: {
      id: page.containerId,
      title: page.containerTitle,
      hideFooter: page.hideFooter,
      disableContentSections: page.disableContentSections,
      sectionsPosition: page.sectionsPosition,
      path: page.containerFull === null ? null : pathOf(page.containerFull),
    },
    content:
      page.contentId !== null
        ? {
            id: page.contentId,
            title: page.contentTitle!,
            updatedAt: new Date(page.contentUpdatedAt!).toISOString(),
            fields: localized?.fields ?? {},
            fallbackFields: localized?.fallbackFields ?? [],
          }
        : null,
    sections: drawn(parts.sections.own),
    layout: drawn(parts.sections.layout),
    metadata: pickMetadata(page.metadata, lang).metadata,
    theme: themeFromSettings(parts.settings),
    accesses: parts.roleIds.map((roleId) => ({ roleId })),
    alternates: LANGS.map((l) => ({ locale: l, path: localePath(l, page.fulls?.[l] ?? full) })),
    links: linksOf(parts.sections.layout, parts.links),
    media: parts.media,
    forms: parts.forms,
    contents: parts.contents,
    optionLists: parts.optionLists,
    fieldDefinitions: parts.fieldDefinitions,
  };
}

import {
  ContainerFieldType,
  CONTENTS_BLOCK_DEFAULT_LIMIT,
  DEFAULT_LANG,
  FormFieldType,
  isLang,
  type Lang,
  localePath,
  type PageContentItem,
  type PageForm,
  type PageResponse,
  type PageSection,
  SectionType,
} from '@cms/contracts';
import { isSectionTheme } from '../../shared/section-theme';
import { definitionsOf, fieldsOf, mediaOfPage } from './content-fields';
import { type Alternate } from '../routing/locale-route';
import { sanitizeTheme } from '../theme/site-theme';
import type { LayoutModel, MetaTag, PageModel, SectionModel } from './page-model';

/*
 * GET /api/pages answers a page with its references resolved beside it (media, forms, option
 * lists by id; elements and listed contents inside their sections). The mapping folds each
 * reference into the content of the block that shows it, so that blocks render from their
 * section alone. Pure and free of Node APIs: the guarded-page client chunk runs it too.
 */

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** `/blog/x` → `blog/x`, `/` → ''. */
export function sitePath(apiPath: string): string {
  return apiPath
    .split('/')
    .filter((segment) => segment !== '')
    .join('/');
}

/** The API path of a site path: `blog/x` → `/blog/x`, '' → `/`. */
export function apiPath(path: string): string {
  return `/${path}`;
}

const mediaOf = mediaOfPage;

function formOf(page: PageResponse, id: number | null): Json | undefined {
  if (id === null) return undefined;
  const form: PageForm | undefined = isRecord(page.forms) ? (page.forms[String(id)] as PageForm | undefined) : undefined;
  if (!isRecord(form)) return undefined;
  const lists = isRecord(page.optionLists) ? page.optionLists : {};
  return {
    id: form.id,
    successMessage: form.successMessage,
    errorMessage: form.errorMessage,
    fields: listOf<Json>(form.fields).map((field) => {
      if (field.type !== FormFieldType.ZOHOOPTIONS) return field;
      // A ZOHOOPTIONS field names a list of the optionLists setting; without it, it takes free text.
      const key = listOf<unknown>(field.options)[0];
      const list = typeof key === 'string' && Object.hasOwn(lists, key) ? lists[key] : [];
      return { ...field, options: listOf<unknown>(list).filter((option) => typeof option === 'string') };
    }),
  };
}

/**
 * A content's title is one text for every locale; a field named `title` (STRING) holds it per
 * locale, and then stands for the title on the content's page and its cards.
 */
const TITLE_FIELD = 'title';
function localizedTitle(fields: Json): string | undefined {
  const value = fields[TITLE_FIELD];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

const EXCERPT_TYPES: readonly string[] = [ContainerFieldType.STRING, ContainerFieldType.PARAGRAPH];
const EXCERPT_LENGTH = 220;

/** Cut at a word, near `EXCERPT_LENGTH` characters. */
function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_LENGTH) return flat;
  const cut = flat.slice(0, EXCERPT_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?-]+$/, '')}…`;
}

/** A listed content as a card: its first image, its title, an excerpt and a date. */
function contentsItems(section: PageSection, page: PageResponse, locale: Lang, excerptField: unknown): Json[] {
  const definitions = typeof section.containerContentId === 'number' ? definitionsOf(page, section.containerContentId) : [];
  const named = definitions.find((definition) => definition.name === excerptField && EXCERPT_TYPES.includes(definition.type));
  return listOf<PageContentItem>(section.items).map((item) => {
    const values: Json = isRecord(item.fields) ? item.fields : {};
    const first = (name: string) => (Array.isArray(values[name]) ? (values[name] as unknown[])[0] : values[name]);
    const textOf = (name: string) => {
      const value = first(name);
      return typeof value === 'string' && value.trim() !== '' ? value : undefined;
    };
    let image: Json | undefined;
    for (const definition of definitions) {
      if (definition.type !== ContainerFieldType.IMAGE) continue;
      image = mediaOfPage(page, first(definition.name));
      if (image) break;
    }
    const excerptDefinition =
      named && textOf(named.name)
        ? named
        : definitions.find((definition) => EXCERPT_TYPES.includes(definition.type) && definition.name !== TITLE_FIELD && textOf(definition.name));
    const excerpt = excerptDefinition ? textOf(excerptDefinition.name) : undefined;
    const dateDefinition = definitions.find((definition) => definition.type === ContainerFieldType.DATE && textOf(definition.name));
    return {
      title: localizedTitle(values) ?? item.title,
      href: typeof item.path === 'string' ? localePath(locale, sitePath(item.path)) : undefined,
      updatedAt: (dateDefinition && textOf(dateDefinition.name)) ?? item.updatedAt,
      image,
      excerpt: excerpt ? excerptOf(excerpt) : undefined,
      excerptLang:
        excerptDefinition && listOf<string>(item.fallbackFields).includes(excerptDefinition.name) && locale !== DEFAULT_LANG ? DEFAULT_LANG : undefined,
    };
  });
}

/** How many pages a `contents` block's listing spans: 1 unless it paginates. */
function pagesOf(section: PageSection, content: Json): number {
  if (content.paginate !== true || typeof section.itemsTotal !== 'number') return 1;
  const limit = typeof content.limit === 'number' && content.limit > 0 ? content.limit : CONTENTS_BLOCK_DEFAULT_LIMIT;
  return Math.max(1, Math.ceil(section.itemsTotal / limit));
}

/**
 * The last `?page=` of a page: the most pages any of its listings (its own or the layout's) spans.
 * Past it every listing is empty, so such an address is answered 404 and never kept: a crawler
 * or a flood of made-up numbers cannot fill the page cache with copies and evict real pages.
 */
function lastPageOf(page: PageResponse): number {
  let last = 1;
  for (const section of [...listOf<PageSection>(page.sections), ...listOf<PageSection>(page.layout)]) {
    if (isRecord(section) && section.block === 'contents' && isRecord(section.content)) last = Math.max(last, pagesOf(section, section.content));
  }
  return last;
}

/** Links to the other pages of a paginating `contents` block: `?page=N` on the page's own address. */
function paginationOf(section: PageSection, content: Json, page: PageResponse, locale: Lang): Json | undefined {
  const pages = pagesOf(section, content);
  if (pages <= 1) return undefined;
  const current = typeof page.page === 'number' && Number.isInteger(page.page) && page.page > 0 ? page.page : 1;
  const base = localePath(locale, sitePath(typeof page.path === 'string' ? page.path : '/'));
  return { current, pages, base };
}

/** The block to render and its content with what it refers to folded in. */
function resolve(section: PageSection, page: PageResponse, locale: Lang): { block: string; content: Json } | null {
  let block = section.block;
  let content: Json = isRecord(section.content) ? section.content : {};
  let formId = section.formId;
  if (block === 'element') {
    const element = section.element;
    if (!isRecord(element)) return null;
    block = element.block;
    content = isRecord(element.content) ? element.content : {};
    formId = element.formId;
  }
  switch (block) {
    case 'hero':
      return { block, content: { ...content, media: mediaOf(page, content.mediaId) } };
    case 'media':
      return { block, content: { caption: content.caption, media: mediaOf(page, content.mediaId) } };
    case 'form':
      return { block, content: { title: content.title, text: content.text, form: formOf(page, formId) } };
    case 'contents':
      return {
        block,
        content: {
          title: content.title,
          items: contentsItems(section, page, locale, content.excerptField),
          pagination: paginationOf(section, content, page, locale),
        },
      };
    case 'navigation':
      return { block, content: localizedNavigation(content, page.links) };
    default:
      return { block, content };
  }
}

/**
 * A navigation block's content with each internal link at its page's address in the link's locale
 * (the answer's `links`: `/fr/blog` → `/fr/blogue` when the French page has its own segment).
 */
export function localizedNavigation(content: Json, links: unknown): Json {
  if (!isRecord(links) || !Array.isArray(content.items)) return content;
  const relink = (link: unknown): unknown => {
    if (!isRecord(link) || typeof link.href !== 'string' || !Object.hasOwn(links, link.href)) return link;
    const to = links[link.href];
    return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') ? { ...link, href: to } : link;
  };
  return {
    ...content,
    items: content.items.map((item) => {
      const moved = relink(item);
      return isRecord(moved) && Array.isArray(moved.children) ? { ...moved, children: moved.children.map(relink) } : moved;
    }),
  };
}

function mapSection(section: PageSection, page: PageResponse, locale: Lang, prefix: string): SectionModel | null {
  if (!isRecord(section) || typeof section.id !== 'number') return null;
  const resolved = resolve(section, page, locale);
  if (!resolved) return null;
  return { id: `${prefix}-${section.id}`, block: resolved.block, theme: isSectionTheme(section.theme) ? section.theme : 'white', content: resolved.content };
}

const LAYOUT_SLOTS: Partial<Record<string, keyof LayoutModel>> = {
  [SectionType.HEADER]: 'header',
  [SectionType.TOP_BODY]: 'topBody',
  [SectionType.BOTTOM_BODY]: 'bottomBody',
  [SectionType.FOOTER]: 'footer',
};

function mapLayout(page: PageResponse, locale: Lang): LayoutModel {
  const layout: LayoutModel = { header: [], topBody: [], bottomBody: [], footer: [] };
  for (const section of listOf<PageSection>(page.layout)) {
    const slot = LAYOUT_SLOTS[section?.type];
    const mapped = slot ? mapSection(section, page, locale, 'layout') : null;
    if (slot && mapped) layout[slot].push(mapped);
  }
  return layout;
}

const META_NAME = /^[A-Za-z][A-Za-z0-9:._-]{0,99}$/;
/** Open Graph and its kin use `property`; every other name uses `name`. */
const PROPERTY_PREFIXES = /^(og|article|book|profile|music|video|fb):/i;

function mapMetadata(page: PageResponse): { title?: string; description?: string; meta: MetaTag[] } {
  let title: string | undefined;
  let description: string | undefined;
  const meta: MetaTag[] = [];
  for (const entry of listOf<Json>(page.metadata)) {
    const { name, content } = entry;
    if (typeof name !== 'string' || typeof content !== 'string' || !META_NAME.test(name) || content.trim() === '') continue;
    const key = name.toLowerCase();
    if (key === 'title') title ??= content;
    else if (key === 'description') description ??= content;
    else meta.push({ attribute: PROPERTY_PREFIXES.test(name) ? 'property' : 'name', key: name, content });
  }
  return { title, description, meta };
}

function mapAlternates(page: PageResponse): Alternate[] {
  const alternates: Alternate[] = [];
  for (const entry of listOf<Json>(page.alternates)) {
    const { locale, path } = entry;
    if (!isLang(locale) || typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) continue;
    alternates.push({ hreflang: locale, href: path });
  }
  const fallback = alternates.find((alternate) => alternate.hreflang === DEFAULT_LANG);
  if (fallback) alternates.push({ hreflang: 'x-default', href: fallback.href });
  return alternates;
}

/** The page model of an answer of GET /api/pages. */
export function mapPageResponse(page: PageResponse): PageModel {
  const locale: Lang = isLang(page.locale) ? page.locale : DEFAULT_LANG;
  const path = sitePath(typeof page.path === 'string' ? page.path : '/');
  const { title, description, meta } = mapMetadata(page);
  const content = page.content;
  const ownTitle = isRecord(content) && isRecord(content.fields) ? localizedTitle(content.fields) : undefined;
  const pageTitle = title ?? ownTitle ?? (typeof page.title === 'string' && page.title.trim() !== '' ? page.title : path);
  const sections = listOf<PageSection>(page.sections)
    .map((section) => mapSection(section, page, locale, 'section'))
    .filter((section): section is SectionModel => section !== null);
  // A content's page shows its fields, then its sections; or its sections after the n-th field, where its container says.
  if (isRecord(content) && typeof content.id === 'number' && isRecord(page.container)) {
    const allDefinitions = definitionsOf(page, page.container.id);
    const definitions = allDefinitions.filter((definition) => !(ownTitle && definition.name === TITLE_FIELD));
    const fields = fieldsOf(definitions, isRecord(content.fields) ? content.fields : {}, listOf<string>(content.fallbackFields), page, locale);
    const position = page.container.sectionsPosition;
    const before = typeof position === 'number' ? new Set(allDefinitions.slice(0, Math.max(0, position)).map((definition) => definition.name)) : null;
    const [first, rest] = before ? [fields.filter((field) => before.has(field.name)), fields.filter((field) => !before.has(field.name))] : [fields, []];
    // Its first single date is the content's date, shown under its title (as on its card).
    const dateField = fields.find((field) => field.type === ContainerFieldType.DATE && !field.multiple && field.values[0]?.kind === 'date');
    const dates = {
      updatedAt: content.updatedAt,
      dateField: dateField?.name,
      date: dateField?.values[0]?.kind === 'date' ? dateField.values[0].iso : undefined,
    };
    sections.unshift({ id: 'content', block: 'content-fields', theme: 'white', content: { title: ownTitle ?? content.title, ...dates, fields: first } });
    if (rest.length > 0) sections.push({ id: 'content-more', block: 'content-fields', theme: 'white', content: { continued: true, ...dates, fields: rest } });
  }
  // A page without sections of its own still shows its title.
  if (sections.length === 0) sections.push({ id: 'page-title', block: 'hero', theme: 'white', content: { title: pageTitle } });
  const alternates = mapAlternates(page);
  return {
    locale,
    path,
    title: pageTitle,
    description,
    meta,
    sections,
    layout: mapLayout(page, locale),
    locales: alternates.flatMap((alternate) => (alternate.hreflang === 'x-default' ? [] : [alternate.hreflang])),
    alternates,
    theme: sanitizeTheme(page.theme),
    hideFooter: page.container?.hideFooter === true,
    lastPage: lastPageOf(page),
    kind: page.kind === 'content' ? 'content' : 'container',
    editId:
      page.kind === 'content'
        ? isRecord(page.content) && typeof page.content.id === 'number'
          ? page.content.id
          : undefined
        : isRecord(page.container) && typeof page.container.id === 'number'
          ? page.container.id
          : undefined,
  };
}

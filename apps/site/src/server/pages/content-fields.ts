import { COLOR_PATTERN, ContainerFieldType, type Lang, localePath, type PageFieldDefinition, type PageResponse } from '@cms/contracts';

/*
 * The values of a content's fields, resolved for drawing: each field in its container's order,
 * with what its values refer to (media, contents) folded in. Pure and free of Node APIs, like
 * the rest of the page mapping.
 */

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export type FieldValueModel =
  | { kind: 'text'; text: string }
  /** Rich text, still to go through the site's sanitiser (the block does it). */
  | { kind: 'html'; html: string }
  /** A media (IMAGE, VIDEO, FILE) as the page answered it. */
  | { kind: 'media'; media: Json }
  | { kind: 'date'; iso: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'color'; value: string }
  | { kind: 'link'; href: string }
  | { kind: 'location'; lat: number; lng: number }
  | { kind: 'content'; title: string; href?: string }
  | { kind: 'option'; label: string }
  | { kind: 'timerange'; start: string; end: string };

export interface FieldModel {
  name: string;
  label: string;
  type: ContainerFieldType;
  multiple: boolean;
  /** True when the value is en's because the page's locale has none: the site marks it `lang="en"`. */
  fallback: boolean;
  values: FieldValueModel[];
}

export function mediaOfPage(page: Pick<PageResponse, 'media'>, id: unknown): Json | undefined {
  if (typeof id !== 'number') return undefined;
  const media = isRecord(page.media) ? page.media[String(id)] : undefined;
  if (!isRecord(media)) return undefined;
  return { uri: media.uri, mimeType: media.mimeType, alt: media.alt ?? '', width: media.width, height: media.height, name: media.name, size: media.size };
}

function valueOf(type: ContainerFieldType, item: unknown, page: PageResponse, locale: Lang): FieldValueModel | null {
  switch (type) {
    case ContainerFieldType.STRING:
    case ContainerFieldType.PARAGRAPH:
      return typeof item === 'string' && item.trim() !== '' ? { kind: 'text', text: item } : null;
    case ContainerFieldType.RICHTEXT:
      return typeof item === 'string' && item.trim() !== '' ? { kind: 'html', html: item } : null;
    case ContainerFieldType.IMAGE:
    case ContainerFieldType.VIDEO:
    case ContainerFieldType.FILE: {
      const media = mediaOfPage(page, item);
      return media ? { kind: 'media', media } : null;
    }
    case ContainerFieldType.DATE:
      return typeof item === 'string' && !Number.isNaN(Date.parse(item)) ? { kind: 'date', iso: item } : null;
    case ContainerFieldType.NUMBER:
    case ContainerFieldType.POSITION:
      return typeof item === 'number' && Number.isFinite(item) ? { kind: 'number', value: item } : null;
    case ContainerFieldType.BOOLEAN:
      return typeof item === 'boolean' ? { kind: 'boolean', value: item } : null;
    case ContainerFieldType.COLOR:
      return typeof item === 'string' && COLOR_PATTERN.test(item) ? { kind: 'color', value: item } : null;
    case ContainerFieldType.LINK:
      return typeof item === 'string' && item.trim() !== '' ? { kind: 'link', href: item.trim() } : null;
    case ContainerFieldType.LOCATION: {
      if (!isRecord(item)) return null;
      const { lat, lng } = item;
      if (typeof lat !== 'number' || typeof lng !== 'number' || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
      return { kind: 'location', lat, lng };
    }
    case ContainerFieldType.CONTENT: {
      const ref = typeof item === 'number' && isRecord(page.contents) ? page.contents[String(item)] : undefined;
      if (!isRecord(ref) || typeof ref.title !== 'string') return null;
      const href = typeof ref.path === 'string' ? localePath(locale, ref.path.split('/').filter(Boolean).join('/')) : undefined;
      return { kind: 'content', title: ref.title, href };
    }
    case ContainerFieldType.OPTION:
    case ContainerFieldType.ZOHOOPTIONS:
      return typeof item === 'string' && item.trim() !== '' ? { kind: 'option', label: item } : null;
    case ContainerFieldType.TIMERANGE: {
      if (!isRecord(item) || typeof item.start !== 'string' || typeof item.end !== 'string') return null;
      return { kind: 'timerange', start: item.start, end: item.end };
    }
    default:
      return null;
  }
}

/** The fields of one content, in the order of `definitions`; fields without a usable value are left out. */
export function fieldsOf(
  definitions: readonly PageFieldDefinition[],
  values: Record<string, unknown>,
  fallbackFields: readonly string[],
  page: PageResponse,
  locale: Lang,
): FieldModel[] {
  const fallback = new Set(fallbackFields);
  const fields: FieldModel[] = [];
  for (const definition of definitions) {
    if (!isRecord(definition) || typeof definition.name !== 'string' || !Object.hasOwn(values, definition.name)) continue;
    const raw = values[definition.name];
    const items = Array.isArray(raw) ? raw : [raw];
    const resolved = items.map((item) => valueOf(definition.type, item, page, locale)).filter((value): value is FieldValueModel => value !== null);
    if (resolved.length === 0) continue;
    fields.push({
      name: definition.name,
      label: typeof definition.label === 'string' ? definition.label : definition.name,
      type: definition.type,
      multiple: definition.multiple === true || Array.isArray(raw),
      fallback: fallback.has(definition.name),
      values: resolved,
    });
  }
  return fields;
}

/** The definitions of a container as the page answered them. */
export function definitionsOf(page: PageResponse, containerId: number): PageFieldDefinition[] {
  const all = isRecord(page.fieldDefinitions) ? page.fieldDefinitions[String(containerId)] : undefined;
  return Array.isArray(all) ? all : [];
}

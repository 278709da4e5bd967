import {
  ContainerFieldType,
  FIELD_TYPES,
  type Lang,
  localePath,
  type LocationValue,
  type PageFieldDefinition,
  type PageResponse,
  type TimeRangeValue,
} from '@cms/contracts';

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

/** One item as the site draws it, once its type's rule (FIELD_TYPES) says it has the type's shape. */
function valueOf(type: ContainerFieldType, item: unknown, page: PageResponse, locale: Lang): FieldValueModel | null {
  if (!Object.hasOwn(FIELD_TYPES, type) || !FIELD_TYPES[type].isItem(item)) return null;
  switch (type) {
    case ContainerFieldType.STRING:
    case ContainerFieldType.PARAGRAPH:
      return { kind: 'text', text: item as string };
    case ContainerFieldType.RICHTEXT:
      return { kind: 'html', html: item as string };
    case ContainerFieldType.IMAGE:
    case ContainerFieldType.VIDEO:
    case ContainerFieldType.FILE: {
      const media = mediaOfPage(page, item);
      return media ? { kind: 'media', media } : null;
    }
    case ContainerFieldType.DATE:
      return { kind: 'date', iso: item as string };
    case ContainerFieldType.NUMBER:
    case ContainerFieldType.POSITION:
      return { kind: 'number', value: item as number };
    case ContainerFieldType.BOOLEAN:
      return { kind: 'boolean', value: item as boolean };
    case ContainerFieldType.COLOR:
      return { kind: 'color', value: item as string };
    case ContainerFieldType.LINK:
      return { kind: 'link', href: (item as string).trim() };
    case ContainerFieldType.LOCATION: {
      const { lat, lng } = item as LocationValue;
      return { kind: 'location', lat, lng };
    }
    case ContainerFieldType.CONTENT: {
      const ref = isRecord(page.contents) ? page.contents[String(item)] : undefined;
      if (!isRecord(ref) || typeof ref.title !== 'string') return null;
      const href = typeof ref.path === 'string' ? localePath(locale, ref.path.split('/').filter(Boolean).join('/')) : undefined;
      return { kind: 'content', title: ref.title, href };
    }
    case ContainerFieldType.OPTION:
    case ContainerFieldType.ZOHOOPTIONS:
      return { kind: 'option', label: item as string };
    case ContainerFieldType.TIMERANGE: {
      const { start, end } = item as TimeRangeValue;
      return { kind: 'timerange', start, end };
    }
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

import {
  ContainerFieldType,
  FORM_FIELD_TYPES_WITH_OPTIONS,
  FormFieldType,
  SectionType,
  type AccessEntry,
  type ContainerFieldInput,
  type ContentFieldValue,
  type FormFieldInput,
  type MetadataEntry,
  type SectionInput,
} from '@cms/contracts';
import { cleanContent } from '../blocks/block-values';

/**
 * The bodies of containers and contents writes. Both are read and written in a locale (their
 * metadata, and a content's field values), and the API rejects unknown properties: only the
 * accepted ones are sent, and on update only those that changed.
 */
type Payload = Record<string, unknown>;

export const LOCALIZED_RESOURCES = ['containers', 'contents', 'forms'] as const;

export function isLocalizedResource(resource: string): boolean {
  return (LOCALIZED_RESOURCES as readonly string[]).includes(resource);
}

const CONTAINER_FIELDS = ['title', 'published', 'status', 'disableContentSections', 'hideFooter', 'sectionsPosition', 'slug', 'fields', 'metadata', 'sections', 'accesses'] as const;
const CONTENT_FIELDS = ['title', 'containerId', 'published', 'status', 'slug', 'metadata', 'sections', 'accesses'] as const;
const FORM_FIELDS = ['title', 'sendMail', 'sendTo', 'successMessage', 'errorMessage', 'status', 'fields'] as const;
const FORM_TYPES_WITH_OPTIONS: readonly string[] = [...FORM_FIELD_TYPES_WITH_OPTIONS, FormFieldType.ZOHOOPTIONS];

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A form field as the API takes it; `position` is its rank when not given. */
export function toFormFieldInput(raw: Payload, index: number, keepId: boolean): FormFieldInput {
  const type = raw.type as FormFieldType;
  const field: FormFieldInput = {
    name: String(raw.name ?? '').trim(),
    type,
    label: textOrNull(raw.label),
    placeholder: textOrNull(raw.placeholder),
    position: numberOrNull(raw.position) ?? index,
    line: numberOrNull(raw.line) ?? index,
    options: FORM_TYPES_WITH_OPTIONS.includes(type)
      ? (Array.isArray(raw.options) ? raw.options : []).map((option) => String(option ?? '').trim()).filter(Boolean)
      : null,
    min: numberOrNull(raw.min),
    max: numberOrNull(raw.max),
    // Every property the API answers goes back: a value without an input on screen is kept.
    defaultText: typeof raw.defaultText === 'string' && raw.defaultText !== '' ? raw.defaultText : null,
    defaultNumber: numberOrNull(raw.defaultNumber),
    defaultMultiple: Array.isArray(raw.defaultMultiple) ? raw.defaultMultiple.map((choice) => String(choice ?? '').trim()).filter(Boolean) : null,
    required: !!raw.required,
    warningMessage: textOrNull(raw.warningMessage),
  };
  if (keepId && typeof raw.id === 'number') field.id = raw.id;
  return field;
}

function numberOrNull(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** A field definition as the API takes it: options only for OPTION, the Zoho key only for ZOHOOPTIONS... */
export function toFieldInput(raw: Payload): ContainerFieldInput {
  const type = raw.type as ContainerFieldType;
  const field: ContainerFieldInput = {
    label: String(raw.label ?? '').trim(),
    name: String(raw.name ?? '').trim(),
    type,
    required: !!raw.required,
    multiple: !!raw.multiple,
    min: numberOrNull(raw.min),
    max: numberOrNull(raw.max),
    options:
      type === ContainerFieldType.OPTION
        ? (Array.isArray(raw.options) ? raw.options : []).map((option) => String(option ?? '').trim()).filter(Boolean)
        : null,
    zohoOptionsKey: type === ContainerFieldType.ZOHOOPTIONS ? String(raw.zohoOptionsKey ?? '').trim() || null : null,
    linkedContainerId: type === ContainerFieldType.CONTENT ? numberOrNull(raw.linkedContainerId) : null,
  };
  if (typeof raw.id === 'number') field.id = raw.id;
  if (raw.metadata && typeof raw.metadata === 'object') field.metadata = raw.metadata as Record<string, unknown>;
  return field;
}

export function toMetadata(raw: unknown): MetadataEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .map((entry) => ({ name: String(entry?.name ?? '').trim(), content: String(entry?.content ?? '') }))
    .filter((entry) => entry.name !== '');
}

/** A section of a form as the API takes it, at its rank in the list (ids and locale are the API's). */
export function toSectionInput(raw: Payload, type: SectionType, position: number): SectionInput {
  return {
    type,
    position,
    block: String(raw.block ?? ''),
    content: cleanContent(String(raw.block ?? ''), raw.content),
    formId: numberOrNull(raw.formId),
    elementId: numberOrNull(raw.elementId),
    containerContentId: numberOrNull(raw.containerContentId),
  };
}

/** Roles that may read a page, each once; an entry without a role is left out. */
export function toAccesses(raw: unknown): AccessEntry[] {
  if (!Array.isArray(raw)) return [];
  const roleIds = raw.map((entry) => (entry && typeof entry === 'object' ? (entry as Payload).roleId : undefined)).filter((id): id is string => typeof id === 'string' && id !== '');
  return [...new Set(roleIds)].map((roleId) => ({ roleId }));
}

function normalized(resource: string, field: string, value: unknown, keepIds = true): unknown {
  if (field === 'sections') return (Array.isArray(value) ? value : []).map((raw, position) => toSectionInput(raw ?? {}, SectionType.PAGE, position));
  if (field === 'accesses') return toAccesses(value);
  if (field === 'fields' && resource === 'forms') return (Array.isArray(value) ? value : []).map((raw, index) => toFormFieldInput(raw ?? {}, index, keepIds));
  if (resource === 'forms' && ['sendTo', 'successMessage', 'errorMessage'].includes(field)) return textOrNull(value);
  if (field === 'fields' && resource === 'containers') return (Array.isArray(value) ? value : []).map((raw) => toFieldInput(raw ?? {}));
  if (field === 'metadata') return toMetadata(value);
  if (field === 'slug') return typeof value === 'string' ? value.trim() : null;
  if (field === 'containerId') return numberOrNull(value);
  if (field === 'title' && typeof value === 'string') return value.trim();
  return value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function writable(resource: string): readonly string[] {
  if (resource === 'forms') return FORM_FIELDS;
  return resource === 'containers' ? CONTAINER_FIELDS : CONTENT_FIELDS;
}

/** A `multiple` field's items without the blank rows left on screen (an added, never filled input). */
function withoutBlankItems(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const blank = (part: unknown) => part === undefined || part === null || part === '';
  return value.filter((item) =>
    item && typeof item === 'object' ? Object.values(item as Payload).some((part) => !blank(part)) : !blank(item),
  );
}

/** A content's field values, without the empty ones a new content does not need. */
function createFieldValues(values: unknown): Record<string, ContentFieldValue> {
  const result: Record<string, ContentFieldValue> = {};
  if (!values || typeof values !== 'object') return result;
  for (const [name, raw] of Object.entries(values as Payload)) {
    const value = withoutBlankItems(raw);
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    result[name] = value as ContentFieldValue;
  }
  return result;
}

export function toPagePayload(resource: string, data: Payload): Payload {
  const payload: Payload = {};
  for (const field of writable(resource)) {
    if (!(field in data)) continue;
    const value = normalized(resource, field, data[field]);
    if (field === 'slug' && (value === null || value === '')) continue;
    if (value === undefined) continue;
    payload[field] = value;
  }
  if (resource === 'contents') {
    const fields = createFieldValues(data.fields);
    if (Object.keys(fields).length > 0) payload.fields = fields;
  }
  return payload;
}

/**
 * The changed parts only. For a content, only the field values that changed are sent: a value
 * shown from en (a `fallbackFields` entry) is not written into the locale unless it was edited.
 */
export function toPageUpdatePayload(resource: string, data: Payload, previousData: Payload = {}): Payload {
  const payload: Payload = {};
  // A form's fields shown from en are a copy to start from: their ids are en's, not this locale's.
  const keepIds = !(resource === 'forms' && previousData.fieldsLocale && previousData.fieldsLocale !== previousData.locale);
  for (const field of writable(resource)) {
    if (!(field in data) || field === 'containerId') continue;
    const value = normalized(resource, field, data[field], keepIds);
    const before = normalized(resource, field, previousData[field], keepIds);
    if (same(value, before)) continue;
    payload[field] = field === 'slug' && value === '' ? null : value;
  }
  if (resource === 'contents' && data.fields && typeof data.fields === 'object') {
    const previous = (previousData.fields ?? {}) as Payload;
    const changed: Record<string, ContentFieldValue> = {};
    for (const [name, raw] of Object.entries(data.fields as Payload)) {
      const value = withoutBlankItems(raw);
      if (same(value, previous[name])) continue;
      changed[name] = (value === '' || value === undefined ? null : value) as ContentFieldValue;
    }
    if (Object.keys(changed).length > 0) payload.fields = changed;
  }
  return payload;
}

/** The API answers `errors: { "fields.x": ["..."] }`; react-admin's forms take one message per input. */
export function toFormErrors(errors: unknown): Record<string, string> | null {
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return null;
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors as Payload)) {
    result[key] = Array.isArray(value) ? value.map(String).join('. ') : String(value);
  }
  return result;
}

/** Alternative texts without the blank locales (the site falls back to en for them). */
export function cleanAlt(alt: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!alt || typeof alt !== 'object') return result;
  for (const [locale, text] of Object.entries(alt as Payload)) {
    if (typeof text === 'string' && text.trim() !== '') result[locale] = text.trim();
  }
  return result;
}

interface RawFile {
  rawFile?: unknown;
}

/** The multipart body of POST /api/medias: the file in `file`, beside name, alt (JSON) and packId. */
export function toMediaUpload(data: Payload): FormData {
  const form = new FormData();
  const file = (data.file as RawFile | undefined)?.rawFile ?? data.file;
  if (file instanceof Blob) form.append('file', file);
  if (typeof data.name === 'string' && data.name.trim()) form.append('name', data.name.trim());
  const alt = cleanAlt(data.alt);
  if (Object.keys(alt).length > 0) form.append('alt', JSON.stringify(alt));
  if (data.packId !== undefined && data.packId !== null && data.packId !== '') form.append('packId', String(data.packId));
  return form;
}

/** PUT /api/medias/:id: the name, alternative texts and pack that changed. */
export function toMediaUpdate(data: Payload, previousData: Payload = {}): Payload {
  const payload: Payload = {};
  if (typeof data.name === 'string' && data.name.trim() !== previousData.name) payload.name = data.name.trim();
  const alt = cleanAlt(data.alt);
  if (!same(alt, cleanAlt(previousData.alt))) payload.alt = alt;
  const packId = data.packId === '' || data.packId === undefined ? null : data.packId;
  if (!same(packId, previousData.packId ?? null)) payload.packId = packId;
  return payload;
}

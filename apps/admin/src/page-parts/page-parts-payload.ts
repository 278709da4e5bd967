import { SectionType, type AccessEntry, type MetadataEntry, type SectionInput } from '@cms/contracts';
import { cleanContent } from '../blocks/block-values';
import { numberOrNull, type Payload, type Shape } from '../http/resource-writes';

/**
 * The parts of a page that containers and contents both own (slug, metadata, sections, accesses),
 * as the API takes them.
 */
export const PAGE_PARTS = ['slug', 'parentSlugId', 'metadata', 'sections', 'accesses'] as const;

function toMetadata(raw: unknown): MetadataEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((entry) => ({ name: String(entry?.name ?? '').trim(), content: String(entry?.content ?? '') })).filter((entry) => entry.name !== '');
}

/** A section as the API takes it, at its rank in the list (ids and locale are the API's). */
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
  const roleIds = raw
    .map((entry) => (entry && typeof entry === 'object' ? (entry as Payload).roleId : undefined))
    .filter((id): id is string => typeof id === 'string' && id !== '');
  return [...new Set(roleIds)].map((roleId) => ({ roleId }));
}

/**
 * An update's body with the flag the API asks for before it takes a page's last access away: sent
 * only when the form says the editor confirmed it (PageEditForm) and the body empties the accesses.
 */
export function withAccessClearing(payload: Payload, data: Payload): Payload {
  const clears = Array.isArray(payload.accesses) && payload.accesses.length === 0 && data.clearAccesses === true;
  return clears ? { ...payload, clearAccesses: true } : payload;
}

/**
 * A page owner's property as the API takes it; `shapeOwn` shapes the owner's own properties.
 * Sections shown from en shape equal to the record as read, so an update copies them into the
 * locale only when they were edited.
 */
export function pagePartShape(shapeOwn: Shape): Shape {
  return (field, value) => {
    if (field === 'sections') return (Array.isArray(value) ? value : []).map((raw, position) => toSectionInput(raw ?? {}, SectionType.PAGE, position));
    if (field === 'accesses') return toAccesses(value);
    if (field === 'metadata') return toMetadata(value);
    // A cleared slug is null: the page goes back to its title's.
    if (field === 'slug') return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
    if (field === 'title' && typeof value === 'string') return value.trim();
    // The parent picker's "none (top level)" is 0 in the form: null for the API.
    if (field === 'parentSlugId') return typeof value === 'number' && value > 0 ? value : null;
    return shapeOwn(field, value);
  };
}

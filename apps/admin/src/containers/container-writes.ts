import { ContainerFieldType, type ContainerFieldInput } from '@cms/contracts';
import { changedFields, filledFields, numberOrNull, type Payload, type ResourceWrites } from '../http/resource-writes';
import { PAGE_PARTS, pagePartShape, withAccessClearing } from '../page-parts/page-parts-payload';

const CONTAINER_FIELDS = [
  'title',
  'drafts',
  'published',
  'status',
  'disableContentSections',
  'hideFooter',
  'sectionsPosition',
  'fields',
  ...PAGE_PARTS,
] as const;

/** A field definition as the API takes it: options only for OPTION, the Zoho key only for ZOHOOPTIONS... */
function toFieldInput(raw: Payload): ContainerFieldInput {
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
      type === ContainerFieldType.OPTION ? (Array.isArray(raw.options) ? raw.options : []).map((option) => String(option ?? '').trim()).filter(Boolean) : null,
    zohoOptionsKey: type === ContainerFieldType.ZOHOOPTIONS ? String(raw.zohoOptionsKey ?? '').trim() || null : null,
    linkedContainerId: type === ContainerFieldType.CONTENT ? numberOrNull(raw.linkedContainerId) : null,
  };
  if (typeof raw.id === 'number') field.id = raw.id;
  if (raw.metadata && typeof raw.metadata === 'object') field.metadata = raw.metadata as Record<string, unknown>;
  return field;
}

const shape = pagePartShape((field, value) => (field === 'fields' ? (Array.isArray(value) ? value : []).map((raw) => toFieldInput(raw ?? {})) : value));

export const containerWrites: ResourceWrites = {
  localized: true,
  changes: 'containers-menu',
  create: (data) => filledFields(CONTAINER_FIELDS, data, shape),
  update: (data, previous) => withAccessClearing(changedFields(CONTAINER_FIELDS, data, previous, shape), data),
  // Contents go with their container only when the editor confirmed it knowing how many.
  deleteQuery: (meta) => ((meta as { cascade?: unknown } | undefined)?.cascade === true ? '?cascade=true' : ''),
};

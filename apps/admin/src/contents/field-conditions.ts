import { ContainerFieldType, type ContainerFieldDto, type FieldQueryOperator } from '@cms/contracts';

/** One condition of the contents list's field filters, as the back office keeps it. */
export interface FieldCondition {
  name: string;
  op: FieldQueryOperator;
  value: unknown;
}

const NUMBER_TYPES: readonly ContainerFieldType[] = [ContainerFieldType.NUMBER, ContainerFieldType.POSITION];
const ID_TYPES: readonly ContainerFieldType[] = [ContainerFieldType.IMAGE, ContainerFieldType.FILE, ContainerFieldType.VIDEO, ContainerFieldType.CONTENT];

/** One typed value from what the editor typed, or undefined when it is not one of the field's type. */
function itemOf(definition: Pick<ContainerFieldDto, 'type'>, text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (NUMBER_TYPES.includes(definition.type)) return Number.isFinite(Number(trimmed)) ? Number(trimmed) : undefined;
  if (ID_TYPES.includes(definition.type)) return /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : undefined;
  if (definition.type === ContainerFieldType.BOOLEAN) return trimmed === 'true' ? true : trimmed === 'false' ? false : undefined;
  return text;
}

/** The value a condition sends for what the editor typed or picked (`in`: values separated by commas), or undefined when it is not ready. */
export function fieldConditionValue(definition: Pick<ContainerFieldDto, 'type'>, op: FieldQueryOperator, text: string): unknown {
  if (op === 'null') return text === 'true' ? true : text === 'false' ? false : undefined;
  if (op === 'in') {
    const items = text.split(',').map((part) => itemOf(definition, part));
    return items.length && items.every((item) => item !== undefined) ? items : undefined;
  }
  return itemOf(definition, text);
}

/**
 * A list filter with the back office's `fieldConditions` as the API takes them: one `fields.<name>`
 * key per field, its operators together (`{"fields.price":{"gte":10,"lt":20}}`).
 */
export function withFieldConditions(filter: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!filter || !Array.isArray(filter.fieldConditions)) return filter;
  const { fieldConditions, ...rest } = filter;
  for (const { name, op, value } of fieldConditions as FieldCondition[]) {
    const key = `fields.${name}`;
    rest[key] = { ...((rest[key] as object | undefined) ?? {}), [op]: value };
  }
  return rest;
}

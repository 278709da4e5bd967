import { ContainerFieldType } from './enums';

/*
 * What the contents list takes on field values (GET /api/contents?filter={"fields.price":{"gte":10}}):
 * the operators of each field type and the types a list sorts by. The API checks queries against it
 * and the back office offers only what it allows.
 */

export const FIELD_QUERY_OPERATORS_ALL = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'contains', 'null'] as const;
export type FieldQueryOperator = (typeof FIELD_QUERY_OPERATORS_ALL)[number];

const T = ContainerFieldType;
const TEXT: readonly FieldQueryOperator[] = ['eq', 'ne', 'in', 'contains', 'null'];
const CHOICE: readonly FieldQueryOperator[] = ['eq', 'ne', 'in', 'null'];
const ORDERED: readonly FieldQueryOperator[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'null'];

/** The operators a field of each type takes (`contains` is for text only; LOCATION and TIMERANGE only say whether there is a value). */
export const FIELD_QUERY_OPERATORS: Readonly<Record<ContainerFieldType, readonly FieldQueryOperator[]>> = {
  [T.STRING]: TEXT,
  [T.PARAGRAPH]: TEXT,
  [T.RICHTEXT]: TEXT,
  [T.LINK]: TEXT,
  [T.OPTION]: CHOICE,
  [T.ZOHOOPTIONS]: CHOICE,
  [T.COLOR]: CHOICE,
  [T.NUMBER]: ORDERED,
  [T.POSITION]: ORDERED,
  [T.DATE]: ORDERED,
  [T.BOOLEAN]: ['eq', 'ne', 'null'],
  [T.IMAGE]: CHOICE,
  [T.FILE]: CHOICE,
  [T.VIDEO]: CHOICE,
  [T.CONTENT]: CHOICE,
  [T.LOCATION]: ['null'],
  [T.TIMERANGE]: ['null'],
};

const SORTABLE_TYPES: readonly ContainerFieldType[] = [
  T.STRING,
  T.PARAGRAPH,
  T.RICHTEXT,
  T.LINK,
  T.OPTION,
  T.ZOHOOPTIONS,
  T.COLOR,
  T.NUMBER,
  T.POSITION,
  T.DATE,
  T.BOOLEAN,
];

/** Whether the contents list sorts by a field: one value (not multiple) of a type with an order. */
export const isSortableField = (field: { type: ContainerFieldType; multiple: boolean }): boolean => !field.multiple && SORTABLE_TYPES.includes(field.type);

import { LANGS } from '@cms/contracts';

/**
 * Any JSON value, null included, one kind at a time: the `JsonValue` component (strict-document.ts
 * adds it). Its lists and objects hold any JSON, not JsonValue again: generated TypeScript cannot
 * name a type that refers to itself through `components["schemas"]`.
 */
export const JSON_VALUE_COMPONENT = {
  nullable: true,
  oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: {} }, { type: 'object', additionalProperties: true }],
};

/** Where the shape is free (a block's content, a content's fields by its container): JSON values whose kinds clients can switch on. */
export const JSON_VALUE = { $ref: '#/components/schemas/JsonValue' };

/** `{ en?, fr?, tr?, es?, it? }`: a text per locale. */
export const LOCALIZED_TEXT_SCHEMA = {
  type: 'object' as const,
  properties: Object.fromEntries(LANGS.map((lang) => [lang, { type: 'string' as const }])),
  additionalProperties: false,
};

import { BLOCK_THEMES, type BlockDefinition, type BlockFieldSchema, isRecordId, safeHref } from '@cms/contracts';
import type { InputErrors } from '../common/http/input-errors';
import { sanitizeRichText } from './rich-text';

const THEME_SCHEMA: BlockFieldSchema = { kind: 'enum', values: BLOCK_THEMES };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a block's content refers to outside itself, for the existence checks and the page read. */
export interface BlockReferences {
  mediaIds: number[];
}

/**
 * Checks a block's JSON content against its schema (every block also takes `theme`), records
 * each problem under `path`, and answers the content to store: known properties only, rich text
 * sanitised. Media ids met on the way are collected for one existence check.
 */
export function checkBlockContent(
  definition: BlockDefinition,
  content: unknown,
  path: string,
  errors: InputErrors,
  refs: BlockReferences,
): Record<string, unknown> {
  const schema: BlockFieldSchema = { kind: 'object', fields: { ...definition.content, theme: THEME_SCHEMA } };
  const value = checkValue(schema, content ?? {}, path, errors, refs);
  return isRecord(value) ? value : {};
}

function checkValue(schema: BlockFieldSchema, value: unknown, path: string, errors: InputErrors, refs: BlockReferences): unknown {
  switch (schema.kind) {
    case 'text':
    case 'html': {
      if (typeof value !== 'string') return errors.add(path, 'must be a string');
      if (schema.required && value.trim() === '') return errors.add(path, 'must not be empty');
      if (value.length > schema.maxLength) return errors.add(path, `must be at most ${schema.maxLength} characters long`);
      return schema.kind === 'html' ? sanitizeRichText(value) : value;
    }
    case 'href':
      if (typeof value !== 'string' || !safeHref(value)) return errors.add(path, 'must be a path starting with / or #, or an http(s), mailto or tel URL');
      return value.trim();
    case 'enum':
      if (typeof value !== 'string' || !schema.values.includes(value)) return errors.add(path, `must be one of ${schema.values.join(', ')}`);
      return value;
    case 'int':
      if (typeof value !== 'number' || !Number.isInteger(value)) return errors.add(path, 'must be a whole number');
      if (value < schema.min) return errors.add(path, `must be at least ${schema.min}`);
      if (value > schema.max) return errors.add(path, `must be at most ${schema.max}`);
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') return errors.add(path, 'must be true or false');
      return value;
    case 'mediaId':
      if (!isRecordId(value)) return errors.add(path, 'must be a media id');
      refs.mediaIds.push(value);
      return value;
    case 'object': {
      if (!isRecord(value)) return errors.add(path, 'must be an object');
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        if (!Object.prototype.hasOwnProperty.call(schema.fields, key))
          errors.add(`${path}.${key}`, `is not a property of this block (use ${Object.keys(schema.fields).join(', ') || 'none'})`);
      }
      for (const [key, fieldSchema] of Object.entries(schema.fields)) {
        const item = value[key];
        if (item === undefined || item === null) {
          if (fieldSchema.required) errors.add(`${path}.${key}`, 'is required');
          continue;
        }
        const checked = checkValue(fieldSchema, item, `${path}.${key}`, errors, refs);
        if (checked !== undefined) out[key] = checked;
      }
      return out;
    }
    case 'list': {
      if (!Array.isArray(value)) return errors.add(path, 'must be a list');
      if (schema.required && value.length === 0) return errors.add(path, 'must not be empty');
      if (value.length > schema.maxItems) return errors.add(path, `must have at most ${schema.maxItems} items`);
      return value.map((item, index) => checkValue(schema.of, item, `${path}.${index}`, errors, refs));
    }
  }
}

/** The media ids a stored block content names (where its schema has `mediaId`), for the page read. */
export function mediaIdsOf(definition: BlockDefinition, content: unknown): number[] {
  const ids: number[] = [];
  const walk = (schema: BlockFieldSchema, value: unknown) => {
    if (value === null || value === undefined) return;
    if (schema.kind === 'mediaId' && typeof value === 'number') ids.push(value);
    else if (schema.kind === 'object' && isRecord(value)) for (const [key, field] of Object.entries(schema.fields)) walk(field, value[key]);
    else if (schema.kind === 'list' && Array.isArray(value)) for (const item of value) walk(schema.of, item);
  };
  walk({ kind: 'object', fields: definition.content }, content);
  return ids;
}

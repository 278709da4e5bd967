import type { ContentFieldValue } from './content';
import type { ContainerFieldType } from './enums';
import { FIELD_TYPES } from './field-types';

/*
 * A field's value in a CSV cell, both ways: the API's export writes cells with `fieldCell`, the
 * back office's import reads them back with `fieldValueOfCell` by the field's type (the registry's
 * column), so that an exported file imports as the same contents. Lists and { lat, lng } or
 * { start, end } values are JSON in their cell; text a spreadsheet would run as a formula gets a
 * leading apostrophe, which the import takes off again.
 */

// Text that already starts with apostrophes before such a character gets one more, so that reading takes exactly one off.
const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED = /^'(?='*[=+\-@\t\r])/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const WHOLE = /^[+-]?\d+$/;
const TRUE = new Set(['true', 'yes', '1', 'y', 'oui', 'vrai']);
const FALSE = new Set(['false', 'no', '0', 'n', 'non', 'faux']);

/** A text cell as a spreadsheet will not run it. */
export function guardedCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A text cell as it was before `guardedCell`. */
export function unguardedCell(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}

/** The cell of a value as the API answers it (empty for none). */
export function fieldCell(value: ContentFieldValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return guardedCell(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** `true`/`false` (also yes/no, 1/0) as a boolean; anything else as it is, for the API to refuse by name. */
export function booleanOfCell(text: string): boolean | string {
  const word = text.trim().toLowerCase();
  if (TRUE.has(word)) return true;
  if (FALSE.has(word)) return false;
  return text;
}

function itemOfCell(type: ContainerFieldType, text: string): unknown {
  const trimmed = text.trim();
  switch (FIELD_TYPES[type].column) {
    case 'number':
      return NUMBER.test(trimmed) ? Number(trimmed) : text;
    case 'boolean':
      return booleanOfCell(trimmed);
    case 'media':
    case 'content':
      return WHOLE.test(trimmed) ? Number(trimmed) : text;
    case 'json':
    case 'timeRange':
      try {
        return JSON.parse(trimmed) as unknown;
      } catch {
        return text;
      }
    case 'date':
      return trimmed;
    case 'text':
      return unguardedCell(text);
  }
}

/**
 * The value a cell holds for a field of `type` (null for an empty cell): a number, a boolean or an
 * id where the text is one, else the text itself (the API then names what is wrong with it). A
 * multiple field's cell is a JSON list, or else one item.
 */
export function fieldValueOfCell(type: ContainerFieldType, multiple: boolean, cell: string): unknown {
  if (cell.trim() === '') return null;
  if (!multiple) return itemOfCell(type, cell);
  const trimmed = cell.trim();
  if (trimmed.startsWith('[')) {
    try {
      const list = JSON.parse(trimmed) as unknown;
      if (Array.isArray(list)) return list.map((item) => (typeof item === 'string' && FIELD_TYPES[type].column !== 'text' ? itemOfCell(type, item) : item));
    } catch {
      return cell;
    }
  }
  return [itemOfCell(type, cell)];
}

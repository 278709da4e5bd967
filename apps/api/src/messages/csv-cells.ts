import type { FormValue } from '@cms/contracts';

/**
 * A cell a spreadsheet will not run: text starting with = + - @ (or a tab or CR, which some
 * spreadsheets skip before reading a formula) gets a leading apostrophe. Numbers stay numbers.
 */
export function csvCell(value: FormValue | undefined | null): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = Array.isArray(value) ? value.join('; ') : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

import Papa from 'papaparse';
import { rowsOfJson, type ImportFile } from './import-mapping';

/** Why a file could not be read, as a key of the catalogs (cms.import.file_errors.*). */
export class ImportFileError extends Error {
  constructor(
    readonly reason: 'json' | 'not_a_list' | 'csv' | 'empty',
    readonly detail = '',
  ) {
    super(reason);
  }
}

/**
 * Reads a dropped CSV or JSON file into columns and rows. CSV (papaparse): the first line names
 * the columns, a leading byte-order mark is dropped, empty lines are skipped. JSON: a list of
 * contents (or `{ items }`), as the export gives them.
 */
export async function readImportFile(file: File): Promise<ImportFile> {
  const text = (await file.text()).replace(/^\uFEFF/, '');
  const json = /\.json$/i.test(file.name) || file.type === 'application/json' || (!/\.csv$/i.test(file.name) && /^\s*[[{]/.test(text));
  if (json) {
    let read: ReturnType<typeof rowsOfJson>;
    try {
      read = rowsOfJson(text);
    } catch (error) {
      throw new ImportFileError((error as Error).message === 'not-a-list' ? 'not_a_list' : 'json', (error as Error).message);
    }
    if (read.rows.length === 0) throw new ImportFileError('empty');
    return { name: file.name, size: file.size, format: 'json', ...read };
  }
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy' });
  const fatal = parsed.errors.find((error) => error.type === 'Quotes' || error.type === 'Delimiter');
  if (fatal) throw new ImportFileError('csv', `${fatal.message}${fatal.row !== undefined ? ` (${fatal.row + 2})` : ''}`);
  const columns = (parsed.meta.fields ?? []).filter((column) => column !== '');
  if (parsed.data.length === 0 || columns.length === 0) throw new ImportFileError('empty');
  return { name: file.name, size: file.size, format: 'csv', columns, rows: parsed.data };
}

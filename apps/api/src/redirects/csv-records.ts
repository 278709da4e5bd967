/**
 * A small RFC 4180 reader for the redirects import (no CSV parser is among the dependencies, only
 * csv-stringify): comma-separated cells, double-quoted cells that may hold commas, newlines and
 * doubled quotes, CRLF or LF line ends, a UTF-8 byte order mark at the start ignored. Each record
 * carries the line it starts on, so errors can name it; blank lines are skipped.
 */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type CsvReading = { ok: true; records: CsvRecord[] } | { ok: false; line: number; problem: string };

export function readCsv(text: string, maxRecords = Infinity): CsvReading {
  const records: CsvRecord[] = [];
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = '';
  /** Whether the current record has a cell (or a separator) yet: a line with nothing is blank. */
  let begun = false;
  /** Whether the current cell was quoted and its closing quote read: only a separator or a line end may follow. */
  let closed = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const endRecord = (): CsvReading | null => {
    if (begun) {
      cells.push(cell);
      records.push({ line: start, cells });
      if (records.length > maxRecords) return { ok: false, line: start, problem: `the file holds more than ${maxRecords} rows` };
    }
    cells = [];
    cell = '';
    begun = false;
    closed = false;
    return null;
  };

  while (i < text.length) {
    const c = text[i];
    if (c === '"' && cell === '' && !closed) {
      // A quoted cell: up to the quote that is not doubled.
      const opened = line;
      begun = true;
      i += 1;
      for (;;) {
        if (i >= text.length) return { ok: false, line: opened, problem: 'a quoted cell is never closed' };
        const q = text[i];
        if (q === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        if (q === '\n') line += 1;
        cell += q;
        i += 1;
      }
      const after = text[i];
      if (after !== undefined && after !== ',' && after !== '\n' && after !== '\r') {
        return { ok: false, line, problem: 'a quoted cell must end at a comma or the end of the line' };
      }
      closed = true;
      continue;
    }
    if (c === ',') {
      cells.push(cell);
      cell = '';
      closed = false;
      begun = true;
      i += 1;
      continue;
    }
    if (c === '\r' || c === '\n') {
      const failed = endRecord();
      if (failed) return failed;
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      start = line;
      continue;
    }
    if (c === '"') return { ok: false, line, problem: 'a quote inside a cell that does not start with one (quote the whole cell and double the quote)' };
    if (closed) return { ok: false, line, problem: 'a quoted cell must end at a comma or the end of the line' };
    cell += c;
    begun = true;
    i += 1;
  }
  const failed = endRecord();
  if (failed) return failed;
  return { ok: true, records };
}

import { readCsv } from './csv-records';

describe('readCsv', () => {
  it('reads cells, quoted cells with commas, newlines and doubled quotes, and names the line each record starts on', () => {
    const reading = readCsv('\ufefffrom,to\r\n"/a, b","/x ""y""\nz"\n\n/c,\n"",/d');
    expect(reading).toEqual({
      ok: true,
      records: [
        { line: 1, cells: ['from', 'to'] },
        { line: 2, cells: ['/a, b', '/x "y"\nz'] },
        { line: 5, cells: ['/c', ''] },
        { line: 6, cells: ['', '/d'] },
      ],
    });
  });

  it('keeps a lone comma line as two empty cells and skips blank lines', () => {
    expect(readCsv(',\n\r\n\n')).toEqual({ ok: true, records: [{ line: 1, cells: ['', ''] }] });
  });

  it.each([
    ['an unclosed quote', 'a,b\n"c,d\n', 2, /never closed/],
    ['text after a closing quote', 'a,b\n"c"x,d\n', 2, /must end at a comma/],
    ['a quote inside a bare cell', 'a,b\nc"d,e\n', 2, /quote inside a cell/],
  ])('refuses %s, naming its line', (_label, text, line, problem) => {
    const reading = readCsv(text);
    expect(reading.ok).toBe(false);
    if (!reading.ok) {
      expect(reading.line).toBe(line);
      expect(reading.problem).toMatch(problem);
    }
  });

  it('stops beyond the most records asked for', () => {
    expect(readCsv('a\nb\nc\n', 2)).toMatchObject({ ok: false, line: 3, problem: 'the file holds more than 2 rows' });
    expect(readCsv('a\nb\n', 2).ok).toBe(true);
  });
});

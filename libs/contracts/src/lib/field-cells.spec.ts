import { ContainerFieldType as T } from './enums';
import { fieldCell, fieldValueOfCell, guardedCell, unguardedCell } from './field-cells';

describe('field values in CSV cells', () => {
  it('writes text as it is, but text a spreadsheet would run, and reads it back', () => {
    for (const text of ['plain', '=SUM(A1)', '+33 1 23', '-5 degrees', '@mention', '\tindented', "'=quoted formula", "''=twice"]) {
      expect(unguardedCell(guardedCell(text))).toBe(text);
      expect(fieldValueOfCell(T.STRING, false, fieldCell(text))).toBe(text);
    }
    expect(fieldCell('=1+1')).toBe("'=1+1");
    expect(fieldCell("'quoted")).toBe("'quoted");
  });

  it('reads each type by its column, and leaves what it cannot read as text for the API to name', () => {
    expect(fieldValueOfCell(T.NUMBER, false, ' -12.5 ')).toBe(-12.5);
    expect(fieldValueOfCell(T.NUMBER, false, 'cheap')).toBe('cheap');
    expect(fieldValueOfCell(T.POSITION, false, '3')).toBe(3);
    expect(fieldValueOfCell(T.BOOLEAN, false, 'Yes')).toBe(true);
    expect(fieldValueOfCell(T.BOOLEAN, false, 'false')).toBe(false);
    expect(fieldValueOfCell(T.BOOLEAN, false, 'perhaps')).toBe('perhaps');
    expect(fieldValueOfCell(T.IMAGE, false, '12')).toBe(12);
    expect(fieldValueOfCell(T.LOCATION, false, '{"lat":1,"lng":2}')).toEqual({ lat: 1, lng: 2 });
    expect(fieldValueOfCell(T.TIMERANGE, false, '{"start":"09:00","end":"17:00"}')).toEqual({ start: '09:00', end: '17:00' });
    expect(fieldValueOfCell(T.DATE, false, ' 2026-01-02 ')).toBe('2026-01-02');
    expect(fieldValueOfCell(T.STRING, false, '  ')).toBeNull();
  });

  it('writes lists as JSON and reads a JSON list, or one item, back', () => {
    expect(fieldCell(['a', 'b'])).toBe('["a","b"]');
    expect(fieldValueOfCell(T.STRING, true, '["a","b"]')).toEqual(['a', 'b']);
    expect(fieldValueOfCell(T.NUMBER, true, '[1,"2"]')).toEqual([1, 2]);
    expect(fieldValueOfCell(T.STRING, true, 'alone')).toEqual(['alone']);
    expect(fieldCell({ lat: 1, lng: 2 })).toBe('{"lat":1,"lng":2}');
    expect(fieldCell(null)).toBe('');
    expect(fieldCell(true)).toBe('true');
  });
});

import { csvCell } from './csv-cells';

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `'=HYPERLINK("http://evil")`],
    ['+1+1', `'+1+1`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\t=1', `'\t=1`],
    ['plain', 'plain'],
    ['a=b', 'a=b'],
  ])('makes %j safe for spreadsheets', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('joins lists, keeps numbers and leaves missing values empty', () => {
    expect(csvCell(['=a', 'b'])).toBe(`'=a; b`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(undefined)).toBe('');
  });
});

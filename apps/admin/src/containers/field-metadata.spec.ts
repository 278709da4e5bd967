import { rowsToMetadata, toRows } from './field-metadata';

describe('container field metadata rows', () => {
  it('gives back the same object when nothing is edited, numbers, flags and lists included', () => {
    const metadata = { help: 'Shown under the title', width: 6, wide: true, tags: ['a', 'b'], nested: { x: 1 } };
    expect(rowsToMetadata(toRows(metadata), metadata)).toEqual(metadata);
  });

  it('keeps an edited text as text and a number typed over a number as a number', () => {
    const rows = toRows({ help: 'old', width: 6 });
    rows[0].text = '12';
    rows[1].text = '8';
    expect(rowsToMetadata(rows, {})).toEqual({ help: '12', width: 8 });
  });

  it('leaves unnamed rows out and keeps null when there was none', () => {
    expect(rowsToMetadata([{ key: ' ', text: 'x', json: false }], null)).toBeNull();
    expect(rowsToMetadata([], { a: 1 })).toEqual({});
  });
});

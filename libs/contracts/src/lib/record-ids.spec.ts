import { isRecordId, MAX_ID, recordIdOf } from './constants';

describe('record ids (the one rule for an id from outside)', () => {
  it('takes whole numbers from 1 to MAX_ID', () => {
    for (const id of [1, 42, MAX_ID]) expect(isRecordId(id)).toBe(true);
  });

  it('refuses zero, negatives, fractions, numbers past a PostgreSQL integer and non-numbers', () => {
    for (const value of [0, -1, 1.5, MAX_ID + 1, Number.NaN, Infinity, '1', null, undefined, [1], { id: 1 }]) expect(isRecordId(value)).toBe(false);
  });

  it('reads an id written as text, digits only', () => {
    expect(recordIdOf('42')).toBe(42);
    expect(recordIdOf(String(MAX_ID))).toBe(MAX_ID);
    for (const text of ['', '0', '-1', '1.0', '1e3', ' 1', '0x10', String(MAX_ID + 1), '99999999999']) expect(recordIdOf(text)).toBeUndefined();
  });
});

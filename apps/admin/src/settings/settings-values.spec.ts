import { changedSettings, optionListRows, optionListsValue } from './settings-values';

describe('settings payloads', () => {
  it('edits option lists as rows, one choice a line, and saves them as named lists', () => {
    const stored = { countries: ['France', 'Italy'], sizes: ['S', 'M'] };
    const rows = optionListRows(stored);
    expect(rows).toEqual([
      { name: 'countries', options: 'France\nItaly' },
      { name: 'sizes', options: 'S\nM' },
    ]);
    expect(optionListsValue(rows)).toEqual(stored);
    expect(optionListsValue([{ name: ' cities ', options: 'Paris\n\n  Rome \n' }, { name: '', options: 'lost' }, null])).toEqual({ cities: ['Paris', 'Rome'] });
    expect(optionListRows(null)).toEqual([]);
  });

  it('saves the option lists only when they changed', () => {
    const previous = { optionLists: optionListRows({ countries: ['France'] }) };
    expect(changedSettings({ ...previous }, previous)).toEqual([]);
    expect(changedSettings({ optionLists: [{ name: 'countries', options: 'France\nSpain' }] }, previous)).toEqual([
      ['optionLists', { countries: ['France', 'Spain'] }],
    ]);
    expect(changedSettings({ optionLists: [] }, previous)).toEqual([['optionLists', {}]]);
  });
});

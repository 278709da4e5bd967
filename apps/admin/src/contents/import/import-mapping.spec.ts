import type { ContainerFieldDto } from '@cms/contracts';
import { guessTarget, initialMapping, itemOf, problemsByRow, rowsOfJson } from './import-mapping';

const field = (name: string, label: string, type: ContainerFieldDto['type'], multiple = false): ContainerFieldDto => ({
  id: 1,
  name,
  label,
  type,
  multiple,
  required: false,
  min: null,
  max: null,
  options: null,
  zohoOptionsKey: null,
  linkedContainerId: null,
  metadata: null,
  position: 0,
});

const FIELDS = [
  field('price', 'Price', 'NUMBER' as ContainerFieldDto['type']),
  field('onSale', 'On sale', 'BOOLEAN' as ContainerFieldDto['type']),
  field('tags', 'Tags', 'STRING' as ContainerFieldDto['type'], true),
  field('summary', 'Summary', 'PARAGRAPH' as ContainerFieldDto['type']),
];

describe('the import mapping', () => {
  it('guesses a column’s target from an export’s names, a field’s name or label, and a locale suffix', () => {
    expect(guessTarget('Title', FIELDS)).toBe('title');
    expect(guessTarget('fields.price', FIELDS)).toBe('field:price:en');
    expect(guessTarget('locales.fr.fields.onSale', FIELDS)).toBe('field:onSale:fr');
    expect(guessTarget('On sale', FIELDS)).toBe('field:onSale:en');
    expect(guessTarget('price (IT)', FIELDS)).toBe('field:price:it');
    expect(guessTarget('tags:tr', FIELDS)).toBe('field:tags:tr');
    expect(guessTarget('colour', FIELDS)).toBe('ignore');
  });

  it('keeps a remembered choice only while it names a target of the container', () => {
    expect(initialMapping(['a', 'price'], FIELDS, { a: 'field:summary:es', price: 'field:gone:en' })).toEqual({
      a: 'field:summary:es',
      price: 'field:price:en',
    });
  });

  it('reads CSV cells by their field’s type and puts other locales under locales', () => {
    const mapping = { t: 'title', p: 'field:price:en', s: 'field:onSale:en', g: 'field:tags:fr', x: 'field:summary:en', pub: 'published', no: 'ignore' };
    const row = { t: "'=Chair", p: '12.5', s: 'yes', g: '["un","deux"]', x: "'-not a formula", pub: 'false', no: 'whatever' };
    expect(itemOf(row, mapping, 3, FIELDS, true)).toEqual({
      title: '=Chair',
      containerId: 3,
      published: false,
      fields: { price: 12.5, onSale: true, summary: '-not a formula' },
      locales: { fr: { fields: { tags: ['un', 'deux'] } } },
    });
    // A value the field cannot read stays text: the API names the problem.
    expect(itemOf({ p: 'cheap' }, { p: 'field:price:en' }, 3, FIELDS, true).fields).toEqual({ price: 'cheap' });
    // Empty cells are no value.
    expect(itemOf({ p: '', t: 'A' }, { p: 'field:price:en', t: 'title' }, 3, FIELDS, true)).toEqual({ title: 'A', containerId: 3 });
  });

  it('takes JSON values as they are, flattened as an export names them', () => {
    const { columns, rows } = rowsOfJson(JSON.stringify([{ id: 1, title: "'=x", fields: { price: 3 }, locales: { fr: { fields: { tags: ['a'] } } } }]));
    expect(columns).toEqual(['id', 'title', 'fields.price', 'locales.fr.fields.tags']);
    const mapping = initialMapping(columns, FIELDS, {});
    expect(mapping).toEqual({ id: 'ignore', title: 'title', 'fields.price': 'field:price:en', 'locales.fr.fields.tags': 'field:tags:fr' });
    expect(itemOf(rows[0], mapping, 9, FIELDS, false)).toEqual({
      title: "'=x",
      containerId: 9,
      fields: { price: 3 },
      locales: { fr: { fields: { tags: ['a'] } } },
    });
    expect(() => rowsOfJson('{"a":1}')).toThrow('not-a-list');
  });

  it('numbers the problems of a batch by row of the file', () => {
    const rows = problemsByRow(
      [
        { index: 0, field: 'title', message: 'a' },
        { index: 0, field: 'slug', message: 'b' },
        { index: 4, field: 'fields.price', message: 'c' },
      ],
      500,
    );
    expect([...rows.keys()]).toEqual([501, 505]);
    expect(rows.get(501)).toHaveLength(2);
  });
});

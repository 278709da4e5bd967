import { comparable, contentFieldOf, diffStates, flattenState, formValuesLike, htmlToText, mediaIdsOf, stateInLocale } from './state-diff';

const contentState = {
  title: 'Spring',
  status: 'AVAILABLE',
  published: true,
  slug: 'spring',
  parentSlugId: null,
  accesses: [],
  locales: {
    en: {
      fields: { body: '<p>Live <strong>words</strong></p>', cover: 12 },
      sections: [{ id: 4, lang: 'en', block: 'richtext', content: { text: '<p>Hello</p>' } }],
      metadata: [{ name: 'description', content: 'A spring day' }],
    },
    fr: { fields: { body: '<p>Mots</p>' }, sections: null, metadata: null },
  },
};

describe('flattening a state', () => {
  it('names every leaf by its path, lists of objects by index, without storage ids', () => {
    const flat = flattenState(contentState);
    expect(flat.get('title')).toBe('Spring');
    expect(flat.get('locales.en.fields.body')).toBe('<p>Live <strong>words</strong></p>');
    expect(flat.get('locales.en.sections.0.content.text')).toBe('<p>Hello</p>');
    expect(flat.get('locales.en.metadata.0.name')).toBe('description');
    expect(flat.has('locales.en.sections.0.id')).toBe(false);
    expect(flat.has('locales.en.sections.0.lang')).toBe(false);
    expect(flat.get('locales.fr.sections')).toBeNull();
  });

  it('keeps a list of plain values (role ids, media ids) and an empty list as one leaf', () => {
    const flat = flattenState({ accesses: [1, 2], gallery: [], extra: {} });
    expect(flat.get('accesses')).toEqual([1, 2]);
    expect(flat.get('gallery')).toEqual([]);
    expect(flat.get('extra')).toEqual({});
  });
});

describe('comparing two states', () => {
  it('marks the changed rows, the union of both sides in order', () => {
    const later = { ...contentState, title: 'Summer', locales: { ...contentState.locales, it: { fields: { body: '<p>Parole</p>' } } } };
    const rows = diffStates(contentState, later);
    expect(rows.filter((row) => row.changed).map((row) => row.path)).toEqual(['title', 'locales.it.fields.body']);
    expect(rows.find((row) => row.path === 'locales.it.fields.body')).toEqual({
      path: 'locales.it.fields.body',
      left: undefined,
      right: '<p>Parole</p>',
      changed: true,
    });
  });

  it('compares rich text by its words, not its tags', () => {
    const rows = diffStates({ body: '<p>Live <strong>words</strong></p>' }, { body: '<p>Live <em>words</em></p>' });
    expect(rows[0].changed).toBe(false);
    expect(diffStates({ body: '<p>Live words</p>' }, { body: '<p>Dead words</p>' })[0].changed).toBe(true);
  });

  it('takes a blank, null and an empty list as the same nothing', () => {
    expect(diffStates({ a: '', b: null, c: [] }, { a: null, b: undefined, c: null }).some((row) => row.changed)).toBe(false);
  });

  it('reads HTML as text, entities decoded and spaces collapsed', () => {
    expect(htmlToText('<p>Fish &amp; chips</p><p>and   more</p>')).toBe('Fish & chips and more');
    expect(comparable(12)).toBe('12');
  });
});

describe('a state in one locale', () => {
  it("shows the locale's own values over en's, en's parts where the locale has none", () => {
    const fr = stateInLocale(contentState, 'fr');
    expect(fr.title).toBe('Spring');
    expect(fr.fields).toEqual({ body: '<p>Mots</p>', cover: 12 });
    expect(fr.sections).toBe(contentState.locales.en.sections);
    expect(fr.metadata).toBe(contentState.locales.en.metadata);
    expect(stateInLocale({ title: 'An element', content: {} }, 'fr')).toEqual({ title: 'An element', content: {} });
  });

  it("lines the form's values up with it: only what the state holds, accesses as role ids", () => {
    const values = { id: 3, title: 'Mine', drafts: true, accesses: [{ roleId: 'members' }], fields: { body: 'x' } };
    expect(formValuesLike(values, stateInLocale(contentState, 'en'))).toEqual({ title: 'Mine', accesses: ['members'], fields: { body: 'x' } });
  });
});

describe('media fields', () => {
  it('finds the content field a path shows, in any locale', () => {
    expect(contentFieldOf('fields.cover')).toBe('cover');
    expect(contentFieldOf('locales.fr.fields.gallery')).toBe('gallery');
    expect(contentFieldOf('locales.fr.sections.0.content.image')).toBeNull();
  });

  it('reads one id or a list of ids', () => {
    expect(mediaIdsOf(12)).toEqual([12]);
    expect(mediaIdsOf([3, '4'])).toEqual([3, 4]);
    expect(mediaIdsOf('a picture')).toEqual([]);
  });
});

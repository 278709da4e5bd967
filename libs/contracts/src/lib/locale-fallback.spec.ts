import { Lang } from './enums';
import { inLocale } from './locale-fallback';

const rows = [
  { lang: Lang.en, v: 'en-1' },
  { lang: Lang.en, v: 'en-2' },
  { lang: Lang.fr, v: 'fr-1' },
];

describe('the locale fallback', () => {
  it("takes the locale's own rows when it has any", () => {
    expect(inLocale(rows, Lang.fr)).toEqual({ rows: [rows[2]], locale: Lang.fr, fellBack: false });
  });

  it("takes en's rows, and says so, when the locale has none", () => {
    expect(inLocale(rows, Lang.tr)).toEqual({ rows: [rows[0], rows[1]], locale: Lang.en, fellBack: true });
  });

  it('never says en fell back to itself, nor that nothing fell back', () => {
    expect(inLocale(rows, Lang.en)).toEqual({ rows: [rows[0], rows[1]], locale: Lang.en, fellBack: false });
    expect(inLocale([], Lang.it)).toEqual({ rows: [], locale: Lang.en, fellBack: false });
    expect(inLocale([rows[2]], Lang.en)).toEqual({ rows: [], locale: Lang.en, fellBack: false });
  });
});

import { DEFAULT_LANG, isLang, LANGS, RIGHT_TYPES, RightType } from '../index';

describe('contracts enums', () => {
  it('lists the five languages with en as default', () => {
    expect(LANGS).toEqual(['en', 'fr', 'tr', 'es', 'it']);
    expect(DEFAULT_LANG).toBe('en');
  });

  it('recognises only the five languages', () => {
    expect(isLang('fr')).toBe(true);
    expect(isLang('de')).toBe(false);
    expect(isLang(undefined)).toBe(false);
  });

  it('has the four CRUD rights of each managed resource plus the single ones', () => {
    for (const resource of ['CONTAINER', 'USER', 'ROLE', 'CONTENT', 'ELEMENT', 'FORM', 'MEDIA', 'MEDIAPACK']) {
      for (const verb of ['VIEW', 'CREATE', 'UPDATE', 'DELETE']) {
        expect(RIGHT_TYPES).toContain(`${verb}_${resource}`);
      }
    }
    expect(RIGHT_TYPES).toEqual(
      expect.arrayContaining([RightType.VIEW_MESSAGE, RightType.VIEW_LAYOUT, RightType.UPDATE_LAYOUT, RightType.ACCESS_SETTINGS, RightType.REVALIDATION]),
    );
    expect(RIGHT_TYPES).toHaveLength(37);
  });
});

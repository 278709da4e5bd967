import { Lang } from '@cms/contracts';
import { languageToAdopt } from './own-language';

describe('the stored interface language after sign-in', () => {
  it('is taken when this browser has no language chosen', () => {
    expect(languageToAdopt({ language: Lang.fr }, undefined)).toBe('fr');
    expect(languageToAdopt({ language: Lang.tr }, null)).toBe('tr');
  });

  it('never overrides a language chosen in this browser, even the same one', () => {
    expect(languageToAdopt({ language: Lang.fr }, 'es')).toBeNull();
    expect(languageToAdopt({ language: Lang.fr }, 'fr')).toBeNull();
  });

  it('changes nothing when the user stored none, or something the back office does not speak', () => {
    expect(languageToAdopt({ language: null }, undefined)).toBeNull();
    expect(languageToAdopt({ language: 'de' as never }, undefined)).toBeNull();
    expect(languageToAdopt(null, undefined)).toBeNull();
  });

  it('treats a stored choice the back office does not speak as no choice', () => {
    expect(languageToAdopt({ language: Lang.it }, 'klingon')).toBe('it');
  });
});

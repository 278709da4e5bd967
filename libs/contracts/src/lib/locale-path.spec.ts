import { Lang } from './enums';
import { localePath } from './locale-path';

describe('localePath', () => {
  it.each([
    [Lang.en, '', '/'],
    [Lang.en, '/', '/'],
    [Lang.en, 'blog/first-post', '/blog/first-post'],
    [Lang.en, '/blog/', '/blog'],
    [Lang.fr, '', '/fr'],
    [Lang.fr, '/', '/fr'],
    [Lang.tr, 'blog/first-post', '/tr/blog/first-post'],
    [Lang.it, '/a b/c?d', '/it/a%20b/c%3Fd'],
    [Lang.es, 'café/a b', '/es/caf%C3%A9/a%20b'],
  ])('puts %s %j at %s', (locale, path, address) => {
    expect(localePath(locale, path)).toBe(address);
  });
});

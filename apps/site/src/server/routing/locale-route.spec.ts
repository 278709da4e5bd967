import { Lang } from '@cms/contracts';
import { alternatesOf, resolveRoute } from './locale-route';

describe('resolveRoute', () => {
  it('serves the default locale without a prefix', () => {
    expect(resolveRoute('/')).toEqual({ kind: 'page', locale: 'en', path: '' });
    expect(resolveRoute('/about/team?x=1')).toEqual({ kind: 'page', locale: 'en', path: 'about/team' });
  });

  it('reads the other locales from the first segment', () => {
    for (const locale of ['fr', 'tr', 'es', 'it']) {
      expect(resolveRoute(`/${locale}`)).toEqual({ kind: 'page', locale, path: '' });
    }
    expect(resolveRoute('/fr/nope')).toEqual({ kind: 'page', locale: 'fr', path: 'nope' });
  });

  it('treats an unknown or differently cased prefix as a path of the default locale', () => {
    expect(resolveRoute('/de/x')).toEqual({ kind: 'page', locale: 'en', path: 'de/x' });
    expect(resolveRoute('/FR')).toEqual({ kind: 'page', locale: 'en', path: 'FR' });
  });

  it('redirects /en and /en/... to the unprefixed address, keeping the query', () => {
    expect(resolveRoute('/en')).toEqual({ kind: 'redirect', location: '/' });
    expect(resolveRoute('/en/')).toEqual({ kind: 'redirect', location: '/' });
    expect(resolveRoute('/en/about?a=1&b=2')).toEqual({ kind: 'redirect', location: '/about?a=1&b=2' });
  });

  it('redirects trailing and doubled slashes to the canonical address', () => {
    expect(resolveRoute('/fr/')).toEqual({ kind: 'redirect', location: '/fr' });
    expect(resolveRoute('/fr//a///b/?q')).toEqual({ kind: 'redirect', location: '/fr/a/b?q' });
  });

  it('never redirects to another host', () => {
    expect(resolveRoute('//evil.test/')).toEqual({ kind: 'redirect', location: '/evil.test' });
    expect(resolveRoute('/en//evil.test')).toEqual({ kind: 'redirect', location: '/evil.test' });
    expect(resolveRoute('/en/\\evil.test')).toEqual({ kind: 'bad-request' });
    expect(resolveRoute('/fr/\\evil.test/')).toEqual({ kind: 'bad-request' });
    expect(resolveRoute('/en/%5Cevil.test')).toEqual({ kind: 'redirect', location: '/%5Cevil.test' });
  });

  it('decodes segments and rejects malformed ones', () => {
    expect(resolveRoute('/fr/caf%C3%A9')).toEqual({ kind: 'page', locale: 'fr', path: 'café' });
    expect(resolveRoute('/%E0%A4%A')).toEqual({ kind: 'bad-request' });
    expect(resolveRoute('/a%00b')).toEqual({ kind: 'bad-request' });
    expect(resolveRoute('http://host/x')).toEqual({ kind: 'bad-request' });
    expect(resolveRoute('*')).toEqual({ kind: 'bad-request' });
  });
});

describe('alternatesOf', () => {
  it('lists the five locales and x-default', () => {
    expect(alternatesOf('')).toEqual([
      { hreflang: 'en', href: '/' },
      { hreflang: 'fr', href: '/fr' },
      { hreflang: 'tr', href: '/tr' },
      { hreflang: 'es', href: '/es' },
      { hreflang: 'it', href: '/it' },
      { hreflang: 'x-default', href: '/' },
    ]);
  });

  it('lists only the locales a page exists in', () => {
    expect(alternatesOf('x', [Lang.fr])).toEqual([{ hreflang: 'fr', href: '/fr/x' }]);
  });
});

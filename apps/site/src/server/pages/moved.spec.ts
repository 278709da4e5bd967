import { movedCacheControl, movedLocation, withVisitorQuery } from './moved';

describe('moved pages', () => {
  it('adds the visitor’s query string after the target’s own, before its fragment', () => {
    expect(withVisitorQuery('/contact', 'ref=mail')).toBe('/contact?ref=mail');
    expect(withVisitorQuery('/contact', '')).toBe('/contact');
    expect(withVisitorQuery('https://partner.example/a?x=1', 'ref=mail')).toBe('https://partner.example/a?x=1&ref=mail');
    expect(withVisitorQuery('https://partner.example/a?#top', 'ref=mail')).toBe('https://partner.example/a?ref=mail#top');
    expect(withVisitorQuery('https://partner.example/#top', 'a=1&b=2')).toBe('https://partner.example/?a=1&b=2#top');
  });

  it('sends only site addresses and https URLs, %-encoded once', () => {
    expect(movedLocation('/fr/café/')).toBe('/fr/caf%C3%A9');
    expect(movedLocation('/fr/caf%C3%A9')).toBe('/fr/caf%C3%A9');
    expect(movedLocation('/100%')).toBe('/100%25');
    expect(movedLocation('/Old Page.html')).toBe('/Old%20Page.html');
    expect(movedLocation('/')).toBe('/');
    expect(movedLocation('https://partner.example/é')).toBe('https://partner.example/%C3%A9');
    for (const refused of [null, '', 'http://example.org/', 'javascript:alert(1)', '//evil.example', '/\\evil.example', 'contact', 'https://']) {
      expect([refused, movedLocation(refused)]).toEqual([refused, null]);
    }
  });

  it('lets a permanent move be kept a few minutes and a temporary one not at all', () => {
    expect(movedCacheControl(301)).toBe('public, max-age=300');
    expect(movedCacheControl(302)).toBe('no-cache');
  });
});

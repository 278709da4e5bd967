import { safeHref } from './links';

describe('safeHref', () => {
  it.each([
    ['/blog', '/blog'],
    ['#top', '#top'],
    ['  /sign-in ', '/sign-in'],
    ['https://example.com/a?b=c', 'https://example.com/a?b=c'],
    ['mailto:a@b.c', 'mailto:a@b.c'],
    ['tel:+331234', 'tel:+331234'],
  ])('keeps %s as %s', (href, kept) => {
    expect(safeHref(href)).toBe(kept);
  });

  it.each([
    ['//evil.test'],
    ['javascript:alert(1)'],
    [' JavaScript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['vbscript:x'],
    ['data:text/html,x'],
    ['https://'],
    ['/a b'],
    ['relative/path'],
    [''],
    ['/' + 'a'.repeat(2000)],
  ])('refuses %s', (href) => {
    expect(safeHref(href)).toBeUndefined();
  });

  // Browsers read `\` as `/` and drop tabs and newlines in http(s) URLs: each of these is followed off-site.
  it.each([
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['\\/evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/%5Cevil.example'],
    ['/%5cevil.example'],
    ['/%5C%5Cevil.example'],
    ['#%5C'],
    ['https://good.example\\@evil.example'],
  ])('attack: open redirect off-site through a backslash link, refuses %j', (href) => {
    expect(safeHref(href)).toBeUndefined();
  });

  it('keeps an encoded backslash inside an http(s) URL, whose host is written out', () => {
    expect(safeHref('https://example.com/search?q=a%5Cb')).toBe('https://example.com/search?q=a%5Cb');
  });

  it('refuses what is not a string', () => {
    expect(safeHref(undefined)).toBeUndefined();
    expect(safeHref(42)).toBeUndefined();
    expect(safeHref({ href: '/x' })).toBeUndefined();
  });
});

import { prefetchUrl } from './link-prefetch';

const page = 'https://example.test/fr?x=1#top';

describe('prefetchUrl', () => {
  it('accepts same-origin pages and drops the fragment', () => {
    expect(prefetchUrl('/sign-in', page)).toBe('https://example.test/sign-in');
    expect(prefetchUrl('https://example.test/it#intro', page)).toBe('https://example.test/it');
    expect(prefetchUrl('tr', page)).toBe('https://example.test/tr');
  });

  it('ignores other origins and non-http links', () => {
    expect(prefetchUrl('https://other.test/', page)).toBeNull();
    expect(prefetchUrl('http://example.test/fr', page)).toBeNull();
    expect(prefetchUrl('mailto:team@example.test', page)).toBeNull();
    expect(prefetchUrl('javascript:void(0)', page)).toBeNull();
  });

  it('ignores the current page, the API and the site assets', () => {
    expect(prefetchUrl('#section', page)).toBeNull();
    expect(prefetchUrl('/fr?x=1', page)).toBeNull();
    expect(prefetchUrl('/api/theme', page)).toBeNull();
    expect(prefetchUrl('/_site/assets/main.js', page)).toBeNull();
  });

  it('prefetches live pages from a preview, its own live address too, never with the token', () => {
    const preview = 'https://example.test/fr/blog/post?preview=eyJjIjo0Mn0.c2ln';
    expect(prefetchUrl('/fr/blog/post', preview)).toBe('https://example.test/fr/blog/post');
    expect(prefetchUrl('/fr/blog', preview)).toBe('https://example.test/fr/blog');
    expect(prefetchUrl('#section-1', preview)).toBeNull();
  });

  it('ignores what it cannot parse', () => {
    expect(prefetchUrl('/x', 'not a url')).toBeNull();
    expect(prefetchUrl('http://[oops', page)).toBeNull();
  });
});

import { createPageCache, type PageKey } from './page-cache';

const key = (path: string, locale = 'en', origin = 'https://a.test'): PageKey => ({ origin, locale, path });

describe('page cache', () => {
  it('keeps pages by origin, locale and path', () => {
    const cache = createPageCache<string>();
    expect(cache.set(key('blog/x'), 'en page', 10, cache.epoch)).toBe(true);
    cache.set(key('blog/x', 'fr'), 'fr page', 10, cache.epoch);
    cache.set(key('blog/x', 'en', 'https://b.test'), 'other host', 10, cache.epoch);
    expect(cache.get(key('blog/x'))).toBe('en page');
    expect(cache.get(key('blog/x', 'fr'))).toBe('fr page');
    expect(cache.get(key('blog/x', 'en', 'https://b.test'))).toBe('other host');
    expect(cache.get(key('blog/y'))).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 3, bytes: 30, hits: 3, misses: 1 });
  });

  it('drops the least recently used page past its count', () => {
    const cache = createPageCache<string>({ maxEntries: 2 });
    cache.set(key('a'), 'a', 1, cache.epoch);
    cache.set(key('b'), 'b', 1, cache.epoch);
    cache.get(key('a'));
    cache.set(key('c'), 'c', 1, cache.epoch);
    expect(cache.get(key('b'))).toBeUndefined();
    expect(cache.get(key('a'))).toBe('a');
    expect(cache.get(key('c'))).toBe('c');
  });

  it('stays within its byte budget and refuses a page bigger than all of it', () => {
    const cache = createPageCache<string>({ maxBytes: 100 });
    cache.set(key('a'), 'a', 40, cache.epoch);
    cache.set(key('b'), 'b', 40, cache.epoch);
    cache.set(key('c'), 'c', 40, cache.epoch);
    expect(cache.get(key('a'))).toBeUndefined();
    expect(cache.stats().bytes).toBe(80);
    expect(cache.set(key('huge'), 'x', 101, cache.epoch)).toBe(false);
    // Replacing a page counts its new size only.
    cache.set(key('b'), 'b2', 10, cache.epoch);
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 50 });
  });

  it('forgets pages after their time to live', () => {
    let now = 1000;
    const cache = createPageCache<string>({ ttlMs: 500, now: () => now });
    cache.set(key('a'), 'a', 1, cache.epoch);
    now = 1499;
    expect(cache.get(key('a'))).toBe('a');
    now = 1500;
    expect(cache.get(key('a'))).toBeUndefined();
    expect(cache.stats().entries).toBe(0);
  });

  it('purges paths in the locales named, on every origin', () => {
    const cache = createPageCache<string>();
    for (const origin of ['https://a.test', 'https://b.test']) {
      for (const locale of ['en', 'fr', 'it']) {
        cache.set(key('blog/x', locale, origin), 'x', 1, cache.epoch);
        cache.set(key('blog/y', locale, origin), 'y', 1, cache.epoch);
      }
    }
    cache.set(key('', 'fr'), 'home', 1, cache.epoch);
    cache.revalidate({ scope: 'paths', paths: ['/blog/x', '/'], locales: ['fr', 'it'] });
    expect(cache.get(key('blog/x', 'fr'))).toBeUndefined();
    expect(cache.get(key('blog/x', 'it', 'https://b.test'))).toBeUndefined();
    expect(cache.get(key('', 'fr'))).toBeUndefined();
    expect(cache.get(key('blog/x', 'en'))).toBe('x');
    expect(cache.get(key('blog/y', 'fr'))).toBe('y');
  });

  it('purges a path in every locale when the event names none it knows', () => {
    const cache = createPageCache<string>();
    cache.set(key('blog/x', 'en'), 'x', 1, cache.epoch);
    cache.set(key('blog/x', 'tr'), 'x', 1, cache.epoch);
    cache.set(key('x', 'tr'), 'x', 1, cache.epoch);
    cache.revalidate({ scope: 'paths', paths: ['/blog/x'], locales: ['de'] });
    expect(cache.stats().entries).toBe(1);
    expect(cache.get(key('x', 'tr'))).toBe('x');
  });

  it('empties on a purge of everything, or on an event it does not understand', () => {
    const cache = createPageCache<string>();
    cache.set(key('a'), 'a', 1, cache.epoch);
    cache.revalidate({ scope: 'all' });
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
    cache.set(key('a'), 'a', 1, cache.epoch);
    cache.revalidate({ scope: 'nonsense' } as never);
    expect(cache.get(key('a'))).toBeUndefined();
  });

  it('never stores a render begun before a purge', () => {
    const cache = createPageCache<string>();
    const began = cache.epoch;
    cache.revalidate({ scope: 'paths', paths: ['/other'], locales: ['en'] });
    expect(cache.set(key('a'), 'stale', 1, began)).toBe(false);
    expect(cache.get(key('a'))).toBeUndefined();
    expect(cache.set(key('a'), 'fresh', 1, cache.epoch)).toBe(true);
  });
});

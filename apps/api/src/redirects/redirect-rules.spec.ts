import { checkFrom, checkStatus, checkTo, planRedirects, splitAddress } from './redirect-rules';

describe('redirect rules', () => {
  it('normalises a from: trailing and doubled slashes dropped, %-escapes decoded', () => {
    expect(checkFrom('/old/page/')).toEqual({ ok: true, value: '/old/page' });
    expect(checkFrom('//')).toMatchObject({ ok: false });
    expect(checkFrom('/a//b')).toEqual({ ok: true, value: '/a/b' });
    expect(checkFrom('/Old%20Page.html')).toEqual({ ok: true, value: '/Old Page.html' });
    expect(checkFrom('/fr/')).toEqual({ ok: true, value: '/fr' });
    expect(checkFrom('/a%2Fb')).toMatchObject({ ok: false, problem: expect.stringMatching(/%2F/) });
    expect(checkFrom('/a/../b')).toMatchObject({ ok: false, problem: expect.stringMatching(/\.\./) });
    expect(checkFrom('/API/x')).toMatchObject({ ok: false });
    expect(checkFrom('/fr/api/x')).toEqual({ ok: true, value: '/fr/api/x' });
  });

  it('takes a site address or an https URL off the site as a to', () => {
    expect(checkTo('/new/')).toEqual({ ok: true, value: '/new' });
    expect(checkTo('HTTPS://Example.org/a b')).toEqual({ ok: true, value: 'https://example.org/a%20b' });
    expect(checkTo('https://www.example.com/a', 'https://www.example.com')).toMatchObject({ ok: false, problem: expect.stringMatching(/on this site.*\/a/) });
    expect(checkTo('ftp://example.org')).toMatchObject({ ok: false, problem: expect.stringMatching(/needs https:\/\//) });
  });

  it('reads 301 and 302 as numbers or text, 301 when absent', () => {
    expect(checkStatus(undefined)).toEqual({ ok: true, value: 301 });
    expect(checkStatus(' 302 ')).toEqual({ ok: true, value: 302 });
    expect(checkStatus(303)).toMatchObject({ ok: false });
  });

  it('splits an address into its locale and path', () => {
    expect(splitAddress('/fr/blog/a')).toEqual({ locale: 'fr', path: '/blog/a' });
    expect(splitAddress('/fr')).toEqual({ locale: 'fr', path: '/' });
    expect(splitAddress('/')).toEqual({ locale: 'en', path: '/' });
    expect(splitAddress('/en/x')).toEqual({ locale: 'en', path: '/en/x' });
    expect(splitAddress('/blog/a')).toEqual({ locale: 'en', path: '/blog/a' });
  });

  describe('planRedirects', () => {
    it('follows chains through stored and incoming redirects, and re-points those that led to an incoming from', () => {
      const plan = planRedirects(
        [
          { id: 1, from: '/z', to: '/a' },
          { id: 2, from: '/c', to: '/d' },
        ],
        [
          { key: 'one', from: '/a', to: '/b' },
          { key: 'two', from: '/b', to: '/c' },
        ],
      );
      expect(plan.loops).toEqual([]);
      expect([...plan.targets]).toEqual([
        ['one', '/d'],
        ['two', '/d'],
      ]);
      expect(plan.repointed).toEqual([{ id: 1, from: '/z', to: '/d' }]);
    });

    it('reports a loop with the way round, and replaces the stored redirect of an incoming from', () => {
      expect(planRedirects([{ id: 1, from: '/b', to: '/a' }], [{ key: 1, from: '/a', to: '/b' }]).loops).toEqual([{ key: 1, path: ['/a', '/b', '/a'] }]);
      const replaced = planRedirects([{ id: 1, from: '/a', to: '/old' }], [{ key: 1, from: '/a', to: '/new' }]);
      expect(replaced).toEqual({ targets: new Map([[1, '/new']]), repointed: [], loops: [] });
    });
  });
});

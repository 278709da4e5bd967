import { Lang } from '@cms/contracts';
import { pageResponse, section } from '../testing/page-fixtures';
import { createApiPageSource, isPreviewToken, PREVIEW_TOKEN_MAX_LENGTH } from './page-source';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api page source', () => {
  const token = 'eyJjIjo0MiwibCI6ImZyIn0.c2lnbmF0dXJl';
  const draft = pageResponse('/blog/post', Lang.fr, { sections: [section(1, 'hero', { title: 'Draft title' })] });
  const sourceAnswering = (answer: () => Promise<Response>) => {
    const fetch = jest.fn((_url: string | URL | Request, _init?: RequestInit) => answer());
    const logger = { error: jest.fn() };
    return { fetch, logger, source: createApiPageSource({ apiOrigin: 'http://api.test', logger, fetch }) };
  };
  const urlOf = (fetch: jest.Mock) => String(fetch.mock.calls[0][0]);

  describe('preview', () => {
    it('asks GET /api/pages with the token, URL-encoded, and answers the draft', async () => {
      const { fetch, source } = sourceAnswering(async () => json(draft));
      const lookup = await source.preview(Lang.fr, 'blog/post', token);
      expect(lookup).toMatchObject({ kind: 'page', page: { locale: 'fr', path: 'blog/post' } });
      expect(urlOf(fetch)).toBe(`http://api.test/api/pages?path=%2Fblog%2Fpost&locale=fr&preview=${token}`);
      // As every read of the site: nothing of the visitor's, the token aside.
      expect(fetch.mock.calls[0][1]?.headers).toEqual({ accept: 'application/json' });

      const odd = sourceAnswering(async () => json(draft));
      await odd.source.preview(Lang.fr, 'blog/post', 'a+b&page=3#c d.é', 2);
      expect(urlOf(odd.fetch)).toBe('http://api.test/api/pages?path=%2Fblog%2Fpost&locale=fr&page=2&preview=a%2Bb%26page%3D3%23c%20d.%C3%A9');
    });

    it('says the token was refused when the API answers 403 (or 400, 401), and not found on 404, the home page too', async () => {
      for (const status of [400, 401, 403]) {
        const { source } = sourceAnswering(async () => json({ message: 'This preview link is invalid or has expired' }, status));
        expect([status, await source.preview(Lang.fr, 'blog/post', token)]).toEqual([status, { kind: 'refused' }]);
      }
      const missing = sourceAnswering(async () => json({ statusCode: 404 }, 404));
      expect(await missing.source.preview(Lang.fr, '', token)).toEqual({ kind: 'not-found' });
      // The live read of a home page the CMS lacks is the welcome page; a preview of it is not.
      expect(await missing.source.find(Lang.fr, '')).toMatchObject({ kind: 'page', builtIn: true });
    });

    it('renders the draft of a page with accesses (the API gave it to the holder of the token), where a live read is guarded', async () => {
      const guarded = pageResponse('/club', Lang.fr, { accesses: [{ roleId: 'members' }], sections: [section(1, 'hero', { title: 'Club' })] });
      const { source } = sourceAnswering(async () => json(guarded));
      expect(await source.preview(Lang.fr, 'club', token)).toMatchObject({ kind: 'page' });
      expect(await source.find(Lang.fr, 'club')).toEqual({ kind: 'guarded', status: 401 });
    });

    it('is unavailable when the API fails, and its log never holds the token', async () => {
      for (const answer of [async () => json({}, 500), async () => json({ not: 'a page' }), async () => Promise.reject(new TypeError('fetch failed'))]) {
        const { logger, source } = sourceAnswering(answer);
        expect(await source.preview(Lang.fr, 'blog/post', token)).toEqual({ kind: 'unavailable' });
        expect(logger.error).toHaveBeenCalledTimes(1);
        expect(logger.error.mock.calls[0][1]).toBe('Pages unavailable: http://api.test/api/pages?path=%2Fblog%2Fpost&locale=fr&preview=… failed');
      }
    });

    it('asks nothing for a path that cannot be a page, an empty token or one far too long', async () => {
      const { fetch, source } = sourceAnswering(async () => json(draft));
      expect(await source.preview(Lang.fr, 'Blog', token)).toEqual({ kind: 'not-found' });
      expect(await source.preview(Lang.fr, 'blog/post', '')).toEqual({ kind: 'refused' });
      expect(await source.preview(Lang.fr, 'blog/post', 'a'.repeat(PREVIEW_TOKEN_MAX_LENGTH + 1))).toEqual({ kind: 'refused' });
      expect(fetch).not.toHaveBeenCalled();
      expect(isPreviewToken('a'.repeat(PREVIEW_TOKEN_MAX_LENGTH))).toBe(true);
    });
  });

  it('reads live pages without a preview parameter', async () => {
    const { fetch, source } = sourceAnswering(async () => json(draft));
    await source.find(Lang.fr, 'blog/post', 3);
    expect(urlOf(fetch)).toBe('http://api.test/api/pages?path=%2Fblog%2Fpost&locale=fr&page=3');
  });

  describe('moved pages', () => {
    const moved = (status: number, location: string) =>
      new Response(JSON.stringify({ statusCode: status, code: 'moved', location }), { status, headers: { location } });

    it('answers the status and Location of a 301 or 302 without following it', async () => {
      const permanent = sourceAnswering(async () => moved(301, '/fr/blog/nouveau'));
      expect(await permanent.source.find(Lang.fr, 'blog/ancien')).toEqual({ kind: 'moved', status: 301, location: '/fr/blog/nouveau' });
      expect(permanent.fetch.mock.calls[0][1]?.redirect).toBe('manual');
      const temporary = sourceAnswering(async () => moved(302, 'https://partner.example/a b'));
      expect(await temporary.source.find(Lang.en, 'partner')).toEqual({ kind: 'moved', status: 302, location: 'https://partner.example/a%20b' });
      const decoded = sourceAnswering(async () => new Response(null, { status: 301, headers: { location: '/fr/caf%C3%A9' } }));
      expect(await decoded.source.find(Lang.fr, 'ancien')).toMatchObject({ location: '/fr/caf%C3%A9' });
    });

    it('is unavailable, and logged, when the Location is missing or leaves for another scheme or host form', async () => {
      for (const answer of [
        async () => new Response(null, { status: 301 }),
        async () => moved(302, 'javascript:alert(1)'),
        async () => moved(301, '//evil.example'),
      ]) {
        const { logger, source } = sourceAnswering(answer);
        expect(await source.find(Lang.en, 'old')).toEqual({ kind: 'unavailable' });
        expect(logger.error).toHaveBeenCalledTimes(1);
      }
    });

    it('does not preview a moved page', async () => {
      const { source } = sourceAnswering(async () => moved(301, '/fr/blog/nouveau'));
      expect(await source.preview(Lang.fr, 'blog/ancien', token)).toEqual({ kind: 'not-found' });
    });

    it('asks about addresses no page can have within a budget a second, and about none too long', async () => {
      let now = 0;
      const fetch = jest.fn(async (_url: string | URL | Request, _init?: RequestInit) => moved(301, '/new'));
      const source = createApiPageSource({
        apiOrigin: 'http://api.test',
        logger: { error: jest.fn() },
        fetch,
        otherAddresses: { perSecond: 2, now: () => now },
      });
      expect(await source.find(Lang.en, 'Old-Page.html')).toEqual({ kind: 'moved', status: 301, location: '/new' });
      expect(String(fetch.mock.calls[0][0])).toBe('http://api.test/api/pages?path=%2FOld-Page.html&locale=en');
      expect(await source.find(Lang.en, 'Other Page.html')).toMatchObject({ kind: 'moved' });
      // The budget is spent: the next made-up address is 404 without asking, a page path is still asked.
      expect(await source.find(Lang.en, 'Third.html')).toEqual({ kind: 'not-found' });
      expect(await source.find(Lang.en, 'about')).toMatchObject({ kind: 'moved' });
      expect(fetch).toHaveBeenCalledTimes(3);
      now = 1000;
      expect(await source.find(Lang.en, 'Third.html')).toMatchObject({ kind: 'moved' });
      expect(await source.find(Lang.en, `${'x'.repeat(1101)}.html`)).toEqual({ kind: 'not-found' });
      expect(fetch).toHaveBeenCalledTimes(4);
    });
  });
});

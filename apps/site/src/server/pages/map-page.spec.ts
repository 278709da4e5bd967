import { Lang, SectionType } from '@cms/contracts';
import { pageResponse, richPage, section } from '../testing/page-fixtures';
import { apiPath, localizedNavigation, mapPageResponse, sitePath } from './map-page';

describe('mapPageResponse', () => {
  it('reads the address, title, metadata, theme and alternates', () => {
    const page = mapPageResponse(richPage(Lang.fr, '/about'));
    expect(page).toMatchObject({
      locale: 'fr',
      path: 'about',
      title: 'About us',
      description: 'Who we are',
      theme: { primaryColor: '#112233', backgroundColor: '#FFFFFF' },
    });
    expect(page.meta).toEqual([
      { attribute: 'name', key: 'keywords', content: 'cms, team' },
      { attribute: 'property', key: 'og:title', content: 'About the team' },
    ]);
    expect(page.alternates).toEqual([
      { hreflang: 'en', href: '/about' },
      { hreflang: 'fr', href: '/fr/about' },
      { hreflang: 'tr', href: '/tr/about' },
      { hreflang: 'es', href: '/es/about' },
      { hreflang: 'it', href: '/it/about' },
      { hreflang: 'x-default', href: '/about' },
    ]);
    expect(page.locales).toEqual(['en', 'fr', 'tr', 'es', 'it']);
  });

  it('lets a title metadata name the page and keeps invalid metadata out', () => {
    const page = mapPageResponse(
      pageResponse('/x', Lang.en, {
        metadata: [
          { name: 'title', content: 'Better title' },
          { name: 'bad name"', content: 'x' },
          { name: 'empty', content: ' ' },
        ],
      }),
    );
    expect(page.title).toBe('Better title');
    expect(page.meta).toEqual([]);
  });

  it('folds media, forms, elements and listed contents into the blocks that show them', () => {
    const page = mapPageResponse(richPage(Lang.fr));
    const byId = Object.fromEntries(page.sections.map((s) => [s.id, s]));
    expect(byId['section-1']).toMatchObject({
      block: 'hero',
      theme: 'black',
      content: {
        title: 'We make sites',
        media: { uri: '0123456789abcdef0123456789abcdef.jpg', mimeType: 'image/jpeg', alt: 'Our team', width: 1000, height: 750 },
      },
    });
    expect(byId['section-3']).toMatchObject({ block: 'media', content: { caption: 'Our office', media: { mimeType: 'video/mp4' } } });
    // An element section renders as the element's block, with the element's content.
    expect(byId['section-4']).toMatchObject({ block: 'cta', theme: 'grey', content: { title: 'Join us' } });
    expect(byId['section-5'].content).toEqual({
      title: 'Latest news',
      items: [
        { title: 'First post', href: '/fr/news/first', updatedAt: '2025-03-04T10:00:00.000Z' },
        { title: 'Draft-like', href: undefined, updatedAt: '2025-03-01T10:00:00.000Z' },
      ],
    });
    const form = (byId['section-6'].content as { form: { id: number; fields: { name: string; options: string[] }[] } }).form;
    expect(form.id).toBe(9);
    expect(form.fields.find((f) => f.name === 'country')?.options).toEqual(['France', 'Italy']);
    expect(page.sections.map((s) => s.theme)).toEqual(['black', 'white', 'white', 'grey', 'white', 'white', 'white']);
  });

  it('sorts the layout into its four places', () => {
    const { layout } = mapPageResponse(richPage());
    expect(layout?.header.map((s) => s.id)).toEqual(['layout-20']);
    expect(layout?.topBody.map((s) => s.block)).toEqual(['cta']);
    expect(layout?.bottomBody.map((s) => s.id)).toEqual(['layout-22']);
    expect(layout?.footer.map((s) => [s.id, s.theme])).toEqual([['layout-23', 'black']]);
  });

  it('drops what cannot be rendered and gives an empty page its title', () => {
    const page = mapPageResponse(
      pageResponse('/', Lang.it, {
        title: 'Home',
        sections: [section(1, 'element', {}, { element: null })],
        layout: [section(2, 'richtext', { html: '<p>x</p>' }, { type: SectionType.PAGE })],
        container: { id: 1, title: 'Home', hideFooter: true, disableContentSections: false, sectionsPosition: null, path: '/' },
      }),
    );
    expect(page.path).toBe('');
    expect(page.sections).toEqual([{ id: 'page-title', block: 'hero', theme: 'white', content: { title: 'Home' } }]);
    expect(page.layout).toEqual({ header: [], topBody: [], bottomBody: [], footer: [] });
    expect(page.hideFooter).toBe(true);
  });

  it('keeps alternates that are site paths only', () => {
    const page = mapPageResponse(
      pageResponse('/x', Lang.en, {
        alternates: [
          { locale: Lang.en, path: '/x' },
          { locale: Lang.fr, path: '//evil.test/x' },
          { locale: 'de' as Lang, path: '/de/x' },
        ],
      }),
    );
    expect(page.alternates).toEqual([
      { hreflang: 'en', href: '/x' },
      { hreflang: 'x-default', href: '/x' },
    ]);
  });
});

describe('paths', () => {
  it('converts between API paths and site paths', () => {
    expect(sitePath('/')).toBe('');
    expect(sitePath('/blog/x/')).toBe('blog/x');
    expect(apiPath('')).toBe('/');
    expect(apiPath('blog/x')).toBe('/blog/x');
  });

  describe('localized addresses', () => {
    const nav = {
      items: [
        {
          label: 'Blogue',
          href: '/fr/blog',
          children: [
            { label: 'Bonjour', href: '/fr/blog/hello?x=1' },
            { label: 'Contact', href: '/fr/contact' },
          ],
        },
        { label: 'Ailleurs', href: 'https://example.com/' },
      ],
    };
    const links = { '/fr/blog': '/fr/blogue', '/fr/blog/hello?x=1': '/fr/blogue/bonjour?x=1' };

    it("renders the layout's navigation links at the addresses the answer's links map gives, children included", () => {
      const page = mapPageResponse(pageResponse('/blogue', Lang.fr, { links, layout: [section(7, 'navigation', nav, { type: SectionType.HEADER })] }));
      expect(page.layout?.header[0].content).toEqual({
        items: [
          {
            label: 'Blogue',
            href: '/fr/blogue',
            children: [
              { label: 'Bonjour', href: '/fr/blogue/bonjour?x=1' },
              { label: 'Contact', href: '/fr/contact' },
            ],
          },
          { label: 'Ailleurs', href: 'https://example.com/' },
        ],
      });
    });

    it('keeps links as written without a map, and never takes a target off the site', () => {
      expect(localizedNavigation(nav, undefined)).toBe(nav);
      expect(localizedNavigation(nav, { '/fr/blog': '//evil.test/x', '/fr/contact': 'https://evil.test' })).toEqual(nav);
    });

    it("uses each locale's own path from the answer for the language switcher and cards", () => {
      const page = mapPageResponse(
        pageResponse('/blogue/bonjour', Lang.fr, {
          alternates: [
            { locale: Lang.en, path: '/blog/hello' },
            { locale: Lang.fr, path: '/fr/blogue/bonjour' },
          ],
        }),
      );
      expect(page.path).toBe('blogue/bonjour');
      expect(page.alternates).toEqual([
        { hreflang: 'en', href: '/blog/hello' },
        { hreflang: 'fr', href: '/fr/blogue/bonjour' },
        { hreflang: 'x-default', href: '/blog/hello' },
      ]);
    });
  });
});

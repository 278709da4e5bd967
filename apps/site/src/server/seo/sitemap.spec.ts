import { Lang } from '@cms/contracts';
import { renderSitemaps } from './sitemap';

const renderSitemap = (...args: Parameters<typeof renderSitemaps>) => renderSitemaps(...args).xml;

describe('renderSitemap', () => {
  const post = {
    path: '/blog/hello',
    updatedAt: '2026-01-02T03:04:05.000Z',
    published: true,
    guarded: false,
    paths: { en: '/blog/hello', fr: '/blogue/bonjour', tr: '/blog/hello', es: '/blog/hola', it: '/blog/hello' },
  };

  it("lists each locale's own address, with every locale's own address as its hreflang alternates", () => {
    const xml = renderSitemap('https://site.test', [post]);
    const urls = xml.split('\n').filter((line) => line.startsWith('<url><loc>https://site.test/') && line.includes('blog'));
    expect(urls.map((line) => /<loc>([^<]+)<\/loc>/.exec(line)![1])).toEqual([
      'https://site.test/blog/hello',
      'https://site.test/fr/blogue/bonjour',
      'https://site.test/tr/blog/hello',
      'https://site.test/es/blog/hola',
      'https://site.test/it/blog/hello',
    ]);
    for (const line of urls) {
      expect(line).toContain('<xhtml:link rel="alternate" hreflang="fr" href="https://site.test/fr/blogue/bonjour"/>');
      expect(line).toContain('<xhtml:link rel="alternate" hreflang="es" href="https://site.test/es/blog/hola"/>');
      expect(line).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://site.test/blog/hello"/>');
      expect(line).not.toContain('/fr/blog/hello');
    }
  });

  it("takes en's path in a locale the slug names no path for, and refuses a path that is not a page's", () => {
    const xml = renderSitemap('https://site.test', [{ ...post, paths: { en: '/blog/hello', fr: '/Not A/Page' } }], Lang.fr);
    expect(xml).toContain('<loc>https://site.test/fr/blog/hello</loc>');
    expect(xml).toContain('<loc>https://site.test/es/blog/hello</loc>');
    expect(xml).not.toContain('Not A');
    expect(xml).toContain('hreflang="x-default" href="https://site.test/fr/blog/hello"');
  });

  it('leaves out unpublished and guarded pages, and lists the home page in every locale', () => {
    const xml = renderSitemap('https://site.test', [
      { ...post, published: false },
      { ...post, path: '/members', guarded: true, paths: undefined },
    ]);
    expect(xml).not.toContain('blog');
    expect(xml).not.toContain('members');
    expect(xml).toContain('<loc>https://site.test/fr</loc>');
  });
});

import { Lang, SectionType } from '@cms/contracts';
import { mapPageResponse } from '../pages/map-page';
import { pageResponse, section } from '../testing/page-fixtures';
import { DEFAULT_THEME } from '../theme/site-theme';
import { renderPage } from './render-page';

const menu = {
  items: [
    { label: 'Accueil', href: '/fr' },
    {
      label: 'Blog',
      href: '/fr/blog',
      children: [
        { label: 'Nouvelles', href: '/fr/blog/news/' },
        { label: 'Piège', href: 'javascript:alert(1)' },
      ],
    },
    { label: 'Contact', href: 'mailto:hi@example.com' },
    { label: 'Sans lien', href: 'data:text/html,x' },
  ],
};
const footerMenu = { items: [{ label: 'Société', href: '/fr/about', children: [{ label: 'Équipe', href: '/fr/about/team' }] }] };

const render = (path: string) => {
  const page = pageResponse(path, Lang.fr, {
    layout: [
      section(30, 'navigation', menu, { type: SectionType.HEADER }),
      section(31, 'richtext', { html: '<p>Annonce</p>' }, { type: SectionType.HEADER }),
      section(
        32,
        'element',
        {},
        { type: SectionType.FOOTER, element: { id: 5, title: 'Footer menu', block: 'navigation', formId: null, content: footerMenu } },
      ),
    ],
    sections: [section(1, 'richtext', { html: '<p>Corps</p>' })],
  });
  return renderPage({ page: mapPageResponse(page), theme: DEFAULT_THEME, assets: { scripts: [], styles: [] }, origin: null });
};
const header = (html: string) => html.slice(html.indexOf('<header'), html.indexOf('</header>'));
const footer = (html: string) => html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));

describe('navigation', () => {
  it('draws the header menu in a nav of the header bar, with a details menu for small screens', () => {
    const html = header(render('/blog/news'));
    expect(html).toContain('<nav class="site-nav" aria-label="Principal"><ul class="site-nav__list site-nav__list--wide">');
    expect(html).toContain(
      '<details class="site-nav__menu"><summary class="site-nav__toggle"><span class="site-nav__burger" aria-hidden="true"></span>Menu</summary>',
    );
    expect(html).toContain('<li><a href="/fr">Accueil</a></li>');
    expect(html).toContain('<li class="site-nav__group site-nav__group--current"><a href="/fr/blog">Blog</a><ul class="site-nav__sub">');
    expect(html).toContain('<a href="mailto:hi@example.com">Contact</a>');
    // The other header sections stay sections, after the bar.
    expect(render('/blog/news')).toContain('<p>Annonce</p>');
  });

  it('marks the current page with aria-current, whatever its trailing slash', () => {
    const news = header(render('/blog/news'));
    expect(news.match(/<a href="\/fr\/blog\/news\/" aria-current="page">Nouvelles<\/a>/g)).toHaveLength(2);
    expect(news).not.toContain('<a href="/fr/blog" aria-current');
    const blog = header(render('/blog'));
    expect(blog).toContain('<a href="/fr/blog" aria-current="page">Blog</a>');
    expect(header(render('/')).match(/aria-current="page">Accueil/g)).toHaveLength(2);
  });

  it('never writes an unsafe link: javascript: and data: entries are left out', () => {
    const html = render('/');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:text');
    expect(html).not.toContain('Piège');
  });

  it('draws the footer menu (here from a reusable element) in the footer, in columns', () => {
    const html = footer(render('/about/team'));
    expect(html).toContain(
      '<nav class="footer-nav" aria-label="Pied de page"><ul class="footer-nav__columns"><li class="footer-nav__column"><a class="footer-nav__heading" href="/fr/about">Société</a>',
    );
    expect(html).toContain('<a href="/fr/about/team" aria-current="page">Équipe</a>');
  });
});

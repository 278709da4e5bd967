import { Lang } from '@cms/contracts';
import { guardedPage } from '../pages/guarded-page';
import { homePage } from '../pages/home-page';
import { mapPageResponse } from '../pages/map-page';
import type { PageModel } from '../pages/page-model';
import { notFoundPage } from '../pages/not-found-page';
import { previewRefusedPage } from '../pages/preview-refused-page';
import { richPage } from '../testing/page-fixtures';
import { DEFAULT_THEME } from '../theme/site-theme';
import { renderPage } from './render-page';

const assets = { scripts: ['/_site/assets/main-AbCd1234.js'], styles: ['/_site/assets/main-AbCd1234.css'] };
const render = (page: PageModel, origin: string | null = 'https://example.test') => renderPage({ page, theme: DEFAULT_THEME, assets, origin });

describe('renderPage', () => {
  it('writes an HTML5 document in the page locale', () => {
    const html = render(homePage(Lang.fr));
    expect(html.startsWith('<!DOCTYPE html><html lang="fr" dir="ltr"><head><meta charSet="utf-8"/>')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain('<title>CMS · Bienvenue sur notre site</title>');
    expect(html).toContain('<h1 id="welcome-title" class="hero__title">Bienvenue sur notre site</h1>');
    expect(html).toContain('href="/sign-in"');
  });

  it('links the favicon, the client bundle and the theme variables', () => {
    const html = render(homePage(Lang.en));
    expect(html).toContain('<link rel="icon" href="/api/uploads/favicon.ico"/>');
    expect(html).toContain('<link rel="stylesheet" href="/_site/assets/main-AbCd1234.css"/>');
    expect(html).toContain('<script type="module" src="/_site/assets/main-AbCd1234.js"></script>');
    expect(html).toContain('--cms-primary:#26D17D');
    expect(html).toContain('--cms-background:#FFFFFF');
  });

  it('lists hreflang alternates for the five locales and x-default, with a canonical link', () => {
    const html = render(homePage(Lang.tr));
    expect(html).toContain('<link rel="canonical" href="https://example.test/tr"/>');
    for (const [lang, href] of [
      ['en', '/'],
      ['fr', '/fr'],
      ['tr', '/tr'],
      ['es', '/es'],
      ['it', '/it'],
      ['x-default', '/'],
    ]) {
      expect(html).toContain(`<link rel="alternate" hrefLang="${lang}" href="https://example.test${href}"/>`);
    }
    // Without a known origin, none at all: search engines refuse relative canonical and hreflang links.
    const unknown = render(homePage(Lang.tr), null);
    expect(unknown).not.toContain('rel="canonical"');
    expect(unknown).not.toContain('rel="alternate"');
    expect(unknown).not.toContain('og:url');
  });

  it('marks sections with their theme and the body with the first section state', () => {
    const html = render(homePage(Lang.en));
    expect(html).toContain('<body data-first-section="true">');
    expect(html).toMatch(/<section id="features" class="section section--feature-list" aria-labelledby="features-title" data-section-theme="black">/);
    const dark = render({ ...homePage(Lang.en), sections: [{ id: 's', block: 'hero', theme: 'black', content: { title: 'T' } }] });
    expect(dark).toContain('<body class="dark-theme" data-first-section="true">');
  });

  it('carries the localized cookie banner in an inert template', () => {
    const html = render(homePage(Lang.it));
    expect(html).toMatch(/<template id="cookie-banner-template"><div class="cookie-banner" role="region" aria-label="Consenso ai cookie">/);
    expect(html).toContain('data-consent-choice="accepted">Accetta</button>');
  });

  it('renders a not-found page without alternates and kept out of indexes', () => {
    const html = render(notFoundPage(Lang.es, 'nope'));
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('Página no encontrada');
    expect(html).not.toContain('rel="alternate"');
    expect(html).not.toContain('rel="canonical"');
    expect(html).toContain('href="/es">Volver al inicio</a>');
  });

  it('escapes everything that comes from content', () => {
    const page: PageModel = {
      ...homePage(Lang.en),
      title: '</title><script>alert(1)</script>',
      description: '"><script>alert(2)</script>',
      sections: [
        {
          id: 'x"><script>',
          block: 'hero',
          theme: 'white',
          content: { title: '<img src=x onerror=alert(3)>', action: { label: 'Go', href: 'javascript:alert(4)' } },
        },
        { id: 'y', block: 'unknown-block', theme: 'grey', content: { title: 'never shown' } },
        { id: 'z', block: 'cta', theme: 'grey', content: 'not an object' },
      ],
    };
    const html = render(page);
    expect(html).not.toMatch(/<script>alert/);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('never shown');
  });

  it('gives the h1 to the first section that renders', () => {
    const html = render({
      ...homePage(Lang.en),
      sections: [
        { id: 'broken', block: 'hero', theme: 'white', content: {} },
        { id: 'cta', block: 'cta', theme: 'grey', content: { title: 'Hello' } },
      ],
    });
    expect(html).toContain('<h1 id="cta-title" class="section__title">Hello</h1>');
    expect(html).toContain('<body class="grey-theme" data-first-section="true">');
  });

  it('is pure', () => {
    expect(render(homePage(Lang.es))).toBe(render(homePage(Lang.es)));
  });
});

describe('renderPage of a CMS page', () => {
  const rich = (locale: Lang = Lang.en) => mapPageResponse(richPage(locale));
  const renderRich = (locale: Lang = Lang.en) => renderPage({ page: rich(locale), theme: DEFAULT_THEME, assets, origin: 'https://example.test' });
  const order = (html: string, ...needles: string[]) => needles.map((needle) => html.indexOf(needle));

  it('writes the title, the metadata, the canonical link and the alternates the API gave', () => {
    const html = renderRich(Lang.fr);
    expect(html).toContain('<title>About us · CMS</title>');
    expect(html).toContain('<meta name="description" content="Who we are"/>');
    expect(html).toContain('<meta name="keywords" content="cms, team"/>');
    expect(html).toContain('<meta property="og:title" content="About the team"/>');
    expect(html).toContain('<link rel="canonical" href="https://example.test/fr/about"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="x-default" href="https://example.test/about"/>');
    expect(html).toContain('href="/it/about" hrefLang="it"');
    expect(html).not.toContain('name="robots"');
  });

  it('places the page between the layout sections, in order', () => {
    const html = renderRich();
    const positions = order(
      html,
      'id="layout-20"',
      '<main',
      'id="layout-21"',
      'id="section-1"',
      'id="section-7"',
      'id="layout-22"',
      '</main>',
      'id="layout-23"',
      'class="site-footer"',
    );
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(html).toMatch(/<section id="layout-23" class="section section--richtext section--layout" data-section-theme="black">/);
  });

  it('hides the footer, the layout one and the site one, when the container says so', () => {
    const html = renderPage({ page: { ...rich(), hideFooter: true }, theme: DEFAULT_THEME, assets, origin: null });
    expect(html).not.toContain('id="layout-23"');
    expect(html).not.toContain('class="site-footer"');
  });

  it('gives the h1 to the page, never to the layout', () => {
    const html = renderRich();
    expect(html).toContain('<h1 id="section-1-title" class="hero__title">We make sites</h1>');
    expect(html).toContain('<h2 id="layout-21-title" class="section__title">Free trial</h2>');
    expect(html.match(/<h1/g)).toHaveLength(1);
    const untitled = renderPage({
      page: { ...rich(), sections: [{ id: 's', block: 'richtext', theme: 'white', content: { html: '<p>Just text</p>' } }] },
      theme: DEFAULT_THEME,
      assets,
      origin: null,
    });
    expect(untitled).toContain('<h1 class="visually-hidden">About us</h1>');
    expect(untitled).toMatch(/<section id="s" class="section section--richtext" data-section-theme="white">/);
  });

  it('serves images in WebP variants up to their own width, sized, and lazy below the fold', () => {
    const html = renderRich();
    const img = /<img[^>]*class="?[^>]*>|<img[^>]*>/.exec(html.slice(html.indexOf('id="section-1"')))?.[0] ?? '';
    expect(img).toContain('src="/api/uploads/0123456789abcdef0123456789abcdef.jpg"');
    expect(img).toContain(
      'srcSet="/api/uploads/0123456789abcdef0123456789abcdef.jpg?w=64&amp;format=webp 64w, /api/uploads/0123456789abcdef0123456789abcdef.jpg?w=128&amp;format=webp 128w',
    );
    expect(img).toContain('?w=768&amp;format=webp 768w, /api/uploads/0123456789abcdef0123456789abcdef.jpg?w=1024&amp;format=webp 1000w"');
    expect(img).toContain('width="1000" height="750" alt="Our team"');
    // The hero is the page's first section (below the layout's bands), so it loads at once.
    expect(img).not.toContain('loading="lazy"');
    expect(img).toContain('fetchPriority="high"');
    expect(html).toContain(
      '<video class="media-block__item" src="/api/uploads/fedcba9876543210fedcba9876543210.mp4" controls="" preload="none" aria-label="A tour"></video>',
    );
  });

  it('renders rich text through the second pass', () => {
    const html = renderRich();
    expect(html).toContain('<div class="container prose"><h2>Story</h2><p>It <strong>began</strong>.</p><p>End</p></div>');
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('onclick');
  });

  it('lists contents with links in the locale and dates', () => {
    const html = renderRich(Lang.fr);
    expect(html).toContain(
      '<h3 class="contents__title"><a href="/fr/news/first">First post</a></h3><time class="contents__date" dateTime="2025-03-04T10:00:00.000Z">4 mars 2025</time>',
    );
    expect(html).toContain('<h3 class="contents__title">Draft-like</h3>');
  });

  it('uses the page’s own theme colours when given', () => {
    const page = rich();
    const html = renderPage({ page, theme: page.theme ?? DEFAULT_THEME, assets, origin: null });
    expect(html).toContain('--cms-primary:#112233');
  });

  it('marks a preview with a band that stays at the top, announced as a status, and keeps it out of indexes', () => {
    const html = renderPage({ page: rich(Lang.fr), theme: DEFAULT_THEME, assets, origin: null, preview: true });
    expect(html).toMatch(/<body[^>]*><div class="preview-band" role="status">Aperçu, pas en ligne<\/div><a class="skip-link" href="#main">/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html.match(/name="robots"/g)).toHaveLength(1);
    // The page itself, as the live render draws it.
    expect(html).toContain('<h1 id="section-1-title" class="hero__title">We make sites</h1>');
    // Neither the cookie banner nor the staff bar: the editor's own look at a draft asks no consent and leads nowhere else.
    expect(html).not.toContain('<template id="cookie-banner-template">');
    expect(html).not.toContain('<template id="staff-bar-template">');
    const live = renderPage({ page: rich(Lang.fr), theme: DEFAULT_THEME, assets, origin: null });
    expect(live).toContain('<template id="cookie-banner-template">');
    expect(html.replace('<div class="preview-band" role="status">Aperçu, pas en ligne</div>', '').replace('<meta name="robots" content="noindex"/>', '')).toBe(
      live.replace(/<template id="(cookie-banner|staff-bar)-template">.*?<\/template>/gs, ''),
    );
    for (const [locale, band] of [
      [Lang.en, 'Preview, not live'],
      [Lang.tr, 'Önizleme, yayında değil'],
      [Lang.es, 'Vista previa, no publicada'],
      [Lang.it, 'Anteprima, non pubblicata'],
    ] as const) {
      expect(renderPage({ page: rich(locale), theme: DEFAULT_THEME, assets, origin: null, preview: true })).toContain(`role="status">${band}</div>`);
    }
    expect(renderRich()).not.toContain('preview-band');
  });

  it('renders the page of a refused preview link in its locale, with a way to the published page', () => {
    const html = render(previewRefusedPage(Lang.it, 'blog/post'));
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('<title>Questo link di anteprima non funziona · CMS</title>');
    expect(html).toContain('<p class="message__code" aria-hidden="true">403</p>');
    expect(html).toContain('Il link di anteprima non è valido o è scaduto.');
    expect(html).toContain('<a class="button" href="/it/blog/post">Vedi la pagina pubblicata</a>');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('preview-band');
  });

  it('renders the stand-in of a guarded page with nothing of it, and a way to sign in', () => {
    const html = render(guardedPage(Lang.fr, 'members/area'));
    expect(html).toContain('data-guarded-path="/members/area"');
    expect(html).toContain('href="/sign-in?redirect=%2Ffr%2Fmembers%2Farea"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('Réservé aux membres');
  });
});

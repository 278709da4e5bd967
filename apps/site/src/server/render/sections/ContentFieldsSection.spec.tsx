import { Lang, type PageResponse } from '@cms/contracts';
import { mapPageResponse } from '../../pages/map-page';
import { postPage } from '../../testing/page-fixtures';
import { DEFAULT_THEME } from '../../theme/site-theme';
import { renderPage } from '../render-page';

const assets = { scripts: [], styles: [] };
/** The <main> of the page drawn from this API answer. */
const mainOf = (response: PageResponse) => {
  const html = renderPage({ page: mapPageResponse(response), theme: DEFAULT_THEME, assets, origin: null });
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
};
const render = (locale: Lang = Lang.en) => mainOf(postPage(locale));
const fieldOrder = (html: string) => [...html.matchAll(/data-field="([^"]+)"/g)].map((match) => match[1]);
/** postPage's fields in their container's order. */
const POST_FIELDS = [
  'subtitle',
  'cover',
  'body',
  'summary',
  'price',
  'featured',
  'accent',
  'website',
  'place',
  'related',
  'tags',
  'hours',
  'brochure',
  'clip',
  'gallery',
];

describe('content fields', () => {
  it('draws the fields in the container order, then the page sections', () => {
    const html = render();
    expect(fieldOrder(html)).toEqual(POST_FIELDS);
    expect(html.indexOf('After the fields')).toBeGreaterThan(html.indexOf('data-field="gallery"'));
    expect(html).toContain('<h1 id="content-title" class="entry__title">Hello world</h1>');
    // Its first DATE field is its date, under the title, and not repeated among the fields.
    expect(html).toContain('<time class="entry__date" dateTime="2025-02-01T00:00:00.000Z">February 1, 2025</time>');
  });

  it('draws the page sections after the n-th field where the container says, the other fields after them', () => {
    const post = postPage();
    post.container.sectionsPosition = 3;
    const html = mainOf(post);
    expect(fieldOrder(html)).toEqual(POST_FIELDS);
    const sections = html.indexOf('After the fields');
    expect(sections).toBeGreaterThan(html.indexOf('data-field="body"'));
    expect(sections).toBeLessThan(html.indexOf('data-field="summary"'));
    // One title and one date, above the first part; the date field stays out of both parts.
    expect(html.match(/<h1 /g)).toHaveLength(1);
    expect(html).toContain('<time class="entry__date" dateTime="2025-02-01T00:00:00.000Z">February 1, 2025</time>');
    expect(html).not.toContain('data-field="published"');

    post.container.sectionsPosition = 0;
    const before = renderPage({ page: mapPageResponse(post), theme: DEFAULT_THEME, assets, origin: null });
    expect(before.indexOf('After the fields')).toBeLessThan(before.indexOf('data-field="subtitle"'));
    expect(before.indexOf('entry__title')).toBeLessThan(before.indexOf('After the fields'));
  });

  it('draws text, sanitised rich text and paragraphs', () => {
    const html = render();
    expect(html).toContain('<p class="entry__lead">A first post</p>');
    expect(html).toContain('<div class="prose"><p>It <strong>began</strong>.</p>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).toContain('<p class="entry__paragraph">Line one\nline two</p>');
  });

  it('draws images responsive and sized, the first at once and the others lazily, with the alt of the locale', () => {
    const html = render();
    const cover = /<img[^>]*alt="Our team"[^>]*>/.exec(html)?.[0] ?? '';
    expect(cover).toContain('srcSet="/api/uploads/0123456789abcdef0123456789abcdef.jpg?w=64&amp;format=webp 64w');
    expect(cover).toContain('sizes="(min-width: 48rem) 46rem, calc(100vw - 2.5rem)"');
    expect(cover).toContain('width="1000" height="750"');
    expect(cover).not.toContain('loading="lazy"');
    expect(html).toMatch(/<ul class="entry__gallery"><li><figure class="entry__media"><img[^>]*alt="Our team" loading="lazy"/);
    expect(html).toMatch(/<img[^>]*width="800" height="600" alt="A chart" loading="lazy"/);
  });

  it('draws a video with a poster, a file as a download with its name and size', () => {
    const html = render();
    expect(html).toMatch(
      /<video[^>]*src="\/api\/uploads\/fedcba9876543210fedcba9876543210.mp4"[^>]*poster="\/api\/uploads\/0123456789abcdef0123456789abcdef.jpg"/,
    );
    expect(html).toContain(
      '<a class="entry__file" href="/api/uploads/aaaabbbbccccddddaaaabbbbccccdddd.pdf" download="brochure.pdf">Download brochure.pdf (2.4 MB)</a>',
    );
  });

  it('formats dates, numbers, booleans, colours, links, places, contents, options and time ranges for the locale', () => {
    const en = render();
    expect(en).not.toContain('<dt>Published on</dt>');
    expect(en).toContain('<data value="1234.5">1,234.5</data>');
    expect(en).toContain('<span class="entry__bool entry__bool--true">Yes</span>');
    expect(en).toContain('<span class="swatch" style="background-color:#26D17D" aria-hidden="true"></span><code>#26D17D</code>');
    expect(en).toContain('<a href="https://example.com/page" rel="noopener noreferrer">example.com/page</a>');
    expect(en).toContain('48.8566, 2.3522');
    expect(en).toContain('href="https://www.openstreetmap.org/?mlat=48.8566&amp;mlon=2.3522#map=16/48.8566/2.3522"');
    expect(en).toContain('<ul class="entry__list"><li><a href="/blog/second">Second post</a></li></ul>');
    expect(en).toContain('<li><span class="entry__option">News</span></li><li><span class="entry__option">Events</span></li>');
    expect(en).toContain('<time dateTime="09:00">9:00 AM</time> – <time dateTime="17:30">5:30 PM</time>');
    const fr = render(Lang.fr);
    expect(fr).toContain('1\u202f234,5');
    expect(fr).toContain('<time class="entry__date" dateTime="2025-02-01T00:00:00.000Z">1 février 2025</time>');
    expect(fr).toContain('<span class="entry__bool entry__bool--true">Oui</span>');
    expect(fr).toContain('<a href="/fr/blog/second">Second post</a>');
    expect(fr).toContain('<time dateTime="09:00">09:00</time>');
  });

  it('never writes an unsafe link: a javascript: LINK is left out', () => {
    const html = render();
    expect(html).not.toContain('javascript:');
    expect(fieldOrder(html)).not.toContain('badLink');
  });

  it('marks the values that fell back to en with lang="en"', () => {
    const fr = render(Lang.fr);
    expect(fr).toContain('<div class="entry__field entry__field--richtext" data-field="body" lang="en">');
    expect(fr).toContain('<div class="entry__field entry__field--string" data-field="subtitle">');
    expect(fr).toMatch(/data-field="tags"><dt>Tags<\/dt><dd lang="en">/);
    expect(render(Lang.en)).not.toContain('lang="en"');
  });

  it('tells the staff bar what staff edit here, in markup that is the same for everybody', () => {
    const html = renderPage({ page: mapPageResponse(postPage(Lang.fr)), theme: DEFAULT_THEME, assets, origin: null });
    expect(html).toMatch(/<body [^>]*data-edit="contents\/42"/);
    expect(html).toContain(
      '<template id="staff-bar-template"><div class="staff-bar" role="region" aria-label="Équipe"><a class="staff-bar__link" href="/admin">Administration</a><a class="staff-bar__link staff-bar__edit" href="/admin" hidden="" data-staff-edit="">Modifier cette page</a></div></template>',
    );
  });
});

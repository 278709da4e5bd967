import { FormFieldType, Lang, LANGS, SectionType } from '@cms/contracts';
import sanitizeHtml from 'sanitize-html';
import { mapPageResponse } from '../pages/map-page';
import { formField, pageResponse, richPage, section } from '../testing/page-fixtures';
import { DEFAULT_THEME } from '../theme/site-theme';
import { renderPage } from './render-page';

/**
 * Advisory class: stored XSS through what editors and translators type: slugs (which become
 * paths and links), titles, metadata, and every translated field, including the labels, options
 * and messages of forms. Each reaches the rendered page as text or a safe link, never as markup.
 */
const assets = { scripts: ['/_site/assets/main-AbCd1234.js'], styles: ['/_site/assets/main-AbCd1234.css'] };
const render = (page: ReturnType<typeof pageResponse>) =>
  renderPage({ page: mapPageResponse(page), theme: DEFAULT_THEME, assets, origin: 'https://example.test' });

const X = '"><svg onload=alert(1)><script>alert(2)</script><img src=x onerror=alert(3)>';
const BAD_HREFS = [
  'javascript:alert(1)',
  ' JavaScript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '&#106;avascript:alert(1)',
];

/** What in a rendered document could run script, read as a browser reads it (entities decoded). */
function activeParts(html: string, baselineScripts: number): string[] {
  const found: string[] = [];
  let scripts = 0;
  // sanitize-html is used here only as the HTML parser it wraps: it keeps everything and reports each tag.
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    onOpenTag(name, attributes) {
      if (name === 'script') scripts += 1;
      if (['svg', 'iframe', 'object', 'embed', 'base'].includes(name)) found.push(`<${name}>`);
      for (const [attribute, value] of Object.entries(attributes)) {
        if (/^on/i.test(attribute)) found.push(`<${name} ${attribute}>`);
        // Browsers drop tabs, line breaks and leading spaces from a URL before reading its scheme.
        const url = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'poster'].includes(attribute) && /^(javascript|vbscript|data:text\/html)/.test(url))
          found.push(`<${name} ${attribute}="${value}">`);
      }
    },
  });
  if (scripts !== baselineScripts) found.push(`${scripts - baselineScripts} more <script> element(s)`);
  return found;
}

describe('attack: XSS through slugs, titles and translated fields on the site', () => {
  const baseline = (html: string) => html.match(/<script\b/gi)?.length ?? 0;

  it('finds active markup where a browser would (the check the cases below rely on)', () => {
    expect(
      activeParts('<p>&lt;script&gt; onload=alert(1)</p><a href=" java&#x09;script:alert(1)">x</a><img src="x" onerror="alert(1)"><script></script>', 0),
    ).toEqual(['<a href=" java\tscript:alert(1)">', '<img onerror>', '1 more <script> element(s)']);
  });

  it.each(LANGS)('renders a page whose every editable text is a payload, in %s, without active markup', (locale) => {
    const clean = render(richPage(locale));
    const rich = richPage(locale);
    const attacked = pageResponse(`/${X}`, locale, {
      ...rich,
      path: `/blog/${X}`,
      title: X,
      kind: 'content',
      container: { ...rich.container, title: X, path: `/${X}` },
      content: { id: 1, title: X, updatedAt: '2025-01-01T00:00:00.000Z', fields: { text: X, summary: X }, fallbackFields: [] },
      metadata: [
        { name: 'description', content: X },
        { name: 'og:title', content: X },
        { name: `keywords"><script>alert(4)</script>`, content: X },
        { name: 'og:image', content: BAD_HREFS[0] },
      ],
      alternates: LANGS.map((l, i) => ({ locale: l, path: i % 2 ? BAD_HREFS[i % BAD_HREFS.length] : `/${X}` })),
      sections: [
        section(1, 'hero', { title: X, eyebrow: X, text: X, mediaId: 7, action: { label: X, href: BAD_HREFS[0] }, theme: 'black' }),
        ...BAD_HREFS.map((href, i) => section(10 + i, 'cta', { title: X, text: X, action: { label: X, href } })),
        section(2, 'richtext', { html: `<p>${X}</p><a href="javascript:alert(5)">x</a><iframe src="javascript:alert(6)"></iframe>` }),
        section(3, 'media', { mediaId: 7, caption: X }),
        section(
          5,
          'contents',
          { title: X, limit: 3 },
          {
            containerContentId: 4,
            items: [
              { id: 11, title: X, containerId: 4, path: `/news/${X}`, updatedAt: '2025-03-04T10:00:00.000Z', fields: { text: X }, fallbackFields: [] },
              { id: 12, title: X, containerId: 4, path: BAD_HREFS[0], updatedAt: '2025-03-04T10:00:00.000Z', fields: {}, fallbackFields: [] },
            ],
          },
        ),
        section(6, 'form', { title: X, text: X }, { formId: 9 }),
        section(7, 'feature-list', { title: X, items: [{ title: X, text: X }] }),
      ],
      layout: [
        section(20, 'richtext', { html: `<p><a href="${BAD_HREFS[1]}">${X}</a></p>` }, { type: SectionType.HEADER }),
        section(21, 'cta', { title: X, action: { label: X, href: BAD_HREFS[3] } }, { type: SectionType.FOOTER }),
      ],
      media: { 7: { id: 7, uri: `${X}.jpg`, mimeType: 'image/jpeg', alt: X, width: 10, height: 10, name: X, size: 10 } },
      forms: {
        9: {
          id: 9,
          title: X,
          successMessage: X,
          errorMessage: X,
          fieldsLocale: locale,
          fields: [
            formField('intro', FormFieldType.TITLE, { label: X }),
            formField(`name"><script>`, FormFieldType.TEXT, { label: X, placeholder: X, warningMessage: X, defaultText: X }),
            formField('topic', FormFieldType.RADIO, { label: X, options: [X, 'b'] }),
            formField('interests', FormFieldType.CHECKBOX, { label: X, options: [X], defaultMultiple: [X] }),
            formField('kind', FormFieldType.OPTION, { label: X, options: [X] }),
            formField('country', FormFieldType.ZOHOOPTIONS, { label: X, options: ['countries'] }),
            formField('message', FormFieldType.PARAGRAPH, { label: X, placeholder: X }),
            formField('go', FormFieldType.BUTTON, { label: X }),
          ],
        },
      },
      optionLists: { countries: [X] },
    });
    const html = render(attacked);
    expect(activeParts(clean, baseline(clean))).toEqual([]);
    expect(activeParts(html, baseline(clean))).toEqual([]);
    // The payload is shown, as text: the page did render what the editors typed.
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
  });

  it('never turns a slug into a link that leaves the site or runs script', () => {
    for (const href of BAD_HREFS) {
      const html = render(pageResponse('/x', Lang.en, { sections: [section(1, 'cta', { title: 'T', action: { label: 'Go', href } })] }));
      expect({ href, active: activeParts(html, baseline(render(pageResponse('/x')))) }).toEqual({ href, active: [] });
    }
  });
});

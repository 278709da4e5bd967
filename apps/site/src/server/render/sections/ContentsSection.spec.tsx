import { ContainerFieldType as T, Lang, type PageContentItem } from '@cms/contracts';
import { mapPageResponse } from '../../pages/map-page';
import { pageResponse, section } from '../../testing/page-fixtures';
import { DEFAULT_THEME } from '../../theme/site-theme';
import { renderPage } from '../render-page';
import { pageNumbers } from './ContentsSection';

const item = (id: number, fields: Record<string, unknown>, fallbackFields: string[] = []): PageContentItem => ({
  id,
  title: `Post ${id}`,
  containerId: 4,
  path: `/blog/post-${id}`,
  updatedAt: '2025-03-04T10:00:00.000Z',
  fields: fields as PageContentItem['fields'],
  fallbackFields,
});

const listing = (locale: Lang, content: Record<string, unknown>, page = 1) =>
  pageResponse('/blog', locale, {
    page,
    sections: [
      section(1, 'contents', content, {
        containerContentId: 4,
        itemsTotal: 30,
        items: [
          item(1, { subtitle: 'Short one', body: 'A body', cover: 7, day: '2025-01-02T00:00:00.000Z' }),
          item(2, { body: `Long ${'word '.repeat(80)}` }, ['body']),
          item(3, {}),
        ],
      }),
    ],
    fieldDefinitions: {
      4: [
        { name: 'day', label: 'Day', type: T.DATE, multiple: false },
        { name: 'cover', label: 'Cover', type: T.IMAGE, multiple: false },
        { name: 'subtitle', label: 'Subtitle', type: T.STRING, multiple: false },
        { name: 'body', label: 'Body', type: T.PARAGRAPH, multiple: false },
      ],
    },
    media: {
      7: { id: 7, uri: '0123456789abcdef0123456789abcdef.jpg', mimeType: 'image/jpeg', alt: 'A cover', width: 1200, height: 800, name: 'c.jpg', size: 1000 },
    },
  });

const render = (locale: Lang, content: Record<string, unknown>, page = 1) => {
  const html = renderPage({ page: mapPageResponse(listing(locale, content, page)), theme: DEFAULT_THEME, assets: { scripts: [], styles: [] }, origin: null });
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
};
const cards = (html: string) => html.split('<li class="contents__item').slice(1);

describe('contents block cards', () => {
  it('shows each content as a card: its first image, title, excerpt and date', () => {
    const [first, second, third] = cards(render(Lang.en, { title: 'Blog' }));
    expect(first).toMatch(
      /<div class="contents__thumb"><img src="\/api\/uploads\/0123456789abcdef0123456789abcdef.jpg"[^>]*sizes="\(min-width: 72rem\) 22rem[^>]*width="1200" height="800" alt="A cover"/,
    );
    expect(first).toContain('<h3 class="contents__title"><a href="/blog/post-1">Post 1</a></h3>');
    expect(first).toContain('<p class="contents__excerpt">Short one</p>');
    // The first DATE field is the card's date; without one, the content's last change.
    expect(first).toContain('<time class="contents__date" dateTime="2025-01-02T00:00:00.000Z">January 2, 2025</time>');
    expect(second).not.toContain('contents__thumb');
    expect(second).toMatch(/<p class="contents__excerpt">Long (word ){30,}word…<\/p>/);
    expect(second).toContain('dateTime="2025-03-04T10:00:00.000Z"');
    expect(third).not.toContain('contents__excerpt');
  });

  it('takes the excerpt from the field the block names, and marks an en fallback', () => {
    const [first, second] = cards(render(Lang.fr, { excerptField: 'body' }));
    expect(first).toContain('<p class="contents__excerpt">A body</p>');
    expect(second).toContain('<p class="contents__excerpt" lang="en">Long');
    expect(first).toContain('<a href="/fr/blog/post-1">');
  });

  it('links to the other pages when the block paginates, and not otherwise', () => {
    expect(render(Lang.en, {})).not.toContain('pagination');
    const html = render(Lang.en, { limit: 3, paginate: true }, 4);
    expect(html).toContain('<nav class="pagination" aria-label="Pages">');
    expect(html).toContain('<a class="pagination__step" rel="prev" href="/blog?page=3">');
    expect(html).toContain('<a class="pagination__step" rel="next" href="/blog?page=5">');
    expect(html).toContain('<a href="/blog" aria-label="Page 1 of 10">1</a>');
    expect(html).toContain('<a href="/blog?page=4" aria-current="page" aria-label="Page 4 of 10">4</a>');
  });

  it('numbers the pages around the current one', () => {
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageNumbers(1, 10)).toEqual([1, 2, null, 10]);
  });
});

import { DEFAULT_LANG, type Lang, safeHref } from '@cms/contracts';
import { messagesFor } from '../../i18n/messages';
import { asContent, readList, readText } from '../content';
import { formatDate } from '../format';
import { MediaView, readMedia, type MediaModel } from '../media';
import { defineBlock, type BlockProps, SectionTitle } from './block';

interface ContentsItem {
  title: string;
  /** The content's page, when it has a published one. */
  href?: string;
  /** ISO date-time: its first DATE field, else its last change. */
  updatedAt?: string;
  /** Its first image. */
  image?: MediaModel;
  excerpt?: string;
  /** `en` when the excerpt is en's on a page of another locale. */
  excerptLang?: typeof DEFAULT_LANG;
}

interface ContentsPagination {
  current: number;
  pages: number;
  /** The page's own address; `?page=N` is added for pages after the first. */
  base: string;
}

/** A `contents` block: the contents of a container as cards, each linking to its page, with links to the other pages. */
interface ContentsContent {
  title?: string;
  items: ContentsItem[];
  pagination?: ContentsPagination;
}

const CARD_SIZES = '(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, calc(100vw - 2.5rem)';

const pageHref = (pagination: ContentsPagination, page: number) => (page === 1 ? pagination.base : `${pagination.base}?page=${page}`);

/** Every page when they are few; else the first, the last and those around the current one, with gaps (null). */
export function pageNumbers(current: number, pages: number): (number | null)[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const shown = new Set([1, pages, current - 1, current, current + 1].filter((page) => page >= 1 && page <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const numbers: (number | null)[] = [];
  for (const page of sorted) {
    const previous = numbers[numbers.length - 1];
    if (typeof previous === 'number' && page - previous > 1) numbers.push(null);
    numbers.push(page);
  }
  return numbers;
}

function Pagination({ pagination, locale }: { pagination: ContentsPagination; locale: Lang }) {
  const m = messagesFor(locale).pagination;
  const { current, pages } = pagination;
  return (
    <nav className="pagination" aria-label={m.label}>
      {current > 1 ? (
        <a className="pagination__step" rel="prev" href={pageHref(pagination, current - 1)}>
          <span aria-hidden="true">←</span> {m.previous}
        </a>
      ) : (
        <span className="pagination__step" aria-hidden="true" />
      )}
      <ol className="pagination__pages">
        {pageNumbers(current, pages).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <a
                href={pageHref(pagination, page)}
                aria-current={page === current ? 'page' : undefined}
                aria-label={m.page.replace('{page}', String(page)).replace('{pages}', String(pages))}
              >
                {page}
              </a>
            </li>
          ),
        )}
      </ol>
      {current < pages ? (
        <a className="pagination__step" rel="next" href={pageHref(pagination, current + 1)}>
          {m.next} <span aria-hidden="true">→</span>
        </a>
      ) : (
        <span className="pagination__step" aria-hidden="true" />
      )}
    </nav>
  );
}

function ContentsSection({ content, Heading, headingId, context, eager }: BlockProps<ContentsContent>) {
  const m = messagesFor(context.locale);
  return (
    <div className="container">
      <SectionTitle Heading={Heading} id={headingId} title={content.title} />
      {content.items.length === 0 ? (
        <p className="contents__empty">{m.contents.empty}</p>
      ) : (
        <ul className="contents">
          {content.items.map((item, index) => {
            const date = item.updatedAt ? formatDate(item.updatedAt, context.locale) : undefined;
            return (
              <li className={`contents__item${item.href ? ' contents__item--link' : ''}${item.image ? ' contents__item--image' : ''}`} key={index}>
                {item.image && (
                  <div className="contents__thumb">
                    <MediaView media={item.image} sizes={CARD_SIZES} eager={eager && index < 3} downloadLabel={m.media.download} />
                  </div>
                )}
                <div className="contents__body">
                  <h3 className="contents__title">{item.href ? <a href={item.href}>{item.title}</a> : item.title}</h3>
                  {item.excerpt && (
                    <p className="contents__excerpt" lang={item.excerptLang}>
                      {item.excerpt}
                    </p>
                  )}
                  {date && item.updatedAt && (
                    <time className="contents__date" dateTime={item.updatedAt}>
                      {date}
                    </time>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {content.pagination && <Pagination pagination={content.pagination} locale={context.locale} />}
    </div>
  );
}

function readPagination(value: unknown): ContentsPagination | undefined {
  const raw = asContent(value);
  if (!raw) return undefined;
  const { current, pages } = raw;
  const base = safeHref(raw.base);
  if (!base || !base.startsWith('/') || typeof current !== 'number' || typeof pages !== 'number' || !Number.isInteger(current) || !Number.isInteger(pages))
    return undefined;
  if (pages < 2 || current < 1) return undefined;
  return { current, pages, base };
}

export const contentsBlock = defineBlock<ContentsContent>((raw) => {
  const items = readList(raw, 'items').flatMap((item): ContentsItem[] => {
    const title = readText(item, 'title');
    if (!title) return [];
    const image = readMedia(item.image);
    return [
      {
        title,
        href: safeHref(item.href),
        updatedAt: readText(item, 'updatedAt'),
        image: image?.mimeType.startsWith('image/') ? image : undefined,
        excerpt: readText(item, 'excerpt'),
        excerptLang: item.excerptLang === DEFAULT_LANG ? DEFAULT_LANG : undefined,
      },
    ];
  });
  return { title: readText(raw, 'title'), items, pagination: readPagination(raw.pagination) };
}, ContentsSection);

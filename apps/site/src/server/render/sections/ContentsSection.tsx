import type { Lang } from '@cms/contracts';
import { messagesFor } from '../../i18n/messages';
import { readList, readText, safeHref } from '../content';
import { defineBlock, type BlockProps } from './block';

export interface ContentsItem {
  title: string;
  /** The content's page, when it has a published one. */
  href?: string;
  /** ISO date-time of its last change. */
  updatedAt?: string;
}

/** A `contents` block: the contents of a container, each linking to its page. */
export interface ContentsContent {
  title?: string;
  items: ContentsItem[];
}

// Building a formatter costs about a millisecond: one per locale, kept.
const formatters = new Map<Lang, Intl.DateTimeFormat>();

/** Dates in UTC, so that the server and the browser write the same day. */
export function formatDate(iso: string, locale: Lang): string | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  let formatter = formatters.get(locale);
  if (!formatter) formatters.set(locale, (formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })));
  return formatter.format(date);
}

function ContentsSection({ content, Heading, headingId, context }: BlockProps<ContentsContent>) {
  const m = messagesFor(context.locale);
  return (
    <div className="container">
      {content.title && (
        <Heading id={headingId} className="section__title">
          {content.title}
        </Heading>
      )}
      {content.items.length === 0 ? (
        <p className="contents__empty">{m.contents.empty}</p>
      ) : (
        <ul className="contents">
          {content.items.map((item, index) => {
            const date = item.updatedAt ? formatDate(item.updatedAt, context.locale) : undefined;
            return (
              <li className={`contents__item${item.href ? ' contents__item--link' : ''}`} key={index}>
                <h3 className="contents__title">{item.href ? <a href={item.href}>{item.title}</a> : item.title}</h3>
                {date && item.updatedAt && (
                  <time className="contents__date" dateTime={item.updatedAt}>
                    {date}
                  </time>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export const contentsBlock = defineBlock<ContentsContent>((raw) => {
  const items = readList(raw, 'items').flatMap((item) => {
    const title = readText(item, 'title');
    return title ? [{ title, href: safeHref(item.href), updatedAt: readText(item, 'updatedAt') }] : [];
  });
  return { title: readText(raw, 'title'), items };
}, ContentsSection);

import { COLOR_PATTERN, ContainerFieldType, DEFAULT_LANG, isLocation, type Lang, mediaUrl, safeHref } from '@cms/contracts';
import type { ReactNode } from 'react';
import { messagesFor, type Messages } from '../../i18n/messages';
import type { FieldModel, FieldValueModel } from '../../pages/content-fields';
import { readList, readText, type Content } from '../content';
import { formatCoordinate, formatDate, formatNumber, formatSize, formatTimeOrDateTime } from '../format';
import { MediaView, readMedia, type MediaModel } from '../media';
import { sanitizeRichText } from '../rich-text';
import { defineBlock, type BlockProps } from './block';

/** What the site draws of a content's own page: its title and date, then its fields in the container's order. */
interface ContentFieldsContent {
  /** Absent on the fields that follow the page's sections (`continued`): the title stands above the first part. */
  title?: string;
  updatedAt?: string;
  fields: ReadyField[];
  /** The fields after the page's sections, where the container puts the sections among them. */
  continued?: boolean;
  /** The content's date field (its first single DATE, over both parts): shown under the title, not among the fields. */
  dateField?: string;
  date?: string;
}

/** A field whose values went through the site's checks: media read, rich text sanitised, links made safe. */
type ReadyValue =
  | Exclude<FieldValueModel, { kind: 'media' } | { kind: 'link' } | { kind: 'content' }>
  | { kind: 'media'; media: MediaModel }
  | { kind: 'link'; href: string }
  | { kind: 'content'; title: string; href?: string };

interface ReadyField extends Omit<FieldModel, 'values'> {
  values: ReadyValue[];
}

const TYPES = new Set<string>(Object.values(ContainerFieldType));

function readValue(raw: Content): ReadyValue | null {
  switch (raw.kind) {
    case 'text':
      return typeof raw.text === 'string' ? { kind: 'text', text: raw.text } : null;
    case 'html': {
      const html = typeof raw.html === 'string' ? sanitizeRichText(raw.html) : '';
      return html.trim() === '' ? null : { kind: 'html', html };
    }
    case 'media': {
      const media = readMedia(raw.media);
      return media ? { kind: 'media', media } : null;
    }
    case 'date':
      return typeof raw.iso === 'string' ? { kind: 'date', iso: raw.iso } : null;
    case 'number':
      return typeof raw.value === 'number' && Number.isFinite(raw.value) ? { kind: 'number', value: raw.value } : null;
    case 'boolean':
      return typeof raw.value === 'boolean' ? { kind: 'boolean', value: raw.value } : null;
    case 'color':
      return typeof raw.value === 'string' && COLOR_PATTERN.test(raw.value) ? { kind: 'color', value: raw.value } : null;
    case 'link': {
      const href = safeHref(raw.href);
      return href ? { kind: 'link', href } : null;
    }
    case 'location':
      return isLocation(raw) ? { kind: 'location', lat: raw.lat, lng: raw.lng } : null;
    case 'content':
      return typeof raw.title === 'string' ? { kind: 'content', title: raw.title, href: safeHref(raw.href) } : null;
    case 'option':
      return typeof raw.label === 'string' ? { kind: 'option', label: raw.label } : null;
    case 'timerange':
      return typeof raw.start === 'string' && typeof raw.end === 'string' ? { kind: 'timerange', start: raw.start, end: raw.end } : null;
    default:
      return null;
  }
}

function readField(raw: Content): ReadyField | null {
  const name = readText(raw, 'name');
  const type = readText(raw, 'type');
  if (!name || !type || !TYPES.has(type)) return null;
  const values = readList(raw, 'values')
    .map(readValue)
    .filter((value): value is ReadyValue => value !== null);
  if (values.length === 0) return null;
  return {
    name,
    label: readText(raw, 'label') ?? name,
    type: type as ContainerFieldType,
    multiple: raw.multiple === true,
    fallback: raw.fallback === true,
    values,
  };
}

/** Fields that read as the body of the page; the others are facts, drawn as a labelled list. */
const PROSE_TYPES = new Set<ContainerFieldType>([
  ContainerFieldType.STRING,
  ContainerFieldType.PARAGRAPH,
  ContainerFieldType.RICHTEXT,
  ContainerFieldType.IMAGE,
  ContainerFieldType.VIDEO,
]);

const IMAGE_SIZES = '(min-width: 48rem) 46rem, calc(100vw - 2.5rem)';

/** Only coordinates reach the URL, as numbers. */
function mapHref(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
}

interface ValueContext {
  locale: Lang;
  m: Messages;
  /** Whether this image is the first of the page's fold (loads at once). */
  eagerImage: () => boolean;
  poster?: MediaModel;
}

function Value({ value, type, ctx }: { value: ReadyValue; type: ContainerFieldType; ctx: ValueContext }): ReactNode {
  const { locale, m } = ctx;
  switch (value.kind) {
    case 'text':
      return type === ContainerFieldType.PARAGRAPH ? <p className="entry__paragraph">{value.text}</p> : <p className="entry__lead">{value.text}</p>;
    case 'html':
      return <div className="prose" dangerouslySetInnerHTML={{ __html: value.html }} />;
    case 'media': {
      const { media } = value;
      if (type === ContainerFieldType.FILE || (!media.mimeType.startsWith('image/') && !media.mimeType.startsWith('video/'))) {
        const name = media.name ?? media.alt ?? m.media.download;
        const label = m.fields.file.replace('{name}', name).replace('{size}', media.size !== undefined ? formatSize(media.size, locale) : '—');
        return (
          <a className="entry__file" href={mediaUrl(media.uri)} download={media.name ?? true}>
            {label}
          </a>
        );
      }
      return (
        <figure className="entry__media">
          <MediaView
            media={media}
            sizes={IMAGE_SIZES}
            eager={media.mimeType.startsWith('image/') && ctx.eagerImage()}
            downloadLabel={m.media.download}
            poster={ctx.poster}
          />
        </figure>
      );
    }
    case 'date': {
      const text = formatDate(value.iso, locale);
      return text ? <time dateTime={value.iso}>{text}</time> : null;
    }
    case 'number':
      return <data value={String(value.value)}>{formatNumber(value.value, locale)}</data>;
    case 'boolean':
      return <span className={`entry__bool entry__bool--${value.value}`}>{value.value ? m.fields.yes : m.fields.no}</span>;
    case 'color':
      return (
        <span className="entry__color">
          <span className="swatch" style={{ backgroundColor: value.value }} aria-hidden="true" />
          <code>{value.value.toUpperCase()}</code>
        </span>
      );
    case 'link': {
      const external = /^https?:/i.test(value.href);
      return (
        <a href={value.href} rel={external ? 'noopener noreferrer' : undefined}>
          {value.href.replace(/^(https?:|mailto:|tel:)(\/\/)?/i, '')}
        </a>
      );
    }
    case 'location':
      return (
        <span className="entry__location">
          <span>
            {formatCoordinate(value.lat, locale)}, {formatCoordinate(value.lng, locale)}
          </span>{' '}
          <a href={mapHref(value.lat, value.lng)} rel="noopener noreferrer">
            {m.fields.map}
          </a>
        </span>
      );
    case 'content':
      return value.href ? <a href={value.href}>{value.title}</a> : <span>{value.title}</span>;
    case 'option':
      return <span className="entry__option">{value.label}</span>;
    case 'timerange': {
      const start = formatTimeOrDateTime(value.start, locale);
      const end = formatTimeOrDateTime(value.end, locale);
      if (!start || !end) return null;
      return (
        <span className="entry__range">
          <time dateTime={value.start}>{start}</time> – <time dateTime={value.end}>{end}</time>
        </span>
      );
    }
  }
}

function Values({ field, ctx }: { field: ReadyField; ctx: ValueContext }) {
  if (!field.multiple) return <Value value={field.values[0]} type={field.type} ctx={ctx} />;
  const gallery = field.type === ContainerFieldType.IMAGE || field.type === ContainerFieldType.VIDEO;
  return (
    <ul className={gallery ? 'entry__gallery' : 'entry__list'}>
      {field.values.map((value, index) => (
        <li key={index}>
          <Value value={value} type={field.type} ctx={ctx} />
        </li>
      ))}
    </ul>
  );
}

function ContentFieldsSection({ content, Heading, headingId, context, eager }: BlockProps<ContentFieldsContent>) {
  const { locale } = context;
  const m = messagesFor(locale);
  let images = 0;
  const poster = content.fields.find((field) => field.type === ContainerFieldType.IMAGE)?.values[0];
  const ctx: ValueContext = {
    locale,
    m,
    eagerImage: () => eager && images++ === 0,
    poster: poster?.kind === 'media' ? poster.media : undefined,
  };
  // en's values on a page of another locale say so, for screen readers and hyphenation.
  const langOf = (field: ReadyField) => (field.fallback && locale !== DEFAULT_LANG ? DEFAULT_LANG : undefined);
  // The content's first date is its date, shown under its title (as on its card); else its last change.
  const dated = content.date ?? content.updatedAt;
  const date = dated ? formatDate(dated, locale) : undefined;

  // Consecutive facts share one list; prose fields stand alone, in the container's order.
  const groups: { prose: boolean; fields: ReadyField[] }[] = [];
  for (const field of content.fields) {
    if (field.name === content.dateField) continue;
    const prose = PROSE_TYPES.has(field.type);
    const last = groups[groups.length - 1];
    if (last && !prose && !last.prose) last.fields.push(field);
    else groups.push({ prose, fields: [field] });
  }

  return (
    <article className={content.continued ? 'container entry entry--continued' : 'container entry'}>
      {content.title !== undefined && (
        <header className="entry__header">
          <Heading id={headingId} className="entry__title">
            {content.title}
          </Heading>
          {date && dated && (
            <time className="entry__date" dateTime={dated}>
              {date}
            </time>
          )}
        </header>
      )}
      {groups.map((group, index) =>
        group.prose ? (
          group.fields.map((field) => (
            <div key={field.name} className={`entry__field entry__field--${field.type.toLowerCase()}`} data-field={field.name} lang={langOf(field)}>
              <Values field={field} ctx={ctx} />
            </div>
          ))
        ) : (
          <dl key={`facts-${index}`} className="entry__facts">
            {group.fields.map((field) => (
              <div key={field.name} className={`entry__fact entry__field--${field.type.toLowerCase()}`} data-field={field.name}>
                <dt>{field.label}</dt>
                <dd lang={langOf(field)}>
                  <Values field={field} ctx={ctx} />
                </dd>
              </div>
            ))}
          </dl>
        ),
      )}
    </article>
  );
}

export const contentFieldsBlock = defineBlock<ContentFieldsContent>((raw) => {
  const title = readText(raw, 'title');
  const continued = raw.continued === true;
  if (!title && !continued) return null;
  const fields = readList(raw, 'fields')
    .map(readField)
    .filter((field): field is ReadyField => field !== null);
  const dates = { updatedAt: readText(raw, 'updatedAt'), dateField: readText(raw, 'dateField'), date: readText(raw, 'date') };
  if (continued) return fields.some((field) => field.name !== dates.dateField) ? { ...dates, fields, continued } : null;
  return { title, ...dates, fields };
}, ContentFieldsSection);

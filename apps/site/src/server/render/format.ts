import type { Lang } from '@cms/contracts';

/*
 * Dates, numbers and sizes in the page's locale. Building an Intl formatter costs about a
 * millisecond: one of each kind per locale is kept. Dates and times are written in UTC, so that
 * the server and the browser write the same day.
 */

function memo<F>(make: (locale: Lang) => F): (locale: Lang) => F {
  const kept = new Map<Lang, F>();
  return (locale) => {
    let formatter = kept.get(locale);
    if (!formatter) kept.set(locale, (formatter = make(locale)));
    return formatter;
  };
}

const dateFormat = memo((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }));
const dateTimeFormat = memo((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }));
const timeFormat = memo((locale) => new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }));
const numberFormat = memo((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }));
const coordinateFormat = memo((locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 4, maximumFractionDigits: 6 }));
const sizeFormats = {
  byte: memo((locale) => new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'short' })),
  kilobyte: memo((locale) => new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', unitDisplay: 'short', maximumFractionDigits: 0 })),
  megabyte: memo((locale) => new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 1 })),
  gigabyte: memo((locale) => new Intl.NumberFormat(locale, { style: 'unit', unit: 'gigabyte', unitDisplay: 'short', maximumFractionDigits: 1 })),
};

export function formatDate(iso: string, locale: Lang): string | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : dateFormat(locale).format(date);
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** A time of day (`09:30`) or an ISO date-time, as the TIMERANGE field stores them. */
export function formatTimeOrDateTime(value: string, locale: Lang): string | undefined {
  const time = TIME.exec(value);
  if (time) return timeFormat(locale).format(Date.UTC(1970, 0, 1, Number(time[1]), Number(time[2]), Number(time[3] ?? 0)));
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : dateTimeFormat(locale).format(date);
}

export function formatNumber(value: number, locale: Lang): string {
  return numberFormat(locale).format(value);
}

export function formatCoordinate(value: number, locale: Lang): string {
  return coordinateFormat(locale).format(value);
}

export function formatSize(bytes: number, locale: Lang): string {
  if (bytes < 1000) return sizeFormats.byte(locale).format(bytes);
  if (bytes < 1e6) return sizeFormats.kilobyte(locale).format(bytes / 1e3);
  if (bytes < 1e9) return sizeFormats.megabyte(locale).format(bytes / 1e6);
  return sizeFormats.gigabyte(locale).format(bytes / 1e9);
}

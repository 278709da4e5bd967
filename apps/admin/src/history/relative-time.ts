/** Moments in the reader's back-office language: "2 hours ago" for lists, the full local time for tooltips. */

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "2 hours ago", "yesterday", "now" (or "in 3 minutes" for a clock ahead of ours), in `uiLocale`. */
export function relativeTime(iso: string, uiLocale: string, now: number = Date.now()): string {
  const moment = Date.parse(iso);
  if (Number.isNaN(moment)) return iso;
  const seconds = Math.round((moment - now) / 1000);
  const format = new Intl.RelativeTimeFormat(uiLocale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  // Under a minute: "now" rather than a count of seconds that is stale as soon as it is read.
  return format.format(0, 'second');
}

/** The whole moment, in the reader's language and time zone, for a tooltip. */
export function fullTime(iso: string, uiLocale: string, timeZone?: string): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return iso;
  return new Intl.DateTimeFormat(uiLocale, { dateStyle: 'full', timeStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(moment);
}

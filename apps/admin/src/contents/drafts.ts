import { contentStateOf, type ContentState, type ContentSummary } from '@cms/contracts';

/**
 * The pure side of drafts, schedules and the status chip: what the chip says, how a schedule typed
 * in the editor's time zone goes to the API (ISO, UTC) and comes back, how a failed action is told.
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A catalog key and its arguments, translated where it is shown. */
export interface Message {
  key: string;
  args?: Record<string, unknown>;
}

export type StateFields = Pick<ContentSummary, 'published' | 'hasDraft' | 'publishAt' | 'unpublishAt'>;

export const STATE_KEYS: Record<ContentState, string> = {
  draft: 'cms.drafts.state.draft',
  published: 'cms.drafts.state.published',
  changed: 'cms.drafts.state.changed',
  scheduled: 'cms.drafts.state.scheduled',
};

/** The list filter's choices: the four states, by their chip's words. */
export const STATE_CHOICES = (Object.keys(STATE_KEYS) as ContentState[]).map((state) => ({ id: state, name: `cms.drafts.filter.${state}` }));

/** The editor's time zone, as the browser knows it (`Europe/Paris`); undefined when it does not say. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** A moment written in the interface language, in the editor's zone (or the one given), with the zone's short name. */
export function formatMoment(iso: string, uiLocale: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' };
  try {
    return new Intl.DateTimeFormat(uiLocale, timeZone ? { ...options, timeZone } : options).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(date);
  }
}

/** What the status chip says: the state (with its date when scheduled), and when the page will be taken off. */
export function describeState(content: StateFields, uiLocale: string, timeZone?: string): { state: ContentState; label: Message; unpublish: Message | null } {
  const state = contentStateOf(content);
  const label: Message =
    state === 'scheduled' && content.publishAt
      ? { key: STATE_KEYS.scheduled, args: { date: formatMoment(content.publishAt, uiLocale, timeZone) } }
      : { key: STATE_KEYS[state] };
  const unpublish = content.unpublishAt ? { key: 'cms.drafts.state.unpublishes', args: { date: formatMoment(content.unpublishAt, uiLocale, timeZone) } } : null;
  return { state, label, unpublish };
}

/** The Publish button's words: "Publish changes" when a live page has a draft waiting. */
export function publishLabelKey(content: Pick<StateFields, 'published' | 'hasDraft'>): string {
  return content.published && content.hasDraft ? 'cms.drafts.publish_changes' : 'cms.drafts.publish';
}

const pad = (value: number) => String(value).padStart(2, '0');

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock of a moment in a time zone (the process's own when none is given or it is unknown). */
function wallClockOf(date: Date, timeZone?: string): WallClock {
  if (timeZone) {
    try {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }).formatToParts(date);
      const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value);
      return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour') % 24, minute: part('minute'), second: part('second') };
    } catch {
      // An unknown zone: the process's own below.
    }
  }
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
  };
}

const asUtc = (clock: WallClock) => Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);

/**
 * An ISO moment as a `datetime-local` input shows it, in the editor's time zone (the browser's
 * when none is given), to the minute (`2026-11-27T09:00`); '' for none.
 */
export function toLocalInput(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const clock = wallClockOf(date, timeZone);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}

/**
 * A `datetime-local` value, read in the editor's time zone (the browser's when none is given), as
 * the API takes it: ISO in UTC; null for none or nonsense. A wall-clock time skipped by a summer
 * time change lands just after it.
 */
export function fromLocalInput(local: string | null | undefined, timeZone?: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec((local ?? '').trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(wall)) return null;
  // The zone's offset at the moment guessed, then again at the moment found (they differ across a change of offset).
  const offsetAt = (moment: number) => asUtc(wallClockOf(new Date(moment), timeZone)) - Math.floor(moment / 1000) * 1000;
  const first = wall - offsetAt(wall);
  const moment = wall - offsetAt(first);
  return Number.isNaN(moment) ? null : new Date(moment).toISOString();
}

/**
 * The body of the PUT that sets a schedule: only the times the dialog changed, so that an unchanged
 * time (kept to the second by the API, shown to the minute) is not sent back rounded.
 */
export function scheduleBody(
  current: Pick<StateFields, 'publishAt' | 'unpublishAt'>,
  typed: { publishAt: string; unpublishAt: string },
  timeZone?: string,
): { publishAt?: string | null; unpublishAt?: string | null } {
  const body: { publishAt?: string | null; unpublishAt?: string | null } = {};
  for (const field of ['publishAt', 'unpublishAt'] as const) {
    if (typed[field] === toLocalInput(current[field], timeZone)) continue;
    body[field] = fromLocalInput(typed[field], timeZone);
  }
  return body;
}

/** A schedule's check before it is sent: each time in the future, the unpublish after the publish. */
export function scheduleProblem(typed: { publishAt: string; unpublishAt: string }, timeZone?: string, now: number = Date.now()): Message | null {
  const publishAt = fromLocalInput(typed.publishAt, timeZone);
  const unpublishAt = fromLocalInput(typed.unpublishAt, timeZone);
  if (typed.publishAt.trim() && !publishAt) return { key: 'cms.drafts.schedule_invalid' };
  if (typed.unpublishAt.trim() && !unpublishAt) return { key: 'cms.drafts.schedule_invalid' };
  if ((publishAt && Date.parse(publishAt) <= now) || (unpublishAt && Date.parse(unpublishAt) <= now)) return { key: 'cms.drafts.schedule_past' };
  if (publishAt && unpublishAt && Date.parse(unpublishAt) <= Date.parse(publishAt)) return { key: 'cms.drafts.schedule_order' };
  return null;
}

const FIELD_LABELS: Record<string, string> = { publishAt: 'cms.drafts.publish_at', unpublishAt: 'cms.drafts.unpublish_at' };

/**
 * A failed action as the toast tells it. The HTTP client already put the API's words in the
 * error's message and its `errors` (one message per field) in its body: each field is named in
 * the reader's language where the back office knows it. `conflict` words a 409 the action expects.
 */
export function actionErrorMessage(error: unknown, translate: Translate, conflict?: string): string {
  const { status, body, message } = (error ?? {}) as { status?: unknown; body?: unknown; message?: unknown };
  if (status === 409 && conflict) return translate(conflict);
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    const parts = Object.entries(errors as Record<string, unknown>).map(([field, text]) => {
      const words = Array.isArray(text) ? text.map(String).join('. ') : String(text);
      return translate('cms.drafts.field_error', { field: FIELD_LABELS[field] ? translate(FIELD_LABELS[field]) : field, message: words });
    });
    if (parts.length > 0) return parts.join(' · ');
  }
  return typeof message === 'string' && message ? message : translate('cms.drafts.action_failed');
}

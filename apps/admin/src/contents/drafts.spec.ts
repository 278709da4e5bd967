import polyglotI18nProvider from 'ra-i18n-polyglot';
import en from '../i18n/en';
import fr from '../i18n/fr';
import { containerWrites } from '../containers/container-writes';
/** What the HTTP client throws (react-admin's HttpError: message, status, body), without loading react-admin. */
function httpError(message: string, status: number, body: unknown) {
  return Object.assign(new Error(message), { status, body });
}

import {
  actionErrorMessage,
  describeState,
  formatMoment,
  fromLocalInput,
  publishLabelKey,
  scheduleBody,
  scheduleProblem,
  STATE_CHOICES,
  toLocalInput,
} from './drafts';

const english = polyglotI18nProvider(() => en, 'en').translate;
const french = polyglotI18nProvider(() => fr, 'fr').translate;

/** ICU writes narrow or no-break spaces in dates, depending on its version. */
const spaced = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

const live = { published: true, hasDraft: false, publishAt: null, unpublishAt: null };

describe('the schedule between the date-time inputs and the API', () => {
  // The editor's time zone: one that is not UTC and has summer time.
  const paris = 'Europe/Paris';

  it('shows an ISO time in local time, to the minute, in winter and in summer', () => {
    expect(toLocalInput('2026-11-27T08:00:00.000Z', paris)).toBe('2026-11-27T09:00');
    expect(toLocalInput('2026-07-01T07:30:59Z', paris)).toBe('2026-07-01T09:30');
    expect(toLocalInput('2026-07-01T07:30:59Z', 'America/New_York')).toBe('2026-07-01T03:30');
    expect(toLocalInput(null, paris)).toBe('');
    expect(toLocalInput('soon', paris)).toBe('');
  });

  it('sends a local time as ISO in UTC', () => {
    expect(fromLocalInput('2026-11-27T09:00', paris)).toBe('2026-11-27T08:00:00.000Z');
    expect(fromLocalInput('2026-07-01T09:30', paris)).toBe('2026-07-01T07:30:00.000Z');
    expect(fromLocalInput('2026-07-01T09:30:15', paris)).toBe('2026-07-01T07:30:15.000Z');
    expect(fromLocalInput('2026-12-31T23:30', 'Asia/Kolkata')).toBe('2026-12-31T18:00:00.000Z');
    expect(fromLocalInput('', paris)).toBeNull();
    expect(fromLocalInput('2026-07-01', paris)).toBeNull();
  });

  it('crosses the changes of summer time', () => {
    // The night the clocks go back (03:00 to 02:00 on 25 October 2026): 01:30 is still summer time.
    expect(fromLocalInput('2026-10-25T01:30', paris)).toBe('2026-10-24T23:30:00.000Z');
    expect(fromLocalInput('2026-10-25T04:00', paris)).toBe('2026-10-25T03:00:00.000Z');
    // The night they go forward (02:00 to 03:00 on 29 March 2026).
    expect(fromLocalInput('2026-03-29T03:30', paris)).toBe('2026-03-29T01:30:00.000Z');
    expect(fromLocalInput('2026-03-29T01:30', paris)).toBe('2026-03-29T00:30:00.000Z');
  });

  it('goes back and forth without drifting, in a zone given or the process own', () => {
    for (const typed of ['2027-03-28T03:15', '2026-06-15T12:00', '2026-12-01T00:00']) {
      expect(toLocalInput(fromLocalInput(typed, paris), paris)).toBe(typed);
      expect(toLocalInput(fromLocalInput(typed))).toBe(typed);
      expect(toLocalInput(fromLocalInput(typed, 'Nowhere/Unknown'), 'Nowhere/Unknown')).toBe(typed);
    }
  });

  it('sends only the times the dialog changed, null for a cleared one', () => {
    const current = { publishAt: '2026-11-27T08:00:27.123Z', unpublishAt: '2026-12-01T08:00:00.000Z' };
    expect(scheduleBody(current, { publishAt: '2026-11-27T09:00', unpublishAt: '2026-12-01T09:00' }, paris)).toEqual({});
    expect(scheduleBody(current, { publishAt: '2026-11-27T10:00', unpublishAt: '' }, paris)).toEqual({
      publishAt: '2026-11-27T09:00:00.000Z',
      unpublishAt: null,
    });
    expect(scheduleBody({ publishAt: null, unpublishAt: null }, { publishAt: '', unpublishAt: '2027-01-01T00:00' }, paris)).toEqual({
      unpublishAt: '2026-12-31T23:00:00.000Z',
    });
  });

  it('refuses times in the past, half-typed ones, and an unpublish before the publish', () => {
    const now = Date.parse('2026-11-27T08:00:00Z');
    expect(scheduleProblem({ publishAt: '2026-11-27T10:00', unpublishAt: '' }, paris, now)).toBeNull();
    expect(scheduleProblem({ publishAt: '', unpublishAt: '' }, paris, now)).toBeNull();
    expect(scheduleProblem({ publishAt: '2026-11-27T08:59', unpublishAt: '' }, paris, now)).toEqual({ key: 'cms.drafts.schedule_past' });
    expect(scheduleProblem({ publishAt: '2026-11-27', unpublishAt: '' }, paris, now)).toEqual({ key: 'cms.drafts.schedule_invalid' });
    expect(scheduleProblem({ publishAt: '2026-11-28T10:00', unpublishAt: '2026-11-28T09:00' }, paris, now)).toEqual({ key: 'cms.drafts.schedule_order' });
  });
});

describe('the status chip', () => {
  it('says draft, published or changed from the flags', () => {
    expect(describeState({ ...live, published: false }, 'en').label).toEqual({ key: 'cms.drafts.state.draft' });
    expect(describeState(live, 'en').label).toEqual({ key: 'cms.drafts.state.published' });
    expect(describeState({ ...live, hasDraft: true }, 'en').label).toEqual({ key: 'cms.drafts.state.changed' });
    expect(describeState(live, 'en').unpublish).toBeNull();
  });

  it('says when a scheduled content will be published, in the reader language and zone', () => {
    const { state, label } = describeState({ ...live, published: false, publishAt: '2026-11-27T08:00:00Z' }, 'en', 'Europe/Paris');
    expect(state).toBe('scheduled');
    expect(spaced(english(label.key, label.args))).toBe('Scheduled for Nov 27, 2026, 09:00 AM GMT+1');
    const inFrench = describeState({ ...live, publishAt: '2026-11-27T08:00:00Z' }, 'fr', 'Europe/Paris').label;
    expect(spaced(french(inFrench.key, inFrench.args))).toBe('Programmé le 27 nov. 2026, 09:00 UTC+1');
  });

  it('adds when the page will be unpublished', () => {
    const { state, unpublish } = describeState({ ...live, unpublishAt: '2026-12-01T17:30:00Z' }, 'en', 'America/New_York');
    expect(state).toBe('published');
    expect(spaced(unpublish ? english(unpublish.key, unpublish.args) : '')).toBe('Unpublishes Dec 1, 2026, 12:30 PM EST');
  });

  it('writes a date in the zone asked for', () => {
    expect(spaced(formatMoment('2026-07-01T07:30:00Z', 'en', 'UTC'))).toBe('Jul 1, 2026, 07:30 AM UTC');
    expect(formatMoment('not a date', 'en')).toBe('not a date');
  });

  it('offers the four states as list filters', () => {
    expect(STATE_CHOICES.map((choice) => choice.id)).toEqual(['draft', 'published', 'changed', 'scheduled']);
    expect(STATE_CHOICES.map((choice) => english(choice.name))).toEqual(['Draft', 'Published', 'Changed since publishing', 'Scheduled']);
  });
});

describe('the publish button', () => {
  it('says "Publish changes" when a live page has a draft waiting', () => {
    expect(publishLabelKey({ published: true, hasDraft: true })).toBe('cms.drafts.publish_changes');
    expect(publishLabelKey({ published: false, hasDraft: true })).toBe('cms.drafts.publish');
    expect(publishLabelKey({ published: true, hasDraft: false })).toBe('cms.drafts.publish');
  });
});

describe('a failed action in the toast', () => {
  it('names the schedule field the API refused, in the reader language', () => {
    const error = httpError('Invalid input. publishAt: must be in the future', 400, { errors: { publishAt: 'must be in the future' } });
    expect(actionErrorMessage(error, french)).toBe('Publier le : must be in the future');
    const lists = httpError('Invalid input', 400, { errors: { unpublishAt: ['must be in the future'], other: ['bad'] } });
    expect(actionErrorMessage(lists, english)).toBe('Unpublish at: must be in the future · other: bad');
  });

  it("says a 409 in the back office's words when the action expects one, else the API's", () => {
    const conflict = httpError('There is no draft', 409, { message: 'There is no draft' });
    expect(actionErrorMessage(conflict, english, 'cms.drafts.no_draft')).toBe('There is no draft to discard.');
    expect(actionErrorMessage(conflict, english)).toBe('There is no draft');
    expect(actionErrorMessage(undefined, english)).toBe('The action failed.');
  });
});

describe('the drafts switch of a container', () => {
  it('is sent on create, and on update when it changed', () => {
    expect(containerWrites.create?.({ title: 'Blog', drafts: true })).toEqual({ title: 'Blog', drafts: true });
    expect(containerWrites.update?.({ title: 'Blog', drafts: false }, { title: 'Blog', drafts: true })).toEqual({ drafts: false });
    expect(containerWrites.update?.({ title: 'Blog', drafts: true }, { title: 'Blog', drafts: true })).toEqual({});
  });
});

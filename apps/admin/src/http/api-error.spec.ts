import polyglotI18nProvider from 'ra-i18n-polyglot';
import en from '../i18n/en';
import tr from '../i18n/tr';
import { errorMessageFromBody, formatWait, retryAfterSeconds } from './api-error';

describe('API errors', () => {
  it("uses the API's message", () => {
    expect(errorMessageFromBody({ statusCode: 401, message: 'Invalid e-mail or password' }, 'Unauthorized')).toBe('Invalid e-mail or password');
  });

  it('joins a list of validation messages', () => {
    expect(errorMessageFromBody({ statusCode: 400, message: ['name is empty', 'email is invalid'] }, 'Bad Request')).toBe('name is empty. email is invalid');
  });

  it('falls back when the body has no message', () => {
    expect(errorMessageFromBody(undefined, 'Bad Gateway')).toBe('Bad Gateway');
    expect(errorMessageFromBody({ message: '' }, 'Bad Gateway')).toBe('Bad Gateway');
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterSeconds('30')).toBe(30);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(60);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
  });

  it('says how long to wait in words, in the reader language', () => {
    const english = polyglotI18nProvider(() => en, 'en').translate;
    expect(formatWait(1, english)).toBe('1 second');
    expect(formatWait(42, english)).toBe('42 seconds');
    expect(formatWait(61, english)).toBe('2 minutes');
    const turkish = polyglotI18nProvider(() => tr, 'tr').translate;
    expect(formatWait(42, turkish)).toBe('42 saniye');
  });
});

import { fullTime, relativeTime } from './relative-time';

describe('relative times', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');

  it('says how long ago, in the unit a person would use', () => {
    expect(relativeTime('2026-11-27T11:58:00Z', 'en', now)).toBe('2 minutes ago');
    expect(relativeTime('2026-11-27T10:00:00Z', 'en', now)).toBe('2 hours ago');
    expect(relativeTime('2026-11-26T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(relativeTime('2026-11-13T12:00:00Z', 'en', now)).toBe('2 weeks ago');
    expect(relativeTime('2025-11-27T12:00:00Z', 'en', now)).toBe('last year');
  });

  it('says "now" under a minute rather than counting seconds', () => {
    expect(relativeTime('2026-11-27T11:59:40Z', 'en', now)).toBe('now');
    expect(relativeTime('2026-11-27T12:00:10Z', 'en', now)).toBe('now');
  });

  it("speaks the back office's language", () => {
    expect(relativeTime('2026-11-27T10:00:00Z', 'fr', now)).toBe('il y a 2 heures');
    expect(relativeTime('2026-11-27T11:57:00Z', 'es', now)).toBe('hace 3 minutos');
    expect(relativeTime('2026-11-27T10:00:00Z', 'it', now)).toBe('2 ore fa');
    expect(relativeTime('2026-11-27T10:00:00Z', 'tr', now)).toBe('2 saat önce');
  });

  it('gives back what it cannot read', () => {
    expect(relativeTime('soon', 'en', now)).toBe('soon');
    expect(fullTime('soon', 'en')).toBe('soon');
  });

  it('writes the whole moment in the given zone', () => {
    // The words between date and time vary with the ICU version: the parts are checked.
    const paris = fullTime('2026-11-27T12:00:00Z', 'en', 'Europe/Paris');
    expect(paris).toContain('Friday, November 27, 2026');
    expect(paris).toContain('1:00:00 PM');
    const french = fullTime('2026-11-27T12:00:00Z', 'fr', 'UTC');
    expect(french).toContain('vendredi 27 novembre 2026');
    expect(french).toContain('12:00:00');
  });
});

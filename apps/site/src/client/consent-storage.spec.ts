import { CONSENT_STORAGE_KEY, localStorageOf, readConsent, writeConsent } from './consent-storage';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('consent storage', () => {
  it('stores the key cookie-consent', () => {
    expect(CONSENT_STORAGE_KEY).toBe('cookie-consent');
  });

  it('reads back a written choice', () => {
    const storage = memoryStorage();
    expect(readConsent(storage)).toBeNull();
    expect(writeConsent(storage, 'declined')).toBe(true);
    expect(storage.values.get('cookie-consent')).toBe('declined');
    expect(readConsent(storage)).toBe('declined');
  });

  it('ignores values it did not write', () => {
    expect(readConsent(memoryStorage({ 'cookie-consent': 'maybe' }))).toBeNull();
  });

  it('survives storage that is missing or throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readConsent(null)).toBeNull();
    expect(readConsent(throwing)).toBeNull();
    expect(writeConsent(null, 'accepted')).toBe(false);
    expect(writeConsent(throwing, 'accepted')).toBe(false);
    const blocked = {
      get localStorage(): Storage {
        throw new Error('SecurityError');
      },
    };
    expect(localStorageOf(blocked)).toBeNull();
  });
});

import { SIGN_IN_REDIRECT_STORAGE_KEY } from '@cms/contracts';
import { forgetSignInDestination } from './sign-in-destination';

function storage(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('forgetSignInDestination', () => {
  it('clears the destination the back office remembered, and nothing else', () => {
    const sessionStorage = storage({ [SIGN_IN_REDIRECT_STORAGE_KEY]: '/admin/users', other: 'kept' });
    forgetSignInDestination({ sessionStorage });
    expect(sessionStorage.getItem(SIGN_IN_REDIRECT_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem('other')).toBe('kept');
  });

  it('uses the key the back office writes', () => {
    expect(SIGN_IN_REDIRECT_STORAGE_KEY).toBe('signInRedirect');
  });

  it('does not throw where storage is blocked', () => {
    const win = {
      get sessionStorage(): Storage {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    expect(() => forgetSignInDestination(win)).not.toThrow();
  });
});

import { isSessionRejected, shouldRetryProfile } from './auth-api';

const failure = (status: number) => Object.assign(new Error('failed'), { status });

describe('profile call retries', () => {
  it('stops at once when the API refuses the token with 403', () => {
    expect(isSessionRejected(failure(403))).toBe(true);
    expect(shouldRetryProfile(0, failure(403))).toBe(false);
  });

  it('retries any other failure three times', () => {
    expect(shouldRetryProfile(0, failure(500))).toBe(true);
    expect(shouldRetryProfile(2, failure(502))).toBe(true);
    expect(shouldRetryProfile(3, failure(500))).toBe(false);
    expect(shouldRetryProfile(0, new TypeError('network'))).toBe(true);
  });
});

import { etagOf, isNotModified, negotiateEncoding } from './negotiate';

describe('negotiateEncoding', () => {
  it('prefers the server order among accepted encodings', () => {
    expect(negotiateEncoding('gzip, deflate, br', ['br', 'gzip'])).toBe('br');
    expect(negotiateEncoding('gzip', ['br', 'gzip'])).toBe('gzip');
    expect(negotiateEncoding('GZIP;q=0.5', ['gzip'])).toBe('gzip');
  });

  it('honours q=0 and the wildcard', () => {
    expect(negotiateEncoding('br;q=0, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(negotiateEncoding('*', ['br', 'gzip'])).toBe('br');
    expect(negotiateEncoding('*;q=0, identity', ['gzip'])).toBeNull();
    expect(negotiateEncoding(undefined, ['gzip'])).toBeNull();
    expect(negotiateEncoding('identity', ['gzip'])).toBeNull();
  });
});

describe('conditional requests', () => {
  it('matches an ETag, weak or strong, in a list or as *', () => {
    const etag = etagOf('hello');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(isNotModified(etag, etag)).toBe(true);
    expect(isNotModified(`"x", W/${etag}`, etag)).toBe(true);
    expect(isNotModified('*', etag)).toBe(true);
    expect(isNotModified('"other"', etag)).toBe(false);
    expect(isNotModified(undefined, etag)).toBe(false);
  });
});

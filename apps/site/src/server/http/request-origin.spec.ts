import { requestOrigin } from './request-origin';

describe('requestOrigin', () => {
  it('builds the origin from Host and the connection', () => {
    expect(requestOrigin({ host: 'Example.test:3000' }, false)).toBe('http://example.test:3000');
    expect(requestOrigin({ host: 'example.test' }, true)).toBe('https://example.test');
    expect(requestOrigin({ host: '[::1]:3000' }, false)).toBe('http://[::1]:3000');
  });

  it('follows a proxy that terminated TLS', () => {
    expect(requestOrigin({ host: 'example.test', 'x-forwarded-proto': 'https, http' }, false)).toBe('https://example.test');
    expect(requestOrigin({ host: 'example.test', 'x-forwarded-proto': 'javascript' }, false)).toBe('http://example.test');
  });

  it('refuses hosts that are not host names', () => {
    expect(requestOrigin({}, false)).toBeNull();
    expect(requestOrigin({ host: 'a.test"><script>' }, false)).toBeNull();
    expect(requestOrigin({ host: 'user@a.test' }, false)).toBeNull();
    expect(requestOrigin({ host: 'a.test/x' }, false)).toBeNull();
  });
});

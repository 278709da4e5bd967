import { loopbackOrigin } from './loopback-origin';

describe('where the in-process site reaches the API', () => {
  it('uses loopback for wildcard addresses and the bound address otherwise', () => {
    expect(loopbackOrigin('0.0.0.0', 3000)).toBe('http://127.0.0.1:3000');
    expect(loopbackOrigin('::', 3000)).toBe('http://[::1]:3000');
    expect(loopbackOrigin('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
    expect(loopbackOrigin('::1', 8080)).toBe('http://[::1]:8080');
    expect(loopbackOrigin('10.0.0.5', 80)).toBe('http://10.0.0.5:80');
  });
});

import { ConfigError, loadConfig } from '../../src/config/app-config';

// Host header attacks: absolute links must name the site's configured address, never the Host a
// request claims. What the site renders with it is tested in apps/site (host-header.spec.ts) and
// against the running server in apps/e2e (site/host-header.e2e.ts); here, the setting itself.
describe('host header: PUBLIC_URL', () => {
  it('is the origin of the address given', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://www.example.com' }).publicUrl).toBe('https://www.example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://WWW.Example.com:8443/' }).publicUrl).toBe('https://www.example.com:8443');
    expect(loadConfig({}).publicUrl).toBeUndefined();
  });

  it.each([
    'www.example.com',
    'ftp://www.example.com',
    'https://www.example.com/cms',
    'https://user:pw@www.example.com',
    'https://www.example.com/?a=1',
    'javascript:alert(1)',
  ])('stops the start-up for PUBLIC_URL=%s, naming the variable', (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL/);
  });
});

describe('host header: ALLOWED_HOSTS', () => {
  it('defaults to the addresses the server answers on without a proxy', () => {
    expect(loadConfig({}).allowedHosts).toEqual(['localhost:3000', '127.0.0.1:3000', '[::1]:3000']);
    expect(loadConfig({ HOST: 'cms.internal', PORT: '8080' }).allowedHosts).toEqual(['cms.internal:8080', 'localhost:8080', '127.0.0.1:8080', '[::1]:8080']);
    expect(loadConfig({ HOST: '::1', PORT: '4000' }).allowedHosts).toEqual(['[::1]:4000', 'localhost:4000', '127.0.0.1:4000']);
  });

  it('reads a list of host names, with or without a port, in lower case', () => {
    expect(loadConfig({ ALLOWED_HOSTS: ' WWW.Example.com , example.com:8080,www.example.com' }).allowedHosts).toEqual(['www.example.com', 'example.com:8080']);
  });

  it.each(['evil.example/x', 'user@www.example.com', 'https://www.example.com', ' , '])(
    'stops the start-up for ALLOWED_HOSTS=%s, naming the variable',
    (value) => {
      expect(() => loadConfig({ ALLOWED_HOSTS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ALLOWED_HOSTS: value })).toThrow(/ALLOWED_HOSTS/);
    },
  );
});

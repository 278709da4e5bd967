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
